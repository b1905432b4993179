/**
 * The block builder's drafts in the Storage bucket (drafts/<id>.json), for the builder's DraftStore
 * interface (src/apps/builder/draft-store.ts: label, list, get, put, delete; MirroredDraftStore copies to it), so
 * a draft saved on one device can be picked up on another. Only administrators may read or write
 * drafts/ (storage.rules); the SDK sends the signed-in administrator's token, with the same retries
 * and limits as the media library (firebase-library.ts). Browser only.
 */
import type { FirebaseStorage } from 'firebase/storage';
import { deleteObject, getBytes, listAll, ref, uploadString } from 'firebase/storage';
import { DRAFT_ID_PATTERN, DRAFTS_FOLDER, MAX_DRAFT_BYTES } from '../../kernel/wire/media-rules.ts';
import { describeStorageError } from './storage-errors.ts';

/** What the store needs of a draft: an id (its file name) and when it last changed (the dashboard's order). */
export interface StoredDraft {
  id: string;
  updated: number;
}

const DRAFT_ID = new RegExp(`^${DRAFT_ID_PATTERN}$`);

export class BucketDraftStore<D extends StoredDraft> {
  readonly label = 'Storage bucket';

  constructor(private readonly storage: FirebaseStorage) {}

  #ref(id: string) {
    if (!DRAFT_ID.test(id)) throw new Error(`A draft id is letters, numbers, hyphens and underscores: "${id}" is not one.`);
    return ref(this.storage, `${DRAFTS_FOLDER}/${id}.json`);
  }

  async list(): Promise<D[]> {
    const { items } = await listAll(ref(this.storage, DRAFTS_FOLDER));
    const drafts: (D | undefined)[] = await Promise.all(items.map((item) => this.get(item.name.replace(/\.json$/, ''))));
    return drafts.filter((draft) => draft !== undefined).sort((a, b) => b.updated - a.updated);
  }

  /** The draft, or undefined when there is none by that id (deleted, perhaps on another device). */
  async get(id: string): Promise<D | undefined> {
    try {
      return JSON.parse(new TextDecoder().decode(await getBytes(this.#ref(id), MAX_DRAFT_BYTES))) as D;
    } catch (error) {
      if (describeStorageError(error).kind === 'object-not-found') return undefined;
      throw error;
    }
  }

  async put(draft: D): Promise<void> {
    // no-store: a draft changes all the time, and the browser must never answer a read from its
    // cache (Chromium joined a cached, shorter copy with a newer one, and the JSON came back cut short).
    await uploadString(this.#ref(draft.id), JSON.stringify(draft), 'raw', { contentType: 'application/json', cacheControl: 'no-store' });
  }

  /** Resolves once deleted; a draft that is already gone counts as deleted. */
  async delete(id: string): Promise<void> {
    try {
      await deleteObject(this.#ref(id));
    } catch (error) {
      if (describeStorageError(error).kind !== 'object-not-found') throw error;
    }
  }
}
