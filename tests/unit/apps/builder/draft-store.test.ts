// The builder's drafts in this browser and, a moment after each change, in the Storage bucket:
// a save is done once it is in this browser; the bucket's copy follows each pause in editing, one
// upload however many changes came before it; a failed copy is said in words and tried again with
// the next change; reading gives the newer copy (another device's edit); deleting removes both; a
// save made meanwhile in another tab, or on another device for the bucket's copy, is never written
// over unseen.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Draft } from '../../../../src/apps/builder/draft.ts';
import {
  DraftChangedElsewhere,
  mayReplace,
  MirroredDraftStore,
  type BucketStatus,
  type DraftStore,
  type Over,
} from '../../../../src/apps/builder/draft-store.ts';

class MemoryStore implements DraftStore {
  readonly drafts = new Map<string, Draft>();
  puts = 0;
  failing: Error | null = null;
  constructor(readonly label: string) {}
  async list() {
    if (this.failing) throw this.failing;
    return [...this.drafts.values()].sort((a, b) => b.updated - a.updated);
  }
  async get(id: string) {
    if (this.failing) throw this.failing;
    return this.drafts.get(id);
  }
  /** As IndexedDbDraftStore: read and written at once, refused over a save its writer did not see. */
  async put(draft: Draft, over?: Over) {
    if (this.failing) throw this.failing;
    const stored = this.drafts.get(draft.id);
    if (!mayReplace(stored, over)) throw new DraftChangedElsewhere(structuredClone(stored!));
    this.puts += 1;
    this.drafts.set(draft.id, structuredClone(draft));
  }
  async delete(id: string) {
    if (this.failing) throw this.failing;
    this.drafts.delete(id);
  }
}

const draft = (id: string, updated: number, title = 'Spring offer'): Draft => ({
  id,
  kind: 'pages',
  data: { title },
  body: '',
  blockIds: [],
  updated,
});
const words = (error: unknown) => `In words: ${(error as Error).message}.`;

let local: MemoryStore;
let bucket: MemoryStore;
let store: MirroredDraftStore;
let statuses: BucketStatus['state'][];

beforeEach(() => {
  vi.useFakeTimers();
  local = new MemoryStore('This browser');
  bucket = new MemoryStore('Storage bucket');
  store = new MirroredDraftStore(local, Promise.resolve(bucket), words, 1500);
  statuses = [];
  store.onBucketStatus((status) => statuses.push(status.state));
});
afterEach(() => vi.useRealTimers());

