// The thumbnails' decisions (src/apps/media/thumbnails.ts), with the bucket and the browser's drawing
// stood in: which requests a screen makes for a photo with a thumbnail, without one, replaced,
// deleted, or one no thumbnail can be made of, and what it shows then.
import { describe, expect, it } from 'vitest';
import {
  NO_WEBP,
  thumbnails,
  ThumbnailProblem,
  UNREADABLE,
  type ThumbnailDrawing,
  type ThumbnailStore,
} from '../../../../src/apps/media/thumbnails.ts';

const KITCHEN = { fullPath: 'media/kitchen.jpg', generation: '1795856254295' };

/** A bucket in memory that counts what is asked of it. */
function bucket(files: Record<string, string> = {}) {
  const objects = new Map(Object.entries(files));
  const asked = {
    list: 0,
    read: [] as string[],
    original: [] as string[],
    write: [] as string[],
    remove: [] as string[],
  };
  let failing: Error | null = null;
  let refusing = false;
  const store: ThumbnailStore = {
    async list(folder) {
      asked.list += 1;
      if (failing) throw failing;
      return [...objects.keys()]
        .filter((path) => path.startsWith(`${folder}/`))
        .map((path) => path.slice(folder.length + 1));
    },
    async read(path) {
      asked.read.push(path);
      return new Blob([objects.get(path)!]);
    },
    async write(path, thumbnail) {
      asked.write.push(path);
      if (refusing)
        throw Object.assign(new Error('unauthorized'), { code: 'storage/unauthorized' });
      objects.set(path, await thumbnail.text());
    },
    async original(fullPath) {
      asked.original.push(fullPath);
      return new Blob([objects.get(fullPath)!]);
    },
    async remove(path) {
      asked.remove.push(path);
      objects.delete(path);
    },
  };
  return {
    store,
    objects,
    asked,
    fail: (error: Error | null) => (failing = error),
    refuseWrites: (refuse: boolean) => (refusing = refuse),
  };
}

/** Drawing as a browser would: "damaged" bytes cannot be opened; every photo is 1600 × 1067. */
function drawing({ webp = true } = {}) {
  let drawingNow = 0;
  let most = 0;
  const draw: ThumbnailDrawing = {
    canEncode: async () => webp,
    async draw(photo) {
      drawingNow += 1;
      most = Math.max(most, drawingNow);
      const text = await photo.text();
      await new Promise((resolve) => setTimeout(resolve, 1));
      drawingNow -= 1;
      if (text.includes('damaged')) throw new ThumbnailProblem(UNREADABLE);
      return { thumbnail: new Blob([`small ${text}`]), width: 1600, height: 1067 };
    },
    show: async (image) => `data:${await image.text()}`,
  };
  return { draw, mostAtOnce: () => most };
}

const quiet = () => {};

describe('a photo with its thumbnail', () => {
  it("shows the stored thumbnail, with the photo's size from its name, and never fetches the photo", async () => {
    const { store, asked } = bucket({
      'media/kitchen.jpg': 'four megabytes',
      'thumbnails/kitchen.jpg/1795856254295-1600x1067.webp': 'small kitchen',
    });
    const made = thumbnails(store, drawing().draw, { log: quiet });
    expect(await made.of(KITCHEN)).toEqual({
      kind: 'shown',
      preview: { src: 'data:small kitchen', width: 1600, height: 1067 },
    });
    expect(asked).toMatchObject({
      list: 1,
      read: ['thumbnails/kitchen.jpg/1795856254295-1600x1067.webp'],
      original: [],
      write: [],
    });
  });

  it('is looked up once per page, however many cards and dialogs show it', async () => {
    const { store, asked } = bucket({
      'thumbnails/kitchen.jpg/1795856254295-1600x1067.webp': 'small kitchen',
    });
    const made = thumbnails(store, drawing().draw, { log: quiet });
    await Promise.all([made.of(KITCHEN), made.of(KITCHEN), made.of({ ...KITCHEN })]);
    expect(asked.list).toBe(1);
    expect(asked.read).toHaveLength(1);
  });

  it('is tried again on the next look when the bucket could not be reached', async () => {
    const { store, asked, fail } = bucket({
      'thumbnails/kitchen.jpg/1795856254295-1600x1067.webp': 'small kitchen',
    });
    const made = thumbnails(store, drawing().draw, { log: quiet });
    fail(Object.assign(new Error('offline'), { code: 'storage/retry-limit-exceeded' }));
    await expect(made.of(KITCHEN)).rejects.toThrow('offline');
    fail(null);
    expect((await made.of(KITCHEN)).kind).toBe('shown');
    expect(asked.list).toBe(2);
  });
});

