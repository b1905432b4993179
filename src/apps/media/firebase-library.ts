/**
 * The media library on Cloud Storage for Firebase, through the official web SDK (modular imports
 * only). The SDK sends the signed-in administrator's ID token with every request, and its retries
 * are the site's: 5xx, 408 and 429 retried with a backoff doubling to 64 s, 120 s per
 * operation and 600 s per upload, set here. One deviation is the SDK's: a large (resumable)
 * upload's chunks back off without the 64 s cap (docs/accounts-and-media.md, "Photos on Cloud Storage for Firebase"; tested in
 * tests/e2e/admin-storage-retries.spec.ts). Browser only.
 */
import { getApp } from 'firebase/app';
import {
  connectStorageEmulator,
  deleteObject,
  getBlob,
  getDownloadURL,
  getMetadata,
  getStorage,
  listAll,
  ref,
  updateMetadata,
  uploadBytesResumable,
  type FirebaseStorage,
  type FullMetadata,
  type StorageReference,
  type UploadTaskSnapshot,
} from 'firebase/storage';
import type { FirebaseWebConfig } from '../../kernel/wire/firebase-config.ts';
import type { MediaLibrary } from './library.ts';
import type { LibraryPhoto, StoredFile } from '../../kernel/wire/media-library.ts';
import { MAX_PHOTO_BYTES } from '../../kernel/wire/media-rules.ts';
import { MEDIA_FOLDER } from '../../kernel/wire/library-reference.ts';
import { oneAtATime } from './one-at-a-time.ts';
import { drawPreview } from './preview.ts';
import { describeStorageError } from './storage-errors.ts';
import type { Thumbnails } from './thumbnails.ts';

/** At most 120 s per operation and 600 s per upload. */
const MAX_OPERATION_RETRY_MS = 120_000;
const MAX_UPLOAD_RETRY_MS = 600_000;

const storedFile = (metadata: FullMetadata): StoredFile => ({
  bucket: metadata.bucket,
  generation: metadata.generation,
  metageneration: metadata.metageneration,
  name: metadata.name,
  fullPath: metadata.fullPath,
  size: metadata.size,
  timeCreated: metadata.timeCreated,
  updated: metadata.updated,
  md5Hash: metadata.md5Hash,
  cacheControl: metadata.cacheControl,
  contentDisposition: metadata.contentDisposition,
  contentEncoding: metadata.contentEncoding,
  contentLanguage: metadata.contentLanguage,
  contentType: metadata.contentType,
  customMetadata: metadata.customMetadata,
});

/**
 * What the builder's picker needs of the library: its photos, their thumbnails and previews.
 * Without the upload and edit calls, the SDK's resumable uploads stay out of the builder's bundle
 * (a missing thumbnail is stored with the small one-shot upload, loaded with the thumbnails).
 */
export type LibraryReader = Pick<MediaLibrary, 'bucket' | 'list' | 'preview' | 'thumbnail'>;

/** The library of the Firebase app the account services started (src/apps/account/firebase-services.ts), read only. */
export function libraryReader(config: Pick<FirebaseWebConfig, 'emulator'>): LibraryReader {
  return readerOf(storageOf(config)).reader;
}

/** The library of the Firebase app the account services started, for the admin screen. */
export function firebaseLibrary(config: Pick<FirebaseWebConfig, 'emulator'>): MediaLibrary {
  const storage = storageOf(config);
  const { reader, thumbnails } = readerOf(storage);
  return {
    ...reader,
    upload(fullPath, file, metadata, onProgress) {
      const task = uploadBytesResumable(ref(storage, fullPath), file, metadata);
      task.on('state_changed', (snapshot) =>
        onProgress({ transferred: snapshot.bytesTransferred, total: snapshot.totalBytes }),
      );
      // The task is a thenable: its own `then` settles with the snapshot once stored. The photo's
      // thumbnail is then made from the file (without waiting for it: the photo is in the library).
      const done = new Promise<UploadTaskSnapshot>(
        (resolve, reject) => void task.then(resolve, reject),
      )
        .then((snapshot) => photoOf(snapshot.ref, snapshot.metadata))
        .then((photo) => {
          void thumbnails()
            .then((made) => made.stored(photo.file, file))
            .catch(() => undefined);
          return photo;
        });
      return { done, cancel: () => void task.cancel() };
    },
    async updateCustomMetadata(fullPath, customMetadata) {
      const reference = ref(storage, fullPath);
      // null removes a key (Cloud Storage's PATCH semantics); the SDK's type only lists strings.
      return photoOf(
        reference,
        await updateMetadata(reference, {
          customMetadata: customMetadata as Record<string, string>,
        }),
      );
    },
    async remove(fullPath) {
      await deleteObject(ref(storage, fullPath));
      // The photo is gone: its thumbnails are only tidied after it (a thumbnail left behind shows nothing).
      await thumbnails()
        .then((made) => made.removed(fullPath))
        .catch((error: unknown) =>
          console.warn(`The thumbnails of ${fullPath} could not all be removed: ${String(error)}`),
        );
    },
  };
}

function storageOf(config: Pick<FirebaseWebConfig, 'emulator'>): FirebaseStorage {
  const storage = getStorage(getApp());
  storage.maxOperationRetryTime = MAX_OPERATION_RETRY_MS;
  storage.maxUploadRetryTime = MAX_UPLOAD_RETRY_MS;
  // Local runs: the Storage emulator answers on this page's own origin (the site server proxies
  // it), so the CSP's connect-src and img-src 'self' hold. Once per instance: the SDK refuses a second call.
  if (config.emulator && !connected.has(storage)) {
    connectStorageEmulator(
      storage,
      window.location.hostname,
      Number(window.location.port || (window.location.protocol === 'https:' ? 443 : 80)),
    );
    connected.add(storage);
  }
  return storage;
}
const connected = new WeakSet<FirebaseStorage>();

const photoOf = async (
  reference: StorageReference,
  metadata?: FullMetadata,
): Promise<LibraryPhoto> => {
  const [meta, url] = await Promise.all([
    metadata ?? getMetadata(reference),
    getDownloadURL(reference),
  ]);
  return { file: storedFile(meta), url };
};

function readerOf(storage: FirebaseStorage): {
  reader: LibraryReader;
  thumbnails: () => Promise<Thumbnails>;
} {
  // Photos are fetched and decoded at full size to be drawn small: one at a time keeps memory in bounds.
  const queue = oneAtATime();
  // Loaded when first needed (firebase-thumbnails.ts), then kept: one per library, so each thumbnail is looked up once.
  let made: Promise<Thumbnails> | undefined;
  const thumbnails = () =>
    (made ??= import('./firebase-thumbnails.ts').then(({ firebaseThumbnails }) =>
      firebaseThumbnails(storage, queue),
    ));
  const reader: LibraryReader = {
    bucket: storage.app.options.storageBucket ?? '',
    async list() {
      const { items } = await listAll(ref(storage, MEDIA_FOLDER));
      // A photo deleted (by someone else) between the listing and its metadata is simply not there.
      const photos = await Promise.all(
        items.map((item) =>
          photoOf(item).catch((error: unknown) =>
            describeStorageError(error).kind === 'object-not-found' ? null : Promise.reject(error),
          ),
        ),
      );
      return photos.filter((photo): photo is LibraryPhoto => photo !== null);
    },
    preview: (fullPath, width) =>
      queue(async () => drawPreview(await getBlob(ref(storage, fullPath), MAX_PHOTO_BYTES), width)),
    thumbnail: async (photo) => (await thumbnails()).of(photo),
  };
  return { reader, thumbnails };
}
