import { pictureParts } from './picture.ts';
import type { ResponsiveImage } from './responsive-image.ts';

/** A processed raster image as <picture>: AVIF and WebP sources, and the fallback <img>. */
export function Picture({
  image,
  alt,
  sizes,
}: {
  image: ResponsiveImage;
  alt: string;
  sizes?: string;
}) {
  const { sources, img } = pictureParts(image, alt, { sizes });
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      {/* alt repeated for the linter, which cannot see it in the spread; React writes it once. */}
      <img {...img} alt={img.alt} />
    </picture>
  );
}
