// Where drafts are kept. The builder saves on every change; the dashboard lists, duplicates and
// deletes. IndexedDB in this browser now (idb-keyval); a store in the Storage bucket (drafts/,
// so a draft can be picked up on another device) comes with the media library, behind the same interface.
import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import type { Draft } from './draft.ts';

export interface DraftStore {
  /** Where the drafts are, for the dashboard: "This browser", "Storage bucket". */
  readonly label: string;
  list(): Promise<Draft[]>;
  get(id: string): Promise<Draft | undefined>;
  put(draft: Draft): Promise<void>;
  delete(id: string): Promise<void>;
}

/** Drafts in this browser's IndexedDB: they survive closing the tab, and stay on this device. */
export class IndexedDbDraftStore implements DraftStore {
  readonly label = 'This browser';
  readonly #store: UseStore;

  constructor(database = 'ardent-builder', storeName = 'drafts') {
    this.#store = createStore(database, storeName);
  }

  async list(): Promise<Draft[]> {
    const all = await entries<string, Draft>(this.#store);
    return all.map(([, draft]) => draft).sort((a, b) => b.updated - a.updated);
  }

  get(id: string): Promise<Draft | undefined> {
    return get<Draft>(id, this.#store);
  }

  put(draft: Draft): Promise<void> {
    return set(draft.id, draft, this.#store);
  }

  delete(id: string): Promise<void> {
    return del(id, this.#store);
  }
}
