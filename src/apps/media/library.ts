import type { LibraryPhoto } from '../../kernel/wire/media-library.ts';
import type { PhotoVersion, Preview, ThumbnailResult } from './thumbnails.ts';

export type { Preview };

/**
 * What the admin screen needs from the media library, as one interface: the browser passes the
 * Firebase implementation (firebase-library.ts); the builder's image picker takes the same. Every
 * call rejects with the service's error, which the screen turns into words (storage-errors.ts).
 */

export interface UploadProgress {
  transferred: number;
  total: number;
}

/** An upload under way: it settles with the stored photo, or rejects (`storage/canceled` after cancel()). */
export interface Upload {
  done: Promise<LibraryPhoto>;
  cancel: () => void;
}

export interface MediaLibrary {
  /** The bucket it is in ("demo-ardent.appspot.com"), as the build's problems name it. */
  readonly bucket: string;
  /** Every photo under media/, with its metadata. */
  list: () => Promise<LibraryPhoto[]>;
  /**
   * Uploads (or replaces: the same path) a photo with its metadata; progress as the bytes go. Its
   * thumbnail is drawn from the file meanwhile, and stored once the photo is (thumbnails.ts).
   */
  upload(
    fullPath: string,
    file: Blob,
    metadata: { contentType: string; customMetadata: Record<string, string> },
    onProgress: (progress: UploadProgress) => void,
  ): Upload;
  /** Sets custom metadata: keys given `null` are removed. */
  updateCustomMetadata(
    fullPath: string,
    customMetadata: Record<string, string | null>,
  ): Promise<LibraryPhoto>;
  /** Resolves once the service has deleted it (200 or 204); its thumbnails are removed then. */
  remove: (fullPath: string) => Promise<void>;
  /**
   * The photo at most `width` pixels wide, as a data: URL. Its bytes come through the SDK (the
   * CSP's connect-src), not an <img> pointing at the storage origin: the site's img-src stays
   * 'self' data: on every page (docs/accounts-and-media.md, "Photos on Cloud Storage for Firebase", on why Netlify could not loosen it for
   * the admin pages alone).
   */
  preview: (fullPath: string, width: number) => Promise<Preview>;
  /**
   * The photo's thumbnail (about 480 pixels wide), from the bucket: what the library's grid and the
   * builder's picker show, so that neither fetches a whole photo. Made once from the photo when it
   * has none yet; a placeholder with the reason when it cannot be made.
   */
  thumbnail: (photo: PhotoVersion) => Promise<ThumbnailResult>;
}
