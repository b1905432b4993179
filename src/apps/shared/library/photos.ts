// Small facts about library photos the screen shows and sorts by.
import type { LibraryPhoto } from '../../../kernel/wire/media-library.ts';
import { ALT_KEY } from '../../../kernel/wire/library-reference.ts';

export const altOf = (photo: LibraryPhoto) => photo.file.customMetadata?.[ALT_KEY]?.trim() ?? '';
export const needsAlt = (photo: LibraryPhoto) => altOf(photo) === '';

export const SORTS = {
  name: {
    label: 'Name (A to Z)',
    compare: (a: LibraryPhoto, b: LibraryPhoto) => a.file.name.localeCompare(b.file.name),
  },
  // Times as times, not text: the service's timestamps need not all have as many digits.
  date: {
    label: 'Date (newest first)',
    compare: (a: LibraryPhoto, b: LibraryPhoto) =>
      Date.parse(b.file.updated) - Date.parse(a.file.updated) ||
      a.file.name.localeCompare(b.file.name),
  },
  size: {
    label: 'Size (largest first)',
    compare: (a: LibraryPhoto, b: LibraryPhoto) =>
      b.file.size - a.file.size || a.file.name.localeCompare(b.file.name),
  },
} as const;
export type SortKey = keyof typeof SORTS;

/** Photos whose name or alt text contains every word of the search, in the chosen order. */
export function shownPhotos(
  photos: readonly LibraryPhoto[],
  search: string,
  sort: SortKey,
): LibraryPhoto[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return photos
    .filter((photo) =>
      words.every((word) => `${photo.file.name} ${altOf(photo)}`.toLowerCase().includes(word)),
    )
    .sort(SORTS[sort].compare);
}
