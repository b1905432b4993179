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
    if (!DRAFT_ID.test(id))
      throw new Error(
        `A draft id is letters, numbers, hyphens and underscores: "${id}" is not one.`,
      );
    return ref(this.storage, `${DRAFTS_FOLDER}/${id}.json`);
  }

  async list(): Promise<D[]> {
    const drafts: (D | undefined)[] = await Promise.all(
      (await this.#names()).map((id) => this.#read(id)),
    );
    return drafts.filter((draft) => draft !== undefined).sort((a, b) => b.updated - a.updated);
  }

  /**
   * The ids of the drafts the bucket holds. A draft is looked for here before it is read or deleted:
   * one only in this browser (its copy still waiting when the page was left) is then never asked
   * for by name, a request the Storage API answers 404 and the browser logs as an error.
   */
  async #names(): Promise<string[]> {
    const { items } = await listAll(ref(this.storage, DRAFTS_FOLDER));
    return items.map((item) => item.name.replace(/\.json$/, ''));
  }

  /** The draft, or undefined when there is none by that id (never copied here, or deleted, perhaps on another device). */
  async get(id: string): Promise<D | undefined> {
    this.#ref(id);
    return (await this.#names()).includes(id) ? this.#read(id) : undefined;
  }

  async #read(id: string): Promise<D | undefined> {
    try {
      return JSON.parse(
        new TextDecoder().decode(await getBytes(this.#ref(id), MAX_DRAFT_BYTES)),
      ) as D;
    } catch (error) {
      // Deleted between the listing and the read.
      if (describeStorageError(error).kind === 'object-not-found') return undefined;
      throw error;
    }
  }

  async put(draft: D): Promise<void> {
    // no-store: a draft changes all the time, and the browser must never answer a read from its
    // cache (Chromium joined a cached, shorter copy with a newer one, and the JSON came back cut short).
    await uploadString(this.#ref(draft.id), JSON.stringify(draft), 'raw', {
      contentType: 'application/json',
      cacheControl: 'no-store',
    });
  }

  /** Resolves once deleted; a draft that is not there (never copied, or already gone) counts as deleted. */
  async delete(id: string): Promise<void> {
    this.#ref(id);
    if (!(await this.#names()).includes(id)) return;
    try {
      await deleteObject(this.#ref(id));
    } catch (error) {
      if (describeStorageError(error).kind !== 'object-not-found') throw error;
    }
  }
}
