// The Storage bucket for the block builder: its drafts under drafts/ (so another device can pick
// them up) and the media library as the image fields' picker. An entry of the builder's bundle of
// its own (BUILDER_STORAGE), in every builder page's load list and budget: the screen imports it
// once the guard has let an administrator in, so the Storage SDK never delays the first paint.
import { getApp } from 'firebase/app';
import { getStorage } from 'firebase/storage';
import type { FirebaseWebConfig } from '../../kernel/wire/firebase-config.ts';
import { BucketDraftStore } from '../media/bucket-draft-store.ts';
import { libraryReader, type LibraryReader } from '../media/firebase-library.ts';
import type { Draft } from './draft.ts';
import type { DraftStore } from './draft-store.ts';

export interface BucketServices {
  library: LibraryReader;
  drafts: DraftStore;
}

export function bucketServices(config: Pick<FirebaseWebConfig, 'emulator'>): BucketServices {
  // The library first: it sets the SDK's limits and, locally, the emulator on the app's one Storage instance.
  const library = libraryReader(config);
  return { library, drafts: new BucketDraftStore<Draft>(getStorage(getApp())) };
}
