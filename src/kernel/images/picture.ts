import type { ImageVariant, ResponsiveImage } from './responsive-image.ts';

/** The prose column: full width on small screens, 44rem (--measure) from 64em up. */
const DEFAULT_SIZES = '(min-width: 64em) 44rem, 100vw';

/** The attributes of a <picture>'s parts: one description for React (Picture.tsx) and for Markdown (rehype-picture.ts). */
export interface PictureParts {
  sources: { type: 'image/avif' | 'image/webp'; srcSet: string; sizes: string }[];
  img: {
    src: string;
    width: number;
    height: number;
    alt: string;
    loading: 'lazy';
    decoding: 'async';
    title?: string;
  };
}

const srcSet = (variants: readonly ImageVariant[]) =>
  variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');

/**
 * AVIF first, then WebP, then the JPEG or PNG fallback for browsers without either. The <img>
 * carries the source's width and height, so the browser reserves the space before it loads.
 */
export function pictureParts(
  image: ResponsiveImage,
  alt: string,
  options: { sizes?: string; title?: string } = {},
): PictureParts {
  const sizes = options.sizes ?? DEFAULT_SIZES;
  return {
    // A format with no variants (a library photo's preview in the builder) has no <source>.
    sources: (
      [
        { type: 'image/avif', srcSet: srcSet(image.avif), sizes },
        { type: 'image/webp', srcSet: srcSet(image.webp), sizes },
      ] as const
    ).filter((source) => source.srcSet !== ''),
    img: {
      src: image.fallback.url,
      width: image.width,
      height: image.height,
      alt,
      loading: 'lazy',
      decoding: 'async',
      ...(options.title ? { title: options.title } : {}),
    },
  };
}
