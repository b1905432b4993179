/**
 * What the media library accepts, in one place: the upload check in the browser (before anything
 * is sent), the local Storage emulator's policy (storage-policy.ts) and `storage.rules` say the
 * same, and tests/unit/generator/emulators/storage-policy.test.ts holds them to it. Its thumbnails'
 * names and limits are in thumbnail-rules.ts.
 */

/** JPEG, PNG, WebP or AVIF: what the build's image pipeline (sharp) turns into responsive variants. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
/** The extension a stored photo's name gets from its type. */
const EXTENSIONS: Record<PhotoType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

/** 10 MB per photo (as storage.rules: 10 * 1024 * 1024 bytes). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** The builder's drafts (drafts/<id>.json, bucket-draft-store.ts): administrators only, JSON, at most 1 MB. */
export const DRAFTS_FOLDER = 'drafts';
/** A draft's id: letters, digits, `-` and `_`. Its object is `<id>.json`; storage.rules says the same. */
export const DRAFT_ID_PATTERN = '[A-Za-z0-9_-]{1,100}';
export const MAX_DRAFT_BYTES = 1024 * 1024;

export const isPhotoType = (type: string): type is PhotoType =>
  (PHOTO_TYPES as readonly string[]).includes(type);

/** Why a file cannot be uploaded, in plain words; null when it can. */
export function uploadProblem(file: { name: string; type: string; size: number }): string | null {
  if (!isPhotoType(file.type))
    return `"${file.name}" is not a JPEG, PNG, WebP or AVIF photo, so it cannot go in the library. Save it in one of those formats and try again.`;
  if (file.size > MAX_PHOTO_BYTES)
    return `"${file.name}" is ${megabytes(file.size)}, over the 10 MB limit. Make it smaller (a photo 2,400 pixels wide is plenty) and try again.`;
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
  const own =
    dot >= 0
      ? file.name
          .slice(dot + 1)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')
      : '';
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
