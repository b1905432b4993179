/**
 * The media library as an image picker, for the block builder's image fields (its ImageField takes
 * "pick an image → { src, alt }"): a searchable list of the library's photos, each with "Use this
 * photo", which gives `{ src: 'storage:media/<name>', alt }`, the reference content uses. A photo
 * without alt text cannot be picked (it could not be placed in content). The builder gives it the
 * read-only library (`libraryReader`, src/apps/media/firebase-library.ts) in a dialog (ImageField.tsx).
 * Each photo shows its stored thumbnail, as on /admin: opening the picker fetches no photo itself.
 */
import { useEffect, useState } from 'react';
import { libraryReference } from '../../../kernel/wire/library-reference.ts';
import type { MediaLibrary } from '../../media/library.ts';
import type { LibraryPhoto } from '../../../kernel/wire/media-library.ts';
import { describeStorageError, type DescribedStorageError } from '../../media/storage-errors.ts';
import { useDomId } from '../dom-id.ts';
import { altOf, shownPhotos } from './photos.ts';
import { StorageProblem } from './StorageProblem.tsx';
import { Thumbnail } from './Thumbnail.tsx';

export interface PickedImage {
  src: string;
  alt: string;
}

/** What picking a photo gives an image field; null for a photo without alt text. */
export function pickedImage(photo: LibraryPhoto): PickedImage | null {
  const alt = altOf(photo);
  return alt ? { src: libraryReference(photo.file.fullPath), alt } : null;
}

export function LibraryPicker({
  library,
  onPick,
  selected,
}: {
  library: Pick<MediaLibrary, 'list' | 'preview' | 'thumbnail'>;
  onPick: (image: PickedImage) => void;
  selected?: string;
}) {
  const [photos, setPhotos] = useState<LibraryPhoto[] | null>(null);
  const [error, setError] = useState<DescribedStorageError | null>(null);
  const [search, setSearch] = useState('');
  const searchId = useDomId('picker-search');

  useEffect(() => {
    library.list().then(setPhotos, (caught: unknown) => setError(describeStorageError(caught)));
  }, [library]);

  if (error) return <StorageProblem error={error} />;
  if (!photos)
    return (
      <p>
        <output>Loading the media library…</output>
      </p>
    );
  return (
    <div className="admin-picker">
      <div className="field">
        <label htmlFor={searchId}>Search the media library</label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <ul className="admin-grid">
        {shownPhotos(photos, search, 'name').map((photo) => {
          const picked = pickedImage(photo);
          const reference = libraryReference(photo.file.fullPath);
          const action = selected === reference ? 'Chosen' : 'Use this photo';
          return (
            <li key={photo.file.fullPath} className="admin-card">
              <Thumbnail photo={photo} library={library} className="admin-thumb" />
              <h3 className="admin-card-name">{photo.file.name}</h3>
              {picked ? (
                <p className="admin-note">{picked.alt}</p>
              ) : (
                <p className="admin-badge">Needs alt text: add it on /admin first</p>
              )}
              {/* The name starts with the words shown (WCAG 2.5.3, label in name): a speech user says what they see. */}
              <button
                type="button"
                className="button button-secondary"
                disabled={!picked}
                aria-pressed={selected === reference}
                onClick={() => picked && onPick(picked)}
                aria-label={`${action}: ${photo.file.name}`}
              >
                {action}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
