// How content refers to a photo in the media library (the bucket's media/ folder): by a stable
// reference, `storage:media/<name>`, in Markdown (`![alt](storage:media/kitchen.jpg)`) and in image
// fields. Shared by the build (library-photos.ts) and the admin screen (src/apps/media/), so both read
// and write the same thing. The alt text lives with the photo, as custom metadata under `alt`.

/** The folder of the bucket the library lives in. */
export const MEDIA_FOLDER = 'media';
/** The custom metadata key of a photo's alternative text. */
export const ALT_KEY = 'alt';
export const LIBRARY_SCHEME = 'storage:';

/**
 * A photo's name in the library (media/<name>), the only names the upload screen makes, the bucket's
 * rules accept and content can refer to: lower-case letters, digits, `-` and `_`, then one photo
 * extension, 104 characters at most. So never `%` (the local emulator decodes names twice), `/`,
 * `.` or `..`, a line break or anything else Cloud Storage refuses or Markdown would need escaped.
 * Written once for JavaScript and RE2 alike: storage.rules repeats it (storage-policy.test.ts).
 */
export const MEDIA_NAME_PATTERN = '[a-z0-9][a-z0-9_-]{0,99}[.](jpg|jpeg|png|webp|avif)';
export const MEDIA_NAME = new RegExp(`^${MEDIA_NAME_PATTERN}$`);

export const libraryReference = (fullPath: string) => `${LIBRARY_SCHEME}${fullPath}`;

/** `storage:media/kitchen.jpg` → `media/kitchen.jpg`; null for anything else. */
export function libraryPathOf(src: string): string | null {
  const prefix = `${LIBRARY_SCHEME}${MEDIA_FOLDER}/`;
  if (!src.startsWith(prefix)) return null;
  const name = src.slice(prefix.length);
  return MEDIA_NAME.test(name) ? `${MEDIA_FOLDER}/${name}` : null;
}

/** What "Copy for Markdown" gives: the photo with its alt text, as content writes it. */
export const markdownFor = (fullPath: string, alt: string) =>
  `![${alt.replace(/[[\]\\]/g, '\\$&')}](${libraryReference(fullPath)})`;
