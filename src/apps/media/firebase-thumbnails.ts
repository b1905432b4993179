/**
 * The library's thumbnails (thumbnails.ts) on Cloud Storage for Firebase, drawn by this browser.
 * Loaded by the library (firebase-library.ts) when a screen first shows a thumbnail or a photo is
 * uploaded, not with the page: the builder pages' script budget holds only what they need to start.
 * Browser only.
 */
import {
  deleteObject,
  getBlob,
  listAll,
  ref,
  uploadBytes,
  type FirebaseStorage,
} from 'firebase/storage';
import { MAX_PHOTO_BYTES } from '../../kernel/wire/media-rules.ts';
import {
  MAX_THUMBNAIL_BYTES,
  THUMBNAIL_TYPE,
  THUMBNAIL_WIDTH,
} from '../../kernel/wire/thumbnail-rules.ts';
import type { Queue } from './one-at-a-time.ts';
import { dataUrlOf, drawSmall } from './preview.ts';
import {
  NO_WEBP,
  ThumbnailProblem,
  thumbnails,
  UNREADABLE,
  type ThumbnailDrawing,
  type Thumbnails,
  type ThumbnailStore,
} from './thumbnails.ts';

/** The thumbnails' side of the bucket: listing a photo's folder never answers 404, so the console stays quiet for a photo without one. */
const thumbnailStore = (storage: FirebaseStorage): ThumbnailStore => ({
  list: async (folder) => (await listAll(ref(storage, folder))).items.map((item) => item.name),
  // The SDK's blob carries no type: the data: URL made of it says WebP.
  read: async (path) =>
    new Blob([await getBlob(ref(storage, path), MAX_THUMBNAIL_BYTES)], { type: THUMBNAIL_TYPE }),
  // Its name changes with every version of the photo: it can be kept for good.
  write: async (path, thumbnail) =>
    void (await uploadBytes(ref(storage, path), thumbnail, {
      contentType: THUMBNAIL_TYPE,
      cacheControl: 'public, max-age=31536000, immutable',
    })),
  original: (fullPath) => getBlob(ref(storage, fullPath), MAX_PHOTO_BYTES),
  remove: (path) => deleteObject(ref(storage, path)),
});

/** Whether this browser can encode WebP: a one-pixel try, whose answer is its type (a browser without an encoder gives PNG). */
async function encodesWebP(): Promise<boolean> {
  if (typeof OffscreenCanvas === 'undefined') return false;
  const canvas = new OffscreenCanvas(1, 1);
  canvas.getContext('2d')!.fillRect(0, 0, 1, 1);
  return (await canvas.convertToBlob({ type: THUMBNAIL_TYPE })).type === THUMBNAIL_TYPE;
}

const browserDrawing: ThumbnailDrawing = {
  canEncode: encodesWebP,
  async draw(photo) {
    let drawn: Awaited<ReturnType<typeof drawSmall>>;
    try {
      drawn = await drawSmall(photo, THUMBNAIL_WIDTH);
    } catch {
      throw new ThumbnailProblem(UNREADABLE);
    }
    if (drawn.image.type !== THUMBNAIL_TYPE) throw new ThumbnailProblem(NO_WEBP);
    return { thumbnail: drawn.image, width: drawn.width, height: drawn.height };
  },
  show: dataUrlOf,
};

/** The bucket's thumbnails, drawn one at a time with anything else that decodes whole photos (`queue`). */
export const firebaseThumbnails = (storage: FirebaseStorage, queue: Queue): Thumbnails =>
  thumbnails(thumbnailStore(storage), browserDrawing, { queue });