describe('saving', () => {
  it('is in this browser at once, and in the bucket after a pause: one upload for a burst of changes', async () => {
    for (let i = 1; i <= 5; i += 1) {
      await store.put(draft('a', i, `Title ${i}`));
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(local.drafts.get('a')?.data.title).toBe('Title 5');
    expect(bucket.puts).toBe(0);
    await vi.advanceTimersByTimeAsync(1500);
    expect(bucket.puts).toBe(1);
    expect(bucket.drafts.get('a')?.data.title).toBe('Title 5');
    expect(statuses).toEqual(['saving', 'saved']);
  });

  it('says in words when the bucket copy fails, keeps it, and sends it with the next change', async () => {
    bucket.failing = new Error('the bucket said no');
    await store.put(draft('a', 1));
    await vi.advanceTimersByTimeAsync(1500);
    expect(store.status).toEqual({ state: 'failed', message: 'In words: the bucket said no.' });
    expect(local.drafts.has('a')).toBe(true);
    bucket.failing = null;
    await store.put(draft('b', 2));
    await vi.advanceTimersByTimeAsync(1500);
    expect([...bucket.drafts.keys()].sort()).toEqual(['a', 'b']);
    expect(store.status.state).toBe('saved');
  });

  it('sends what waits at once on flush (a hidden tab, the dashboard before it lists)', async () => {
    await store.put(draft('a', 1));
    await store.flush();
    expect(bucket.drafts.has('a')).toBe(true);
  });

  it('with no bucket, saves in this browser and reports nothing about a bucket', async () => {
    const alone = new MirroredDraftStore(local, Promise.resolve(null), words, 1500);
    await alone.put(draft('a', 1));
    await vi.advanceTimersByTimeAsync(2000);
    expect(local.drafts.has('a')).toBe(true);
    expect(alone.status).toEqual({ state: 'none' });
    expect((await alone.places()).map((place) => place.label)).toEqual(['This browser']);
  });

  it('when the Storage SDK cannot load, says so, and keeps saving in this browser', async () => {
    const broken = new MirroredDraftStore(
      local,
      Promise.reject(new Error('the SDK did not load')),
      words,
      1500,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(broken.status).toEqual({ state: 'failed', message: 'In words: the SDK did not load.' });
    await broken.put(draft('a', 1));
    expect(local.drafts.has('a')).toBe(true);
  });
});

describe('two tabs or devices', () => {
  it('refuses a save over one made meanwhile in another tab, and writes nothing', async () => {
    await store.put({ ...draft('a', 1, 'First tab'), rev: 'r1' }, { rev: undefined });
    await store.put({ ...draft('a', 2, 'First tab again'), rev: 'r2' }, { rev: 'r1' });
    const refused = await store
      .put({ ...draft('a', 3, 'Second tab'), rev: 'r3' }, { rev: 'r1' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DraftChangedElsewhere);
    expect((refused as DraftChangedElsewhere).theirs).toMatchObject({
      rev: 'r2',
      data: { title: 'First tab again' },
    });
    expect(local.drafts.get('a')?.rev).toBe('r2');
  });

  it('does not send its copy over one another device put in the bucket since, and says so with the copy both started from', async () => {
    bucket.drafts.set('a', { ...draft('a', 1, 'Both started here'), rev: 'r1' });
    local.drafts.set('a', { ...draft('a', 1, 'Both started here'), rev: 'r1' });
    await store.get('a');
    const told: [string | undefined, string | undefined][] = [];
    store.onChangedElsewhere((theirs, base) => told.push([theirs.rev, base?.rev]));
    // The phone saves its own change to the bucket; this device saves another.
    bucket.drafts.set('a', { ...draft('a', 2, 'Changed on the phone'), rev: 'p1' });
    await store.put({ ...draft('a', 3, 'Changed here'), rev: 'r2' }, { rev: 'r1' });
    await store.flush();

    expect(bucket.drafts.get('a')?.data.title).toBe('Changed on the phone');
    expect(told).toEqual([['p1', 'r1']]);
    // Once seen (joined, or kept over it), the next copy goes.
    await store.put({ ...draft('a', 4, 'Both joined'), rev: 'r3' }, { rev: 'r2' });
    await store.flush();
    expect(bucket.drafts.get('a')?.data.title).toBe('Both joined');
  });
});

describe('reading', () => {
  it('opens the newer copy: a draft edited on another device opens as it was left there', async () => {
    local.drafts.set('a', draft('a', 1, 'Before'));
    bucket.drafts.set('a', draft('a', 2, 'Edited on the phone'));
    bucket.drafts.set('b', draft('b', 3, 'Only in the bucket'));
    expect((await store.get('a'))?.data.title).toBe('Edited on the phone');
    expect((await store.get('b'))?.data.title).toBe('Only in the bucket');
    bucket.failing = new Error('offline');
    expect((await store.get('a'))?.data.title).toBe('Before');
  });

  it('lists this browser’s drafts for restoring, and both places for the dashboard', async () => {
    local.drafts.set('a', draft('a', 1));
    bucket.drafts.set('b', draft('b', 2));
    expect((await store.list()).map((d) => d.id)).toEqual(['a']);
    const places = await store.places();
    expect(places.map((place) => place.label)).toEqual(['This browser', 'Storage bucket']);
    expect((await places[1]!.list()).map((d) => d.id)).toEqual(['b']);
  });
});

describe('deleting', () => {
  it('removes both copies, and a waiting copy is not sent afterwards', async () => {
    bucket.drafts.set('a', draft('a', 1));
    await store.put(draft('a', 2));
    await store.delete('a');
    await vi.advanceTimersByTimeAsync(2000);
    expect(local.drafts.has('a')).toBe(false);
    expect(bucket.drafts.has('a')).toBe(false);
  });

  it('rejects when the bucket copy stays, so the dashboard can say so', async () => {
    bucket.drafts.set('a', draft('a', 1));
    local.drafts.set('a', draft('a', 1));
    bucket.failing = new Error('no permission');
    await expect(store.delete('a')).rejects.toThrow('no permission');
    expect(local.drafts.has('a')).toBe(false);
  });
});
