// Where drafts are kept. The builder saves from a draft's first change; the dashboard lists, duplicates and
// deletes. IndexedDB in this browser (idb-keyval), and, when the site has a Storage bucket, a copy
// under drafts/ there (src/apps/media/bucket-draft-store.ts), so a draft can be picked up on another device.
// Each save of a draft has its own `rev`: a save names the one its writer last saw, and one made
// meanwhile in another tab (or, for the bucket's copy, on another device) is never written over
// unseen: the builder is told, and joins the two or says so (use-draft-editor.ts).
import { createStore, del, entries, get, update, type UseStore } from 'idb-keyval';
import type { Draft } from './draft.ts';

/** What a save expects to replace: the save (`rev`) its writer last saw of the draft. */
export interface Over {
  rev: string | undefined;
}

/** A save refused: the draft was saved meanwhile in another tab as `theirs`. Nothing was written. */
export class DraftChangedElsewhere extends Error {
  override name = 'DraftChangedElsewhere';
  constructor(readonly theirs: Draft) {
    super('The draft was changed in another tab meanwhile.');
  }
}

/** Whether a save may replace what is stored: nothing is, or it is the save its writer last saw. */
export const mayReplace = (stored: Draft | undefined, over: Over | undefined) =>
  !over || !stored || stored.rev === over.rev;

export interface DraftStore {
  /** Where the drafts are, for the dashboard: "This browser", "Storage bucket". */
  readonly label: string;
  list: () => Promise<Draft[]>;
  get: (id: string) => Promise<Draft | undefined>;
  /** Saves it; with `over`, only over the save its writer last saw, else rejects with DraftChangedElsewhere. */
  put: (draft: Draft, over?: Over) => Promise<void>;
  delete: (id: string) => Promise<void>;
  /** Sends what the store still holds back (MirroredDraftStore's bucket copies), before the page is left. */
  flush?: () => Promise<void>;
  /** Told when the bucket's copy of a draft was changed on another device (`theirs`) since `base`, the copy this device last had from it: it is not written over. */
  onChangedElsewhere?(listener: (theirs: Draft, base: Draft | undefined) => void): () => void;
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

  /** Read and written in one IndexedDB transaction, so two tabs' saves never cross unseen. */
  async put(draft: Draft, over?: Over): Promise<void> {
    let theirs: Draft | undefined;
    await update<Draft>(
      draft.id,
      (stored) => {
        if (mayReplace(stored, over)) return draft;
        theirs = stored;
        return stored!;
      },
      this.#store,
    );
    if (theirs) throw new DraftChangedElsewhere(theirs);
  }

  delete(id: string): Promise<void> {
    return del(id, this.#store);
  }
}

/** How the bucket's copy of the drafts stands, for the builder's save line. */
export type BucketStatus =
  | { state: 'none' }
  | { state: 'saving' }
  | { state: 'saved'; at: number }
  | { state: 'failed'; message: string };

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
  /** Each draft's copy as this device last had it from the bucket or sent it, and every save of it this device made or saw. */
  readonly #synced = new Map<string, Draft>();
  readonly #known = new Map<string, Set<string | undefined>>();
  readonly #elsewhere = new Set<(theirs: Draft, base: Draft | undefined) => void>();

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
    bucket.catch((error: unknown) =>
      this.#report({ state: 'failed', message: this.describe(error) }),
    );
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
    const [mine, theirs] = await Promise.all([
      this.local.get(id),
      bucket ? bucket.get(id).catch(() => undefined) : undefined,
    ]);
    if (mine) this.#know(mine);
    if (theirs) this.#sync(theirs);
    if (!mine || !theirs) return mine ?? theirs;
    return theirs.updated > mine.updated ? theirs : mine;
  }

  onChangedElsewhere(listener: (theirs: Draft, base: Draft | undefined) => void): () => void {
    this.#elsewhere.add(listener);
    return () => this.#elsewhere.delete(listener);
  }

  #know(draft: Draft): void {
    const known = this.#known.get(draft.id) ?? new Set();
    known.add(draft.rev);
    this.#known.set(draft.id, known);
  }

  #sync(draft: Draft): void {
    this.#know(draft);
    this.#synced.set(draft.id, draft);
  }

  async put(draft: Draft, over?: Over): Promise<void> {
    await this.local.put(draft, over);
    if (over) this.#know({ ...draft, rev: over.rev });
    this.#know(draft);
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
      await Promise.all(drafts.map((draft) => this.#send(bucket, draft)));
      this.#report({ state: 'saved', at: Date.now() });
    } catch (error) {
      // Kept for the next try, unless a newer change has replaced it meanwhile.
      for (const draft of drafts)
        if (!this.#waiting.has(draft.id)) this.#waiting.set(draft.id, draft);
      this.#report({ state: 'failed', message: this.describe(error) });
    }
  }

  /**
   * The draft's copy sent to the bucket, unless the bucket holds a save this device never made nor
   * saw (another device's since): that one is not written over, and the builder is told.
   */
  async #send(bucket: DraftStore, draft: Draft): Promise<void> {
    const there = await bucket.get(draft.id);
    if (there && !this.#known.get(draft.id)?.has(there.rev)) {
      const base = this.#synced.get(draft.id);
      this.#sync(there);
      for (const listener of this.#elsewhere) listener(there, base);
      return;
    }
    await bucket.put(draft);
    this.#sync(draft);
  }

  /** Gone from both places; rejects (with the draft kept in the bucket) if the bucket's copy could not be deleted. */
  async delete(id: string): Promise<void> {
    this.#waiting.delete(id);
    await this.local.delete(id);
    const bucket = await this.#bucket();
    await bucket?.delete(id);
  }
}
