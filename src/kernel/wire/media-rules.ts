/**
 * What the media library accepts, in one place: the upload check in the browser (before anything
 * is sent), the local Storage emulator's policy (storage-policy.ts) and `storage.rules` say the
 * same, and tests/unit/generator/emulators/storage-policy.test.ts holds them to it.
 */
import { MEDIA_FOLDER, MEDIA_NAME_PATTERN } from './library-reference.ts';


/** JPEG, PNG, WebP or AVIF: what the build's image pipeline (sharp) turns into responsive variants. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
/** The extension a stored photo's name gets from its type. */
const EXTENSIONS: Record<PhotoType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'avif' };

/** 10 MB per photo (as storage.rules: 10 * 1024 * 1024 bytes). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** The builder's drafts (drafts/<id>.json, bucket-draft-store.ts): administrators only, JSON, at most 1 MB. */
export const DRAFTS_FOLDER = 'drafts';
/** A draft's id: letters, digits, `-` and `_`. Its object is `<id>.json`; storage.rules says the same. */
export const DRAFT_ID_PATTERN = '[A-Za-z0-9_-]{1,100}';
export const MAX_DRAFT_BYTES = 1024 * 1024;

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
const THUMBNAIL_PATH = /* @__PURE__ */ new RegExp(`^${THUMBNAILS_FOLDER}/${MEDIA_NAME_PATTERN}/${THUMBNAIL_FILE_PATTERN}$`);
const THUMBNAIL_FILE = /^(\d{1,20})-(\d{1,5})x(\d{1,5})\.webp$/;

/** What a thumbnail's name says: the photo's generation it was made from, and the photo's size in pixels. */
export interface ThumbnailName {
  generation: string;
  width: number;
  height: number;
}

/** "media/kitchen.jpg" → "thumbnails/kitchen.jpg": the folder of a photo's thumbnails. */
export const thumbnailFolderOf = (photoPath: string) => `${THUMBNAILS_FOLDER}/${photoPath.slice(photoPath.indexOf('/') + 1)}`;
/** Where a photo's thumbnail is stored: "thumbnails/kitchen.jpg/1795856254295-1600x1067.webp". */
export const thumbnailPathOf = (photoPath: string, { generation, width, height }: ThumbnailName) => `${thumbnailFolderOf(photoPath)}/${generation}-${width}x${height}.webp`;
/** A thumbnail's file name read back; null for any other name. */
export function readThumbnailName(name: string): ThumbnailName | null {
  const found = THUMBNAIL_FILE.exec(name);
  return found ? { generation: found[1]!, width: Number(found[2]), height: Number(found[3]) } : null;
}
/** Whether a path is a thumbnail's, as the library names them. */
export const isThumbnailPath = (path: string) => THUMBNAIL_PATH.test(path);

export const isPhotoType = (type: string): type is PhotoType => (PHOTO_TYPES as readonly string[]).includes(type);

/** Why a file cannot be uploaded, in plain words; null when it can. */
export function uploadProblem(file: { name: string; type: string; size: number }): string | null {
  if (!isPhotoType(file.type)) return `"${file.name}" is not a JPEG, PNG, WebP or AVIF photo, so it cannot go in the library. Save it in one of those formats and try again.`;
  if (file.size > MAX_PHOTO_BYTES) return `"${file.name}" is ${megabytes(file.size)}, over the 10 MB limit. Make it smaller (a photo 2,400 pixels wide is plenty) and try again.`;
  if (file.size === 0) return `"${file.name}" is empty. Choose the photo again.`;
  return null;
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * The object name a file is stored under, a MEDIA_NAME: lower case, words joined by hyphens, the
 * extension of its type, so that `storage:media/<name>` reads well in Markdown and never needs
 * escaping. Short enough for the library to add "-2" when the name is taken.
 */
export function mediaNameFor(file: { name: string; type: string }): string {
  const dot = file.name.lastIndexOf('.');
  const own = dot >= 0 ? file.name.slice(dot + 1).toLowerCase().replace(/[^a-z0-9]/g, '') : '';
  // A file that is not a photo is refused before anything is sent: its name is only shown.
  const extension = isPhotoType(file.type) ? EXTENSIONS[file.type] : own;
  const base = (dot >= 0 ? file.name.slice(0, dot) : file.name)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '-')
    .slice(0, 90)
    .replace(/^[-_]+|[-_]+$/g, '');
  return `${base || 'photo'}${extension ? `.${extension}` : ''}`;
}
