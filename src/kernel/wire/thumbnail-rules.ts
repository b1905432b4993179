// The media library's thumbnails: their names, type and size, in one place. The library's screens
// (src/apps/media/thumbnails.ts), the local Storage emulator's policy (storage-policy.ts) and
// `storage.rules` say the same, and tests/unit/generator/emulators/storage-policy.test.ts holds them
// to it. Apart from media-rules.ts so that the pages that only read the library, never making a
// thumbnail, carry none of it.
import { MEDIA_NAME_PATTERN } from './library-reference.ts';

/**
 * Each photo's thumbnail, made once in the browser when it is uploaded (or, for a photo uploaded
 * before thumbnails existed, the first time an administrator's screen shows it) and stored beside
 * it: `thumbnails/<photo's name>/<generation>-<width>x<height>.webp`. The generation is the photo's
 * version (Cloud Storage gives new bytes a new one, new metadata not), so a replaced photo never
 * shows its old thumbnail, even if storing the new one failed; the width and height are the
 * photo's own, which the library shows. Listing a photo's folder (one small request, never a 404)
 * says whether its thumbnail is there and its size. WebP, about 480 pixels wide, 512 KB at most;
 * anyone may see them, as the photos; administrators alone may add, change or remove them.
 */
export const THUMBNAILS_FOLDER = 'thumbnails';
export const THUMBNAIL_WIDTH = 480;
export const THUMBNAIL_TYPE = 'image/webp';
export const MAX_THUMBNAIL_BYTES = 512 * 1024;
/** A thumbnail's file name in its photo's folder. storage.rules says the same. */
export const THUMBNAIL_FILE_PATTERN = '[0-9]{1,20}-[0-9]{1,5}x[0-9]{1,5}[.]webp';
const THUMBNAIL_PATH = new RegExp(
  `^${THUMBNAILS_FOLDER}/${MEDIA_NAME_PATTERN}/${THUMBNAIL_FILE_PATTERN}$`,
);
const THUMBNAIL_FILE = /^(\d{1,20})-(\d{1,5})x(\d{1,5})\.webp$/;

/** What a thumbnail's name says: the photo's generation it was made from, and the photo's size in pixels. */
export interface ThumbnailName {
  generation: string;
  width: number;
  height: number;
}

/** "media/kitchen.jpg" → "thumbnails/kitchen.jpg": the folder of a photo's thumbnails. */
export const thumbnailFolderOf = (photoPath: string) =>
  `${THUMBNAILS_FOLDER}/${photoPath.slice(photoPath.indexOf('/') + 1)}`;
/** Where a photo's thumbnail is stored: "thumbnails/kitchen.jpg/1795856254295-1600x1067.webp". */
export const thumbnailPathOf = (photoPath: string, { generation, width, height }: ThumbnailName) =>
  `${thumbnailFolderOf(photoPath)}/${generation}-${width}x${height}.webp`;
/** A thumbnail's file name read back; null for any other name. */
export function readThumbnailName(name: string): ThumbnailName | null {
  const found = THUMBNAIL_FILE.exec(name);
  return found
    ? { generation: found[1]!, width: Number(found[2]), height: Number(found[3]) }
    : null;
}
/** Whether a path is a thumbnail's, as the library names them. */
export const isThumbnailPath = (path: string) => THUMBNAIL_PATH.test(path);
