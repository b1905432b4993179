// What the build made of an image, as pages and the block builder use it: each source image with
// its variants (made in the generator by src/generator/images/), and each branch's share card.

export type ImageFormat = 'avif' | 'webp' | 'jpeg' | 'png';

export interface ImageVariant {
  /** Output path, for example "assets/images/oven-960-3f2a1b9c0d.avif". */
  path: string;
  /** Root-relative URL of the output. */
  url: string;
  format: ImageFormat;
  width: number;
}

/** One source image and the files made from it. */
export interface ResponsiveImage {
  /** As content references it: "/images/oven.jpg". */
  src: string;
  /** The source file. */
  file: string;
  /** The source's displayed size (EXIF orientation applied): the <img> width and height. */
  width: number;
  height: number;
  avif: ImageVariant[];
  webp: ImageVariant[];
  /** JPEG, or PNG when the source has transparency, at a middle width. */
  fallback: ImageVariant;
  /** A media library photo's own alt text, used where content gives none. */
  alt?: string;
}

/**
 * A media library photo the build has not processed yet (no variants), drawn from `url`: the
 * builder's preview of it (a data: URL), or the proposals function's checks of a page, which
 * render the reference itself with the library's alt text.
 */
export const unprocessedImage = (
  src: string,
  url: string,
  size: { width: number; height: number },
  alt?: string,
): ResponsiveImage => ({
  src,
  file: '',
  width: size.width,
  height: size.height,
  avif: [],
  webp: [],
  fallback: { path: '', url, format: 'jpeg', width: size.width },
  ...(alt ? { alt } : {}),
});

/** The build's processed images, by the path content uses. */
export type ImageMap = ReadonlyMap<string, ResponsiveImage>;

/** A branch's Open Graph card: the picture shown when a page is shared. */
export interface OgImage {
  /** Output path, for example "assets/og/ardent-cleaning-3f2a1b9c0d.png". */
  path: string;
  /** Root-relative URL of the output. */
  url: string;
  width: number;
  height: number;
  type: 'image/png';
  alt: string;
}
