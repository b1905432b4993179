// The checks of image references that need no file: alt text present, and an address the site
// shows, a photo from content/images/ or the media library. Apart from the planning
// (responsive-images.ts, which reads files with sharp), so the block builder runs them on a draft
// in the browser.
import { excerpt, type ContentProblem, type ProblemCode } from '../errors/problems.ts';
import { LIBRARY_SCHEME, libraryPathOf } from '../wire/library-reference.ts';

/** Where content references raster images from: "/images/<file>" is content/images/<file>. */
const RASTER_PATH = /^\/images\/[\w./-]+\.(?:jpe?g|png|webp|avif)$/i;
export const RASTER_EXTENSION = /\.(?:jpe?g|png|webp|avif)$/i;

/** Where content refers to an image. */
export interface ImageReference {
  src: string;
  alt: string;
  /** The content file, as problems name it. */
  file: string;
  line: number;
  field?: string;
  /** Where a missing alt is reported, when not at `line` and `field`: "images.0.alt" in front matter. */
  altAt?: { line: number; field: string };
  /** Markdown `![alt](src)`, or an `images:` entry in front matter: only the messages differ. */
  from: 'markdown' | 'front-matter';
}

/** Whether a path is a raster image this stage processes. */
const isRasterImagePath = (src: string) => RASTER_PATH.test(src);

/** The message for a photo whose file is not there. */
export const noSuchImage = (shown: string) => `There is no file ${shown}.`;

/**
 * The problem with a photo of content/images/ ("/images/rooms/hall.jpg") that is not a file there:
 * it points outside the folder ("/images/../secret.jpg"), or `exists` does not know it (given the
 * path within the folder, "rooms/hall.jpg"); undefined when it is there. One check for the builder's
 * draft and the proposals function, which know the photos by name rather than by reading the disk.
 */
export function imageFileProblem(
  reference: ImageReference,
  imagesDirDisplay: string,
  exists: (inside: string) => boolean,
): ContentProblem | undefined {
  const at = { file: reference.file, line: reference.line, field: reference.field };
  // The address as a browser resolves it: "." and ".." segments applied, backslashes read as slashes.
  const resolved = decodeURIComponent(new URL(reference.src, 'file:///').pathname);
  if (!resolved.startsWith('/images/'))
    return {
      code: 'missing-image',
      ...at,
      message: `"${reference.src}" points outside ${imagesDirDisplay}/.`,
    };
  const inside = resolved.slice('/images/'.length);
  return exists(inside)
    ? undefined
    : { code: 'missing-image', ...at, message: noSuchImage(`${imagesDirDisplay}/${inside}`) };
}

/** The message for a media library photo that is not in the library (the build's, the builder's and the proposals function's). */
export const noSuchLibraryPhoto = (fullPath: string, bucket?: string) =>
  `There is no photo "${fullPath}" in the media library${bucket ? ` (bucket ${bucket})` : ''}: it was deleted or renamed, or the reference has a typing mistake.`;

/** Alt text and paths of every reference; the raster images to plan, media library photos included. */
export function checkReferences(
  references: readonly ImageReference[],
  imagesDirDisplay: string,
): { raster: ImageReference[]; problems: ContentProblem[] } {
  const problems: ContentProblem[] = [];
  const raster: ImageReference[] = [];
  for (const reference of references) {
    const at = { file: reference.file, line: reference.line, field: reference.field };
    const fromLibrary = libraryPathOf(reference.src) !== null;
    if (!fromLibrary && reference.src.startsWith(LIBRARY_SCHEME)) {
      problems.push({
        code: 'library-photo-missing',
        ...at,
        message: `"${reference.src}" is not a media library reference: write it as "storage:media/<name>", as "Copy for Markdown" on /admin gives it.`,
      });
      continue;
    }
    if (!isRasterImagePath(reference.src) && !fromLibrary) {
      problems.push({ ...at, ...addressProblem(reference.src, imagesDirDisplay) });
      continue;
    }
    raster.push(reference);
    // A library photo carries its own alt text (checked when it is fetched); content may give another.
    if (!fromLibrary && reference.alt.trim() === '') {
      problems.push({
        code: 'missing-alt',
        ...at,
        ...reference.altAt,
        message:
          reference.from === 'markdown'
            ? `The image "${reference.src}" has no alternative text: write it between the brackets, as ![What the photo shows](${reference.src}).`
            : `The image "${reference.src}" has no alternative text: add "alt:" with a few words on what it shows.`,
      });
    }
  }
  return { raster, problems };
}

/**
 * Why an image's address is not one the site shows. Every image is a photo the build processes
 * itself, from content/images/ or the media library: one from another site, data written into
 * the text or a script address would reach the page unchecked.
 */
function addressProblem(
  src: string,
  imagesDirDisplay: string,
): { code: ProblemCode; message: string } {
  const shown = `"${excerpt(src)}"`;
  if (src.trim() === '') return { code: 'unsupported-image', message: 'The image has no address.' };
  if (/^(?:https?:)?\/\//i.test(src))
    return {
      code: 'unsupported-image',
      message: `The image ${shown} would load from another site.`,
    };
  if (/^data:/i.test(src))
    return {
      code: 'unsupported-image',
      message: `The image ${shown} is written into the text instead of being a file.`,
    };
  if (/^[a-z][a-z\d+.-]*:/i.test(src))
    return { code: 'unsupported-image', message: `${shown} is not the address of a photo.` };
  // A photo written anywhere but "/images/…" names no file the build has.
  if (RASTER_EXTENSION.test(src))
    return {
      code: 'missing-image',
      message: `Write the path of a photo from the site root, as "/images/${src.split('/').pop()}", with the file in ${imagesDirDisplay}/.`,
    };
  return {
    code: 'unsupported-image',
    message: `${shown} is not a JPEG, PNG, WebP or AVIF photo, the only images Markdown shows (a logo or icon goes in the field made for it, like a service's "icon").`,
  };
}
