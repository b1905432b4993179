import { describe, expect, it } from 'vitest';
import { shownPhotos } from '../../../../../src/apps/shared/library/photos.ts';
import type { LibraryPhoto } from '../../../../../src/kernel/wire/media-library.ts';
import { ALT_KEY } from '../../../../../src/kernel/wire/library-reference.ts';

const photo = (name: string, updated: string, size: number, alt = ''): LibraryPhoto =>
  ({
    file: { name, updated, size, customMetadata: { [ALT_KEY]: alt } },
    url: `/media/${name}`,
  }) as unknown as LibraryPhoto;

const photos = [
  photo('oven.jpg', '2026-11-24T09:00:00.5Z', 300, 'A clean oven'),
  photo('kitchen.jpg', '2026-11-24T10:00:00Z', 100, 'A kitchen after a deep clean'),
  photo('Bathroom.webp', '2026-11-24T09:00:00Z', 200),
];
const names = (list: LibraryPhoto[]) => list.map((entry) => entry.file.name);

describe('shownPhotos', () => {
  it('sorts by date, newest first, as times even when the timestamps have different digits', () => {
    expect(names(shownPhotos(photos, '', 'date'))).toEqual([
      'kitchen.jpg',
      'oven.jpg',
      'Bathroom.webp',
    ]);
  });

  it('sorts by name as people read names, and by size, largest first', () => {
    expect(names(shownPhotos(photos, '', 'name'))).toEqual([
      'Bathroom.webp',
      'kitchen.jpg',
      'oven.jpg',
    ]);
    expect(names(shownPhotos(photos, '', 'size'))).toEqual([
      'oven.jpg',
      'Bathroom.webp',
      'kitchen.jpg',
    ]);
  });

  it('finds photos by every word of the search in the name or alt text', () => {
    expect(names(shownPhotos(photos, 'CLEAN', 'name'))).toEqual(['kitchen.jpg', 'oven.jpg']);
    expect(names(shownPhotos(photos, 'deep kitchen', 'name'))).toEqual(['kitchen.jpg']);
  });
});
