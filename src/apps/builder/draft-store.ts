// Where drafts are kept. The builder saves from a draft's first change; the dashboard lists, duplicates and
// deletes. IndexedDB in this browser (idb-keyval), and, when the site has a Storage bucket, a copy
// under drafts/ there (src/apps/media/bucket-draft-store.ts), so a draft can be picked up on another device.
import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import type { Draft } from './draft.ts';

export interface DraftStore {
  /** Where the drafts are, for the dashboard: "This browser", "Storage bucket". */
  readonly label: string;
  list(): Promise<Draft[]>;
  get(id: string): Promise<Draft | undefined>;
  put(draft: Draft): Promise<void>;
  delete(id: string): Promise<void>;
  /** Sends what the store still holds back (MirroredDraftStore's bucket copies), before the page is left. */
  flush?(): Promise<void>;
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

/** How the bucket's copy of the drafts stands, for the builder's save line. */
export type BucketStatus = { state: 'none' } | { state: 'saving' } | { state: 'saved'; at: number } | { state: 'failed'; message: string };

/**
 * This browser's drafts, each also copied to the bucket a moment after its last change (one upload
 * per pause in typing, not one per keystroke). A save is done once it is in this browser: the bucket
 * copy follows, and a failed one is tried again with the next change; its state is reported apart
 * (`onBucketStatus`), in plain words. Reading gives the newer of the two copies, so a draft edited
 * on another device opens as it was left there.
 */
export class MirroredDraftStore implements DraftStore {
  get label(): string {
    return this.local.label;
  }
  #status: BucketStatus;
  readonly #listeners = new Set<(status: BucketStatus) => void>();
  readonly #waiting = new Map<string, Draft>();
  #timer: ReturnType<typeof setTimeout> | undefined;

  /**
   * `bucket` resolves to the bucket's store, or null when there is none; `describe` turns its errors
   * into words (src/apps/media/storage-errors.ts); `delayMs` is the pause before a copy is sent.
   */
  constructor(
    readonly local: DraftStore,
    readonly bucket: Promise<DraftStore | null>,
    private readonly describe: (error: unknown) => string,
    private readonly delayMs = 1500,
  ) {
    this.#status = { state: 'none' };
    // A bucket that cannot be reached leaves the drafts in this browser, and says so.
    bucket.catch((error: unknown) => this.#report({ state: 'failed', message: this.describe(error) }));
  }

  get status(): BucketStatus {
    return this.#status;
  }

  onBucketStatus(listener: (status: BucketStatus) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #report(status: BucketStatus) {
    this.#status = status;
    for (const listener of this.#listeners) listener(status);
  }

  async #bucket(): Promise<DraftStore | null> {
    return this.bucket.catch(() => null);
  }

  /** The places the dashboard lists: this browser, then the bucket when there is one. */
  async places(): Promise<DraftStore[]> {
    const bucket = await this.#bucket();
    return bucket ? [this.local, bucket] : [this.local];
  }

  /**
   * This browser's drafts: what the builder offers to restore. The bucket's (another device's among
   * them) are listed by the dashboard (`places`), and open from there.
   */
  list(): Promise<Draft[]> {
    return this.local.list();
  }

  async get(id: string): Promise<Draft | undefined> {
    const bucket = await this.#bucket();
    const [mine, theirs] = await Promise.all([this.local.get(id), bucket ? bucket.get(id).catch(() => undefined) : undefined]);
    if (!mine || !theirs) return mine ?? theirs;
    return theirs.updated > mine.updated ? theirs : mine;
  }

  async put(draft: Draft): Promise<void> {
    await this.local.put(draft);
    this.#waiting.set(draft.id, draft);
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.flush(), this.delayMs);
  }

  /** Sends the waiting copies now (the builder calls it when the tab is hidden). */
  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    const bucket = await this.#bucket();
    if (!bucket || this.#waiting.size === 0) return;
    const drafts = [...this.#waiting.values()];
    this.#waiting.clear();
    this.#report({ state: 'saving' });
    try {
      await Promise.all(drafts.map((draft) => bucket.put(draft)));
      this.#report({ state: 'saved', at: Date.now() });
    } catch (error) {
      // Kept for the next try, unless a newer change has replaced it meanwhile.
      for (const draft of drafts) if (!this.#waiting.has(draft.id)) this.#waiting.set(draft.id, draft);
      this.#report({ state: 'failed', message: this.describe(error) });
    }
  }

  /** Gone from both places; rejects (with the draft kept in the bucket) if the bucket's copy could not be deleted. */
  async delete(id: string): Promise<void> {
    this.#waiting.delete(id);
    await this.local.delete(id);
    const bucket = await this.#bucket();
    await bucket?.delete(id);
  }
}