describe('a photo uploaded before thumbnails existed', () => {
  it('gets its thumbnail made once, from the photo, on its first view; later views load the thumbnail only', async () => {
    const { store, asked, objects } = bucket({ 'media/kitchen.jpg': 'kitchen' });
    const first = thumbnails(store, drawing().draw, { log: quiet });
    expect(await first.of(KITCHEN)).toEqual({
      kind: 'shown',
      preview: { src: 'data:small kitchen', width: 1600, height: 1067 },
    });
    expect(await first.of(KITCHEN)).toMatchObject({ kind: 'shown' });
    expect(asked.original).toEqual(['media/kitchen.jpg']);
    expect(asked.write).toEqual(['thumbnails/kitchen.jpg/1795856254295-1600x1067.webp']);
    expect(objects.get('thumbnails/kitchen.jpg/1795856254295-1600x1067.webp')).toBe(
      'small kitchen',
    );

    const later = thumbnails(store, drawing().draw, { log: quiet });
    expect(await later.of(KITCHEN)).toMatchObject({
      kind: 'shown',
      preview: { src: 'data:small kitchen' },
    });
    expect(asked.original).toHaveLength(1);
  });

  it('is shown even when its thumbnail cannot be stored, and made again next time', async () => {
    const { store, asked, refuseWrites } = bucket({ 'media/kitchen.jpg': 'kitchen' });
    const logged: string[] = [];
    refuseWrites(true);
    expect(
      await thumbnails(store, drawing().draw, { log: (line) => logged.push(line) }).of(KITCHEN),
    ).toMatchObject({ kind: 'shown', preview: { src: 'data:small kitchen' } });
    expect(logged).toEqual([
      expect.stringContaining(
        'thumbnails/kitchen.jpg/1795856254295-1600x1067.webp could not be stored',
      ),
    ]);
    refuseWrites(false);
    await thumbnails(store, drawing().draw, { log: quiet }).of(KITCHEN);
    expect(asked.original).toHaveLength(2);
  });

  it('are made one at a time: each photo is fetched and decoded whole', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 5 }, (_, i) => [`media/photo-${i}.jpg`, `photo ${i}`]),
    );
    const { store } = bucket(files);
    const draw = drawing();
    const made = thumbnails(store, draw.draw, { log: quiet });
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        made.of({ fullPath: `media/photo-${i}.jpg`, generation: '1' }),
      ),
    );
    expect(draw.mostAtOnce()).toBe(1);
  });
});

describe('uploading and replacing', () => {
  it("draws the thumbnail from the file just sent, stores it beside the photo and removes the older version's", async () => {
    const { store, asked, objects } = bucket({
      'thumbnails/kitchen.jpg/1000-800x600.webp': 'small old kitchen',
      'thumbnails/garden.png/1000-800x600.webp': 'small garden',
    });
    const made = thumbnails(store, drawing().draw, { log: quiet });
    const replaced = { fullPath: 'media/kitchen.jpg', generation: '2000' };
    expect(await made.stored(replaced, new Blob(['new kitchen']))).toMatchObject({
      kind: 'shown',
      preview: { src: 'data:small new kitchen', width: 1600, height: 1067 },
    });
    // The card that shows the new version asks for it: already there, nothing fetched.
    expect(await made.of(replaced)).toMatchObject({
      kind: 'shown',
      preview: { src: 'data:small new kitchen' },
    });
    await expect.poll(() => asked.remove).toEqual(['thumbnails/kitchen.jpg/1000-800x600.webp']);
    expect([...objects.keys()].sort()).toEqual([
      'thumbnails/garden.png/1000-800x600.webp',
      'thumbnails/kitchen.jpg/2000-1600x1067.webp',
    ]);
    expect(asked.original).toEqual([]);
    expect(asked.read).toEqual([]);
  });

  it("removes a deleted photo's thumbnails, and no other photo's", async () => {
    const { store, objects } = bucket({
      'thumbnails/kitchen.jpg/1000-800x600.webp': 'a',
      'thumbnails/kitchen.jpg/2000-800x600.webp': 'b',
      'thumbnails/kitchen.jpg-2.jpg/1000-800x600.webp': 'c',
    });
    await thumbnails(store, drawing().draw, { log: quiet }).removed('media/kitchen.jpg');
    expect([...objects.keys()]).toEqual(['thumbnails/kitchen.jpg-2.jpg/1000-800x600.webp']);
  });
});

describe('when no thumbnail can be made', () => {
  it('a photo the browser cannot open shows a placeholder with the reason; the photo is left as it is and nothing is stored', async () => {
    const { store, asked } = bucket({ 'media/kitchen.jpg': 'damaged bytes' });
    const made = thumbnails(store, drawing().draw, { log: quiet });
    expect(await made.of(KITCHEN)).toEqual({ kind: 'placeholder', reason: UNREADABLE });
    expect(
      await made.stored({ fullPath: 'media/new.jpg', generation: '1' }, new Blob(['damaged too'])),
    ).toEqual({ kind: 'placeholder', reason: UNREADABLE });
    expect(asked.write).toEqual([]);
    expect(asked.remove).toEqual([]);
  });

  it('a browser that cannot encode WebP says so, and does not fetch the photo at all', async () => {
    const { store, asked } = bucket({ 'media/kitchen.jpg': 'kitchen' });
    const made = thumbnails(store, drawing({ webp: false }).draw, { log: quiet });
    expect(await made.of(KITCHEN)).toEqual({ kind: 'placeholder', reason: NO_WEBP });
    expect(
      await made.stored({ fullPath: 'media/new.jpg', generation: '1' }, new Blob(['new'])),
    ).toEqual({ kind: 'placeholder', reason: NO_WEBP });
    expect(asked.original).toEqual([]);
    expect(asked.write).toEqual([]);
    for (const reason of [NO_WEBP, UNREADABLE]) expect(reason).toMatch(/The photo is stored/);
  });
});
