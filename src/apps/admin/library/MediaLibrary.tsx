import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { PhotoUsage } from '../admin-data.ts';
import type { MediaLibrary } from '../../media/library.ts';
import type { LibraryPhoto } from '../../../kernel/wire/media-library.ts';
import { describeStorageError, type DescribedStorageError } from '../../media/storage-errors.ts';
import { plural } from '../../shared/format.ts';
import { DeleteDialog } from './DeleteDialog.tsx';
import { useOpening } from '../../shared/use-opening.ts';
import { PhotoDetails } from './PhotoDetails.tsx';
import { PhotoGrid } from './PhotoGrid.tsx';
import { shownPhotos, SORTS, type SortKey } from '../../shared/library/photos.ts';
import { StorageProblem } from '../../shared/library/StorageProblem.tsx';
import { UploadPanel } from './UploadPanel.tsx';
import { useUploads } from './use-uploads.ts';

type Listing =
  | { status: 'loading' }
  | { status: 'failed'; error: DescribedStorageError }
  | { status: 'loaded' };

/**
 * The media library: photos in the bucket's media/ folder. Add (picker, drop, paste), browse
 * (search, sort), details, edit, replace and delete. What the library shows follows what the
 * service has confirmed: an upload joins the grid once stored, a deleted photo leaves it once deleted.
 */
export function MediaLibrarySection({
  library,
  usage,
  onReady,
}: {
  library: MediaLibrary;
  usage: PhotoUsage | undefined;
  onReady: () => void;
}) {
  const [photos, setPhotos] = useState<LibraryPhoto[]>([]);
  const [listing, setListing] = useState<Listing>({ status: 'loading' });
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortKey>('date');
  // The photo whose details are open, and the Delete confirmation: a new dialog for each opening
  // (use-opening.ts).
  const details = useOpening<string>();
  const deleting = useOpening();
  const [message, setMessage] = useState('');
  const [deletedCount, setDeletedCount] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const photosRef = useRef(photos);
  useLayoutEffect(() => {
    photosRef.current = photos;
  });

  // Lists the library; the listing says "loading" already (at first, or set by retry).
  const list = useCallback(() => {
    void library
      .list()
      .then(
        (listed) => {
          setPhotos(listed);
          setListing({ status: 'loaded' });
        },
        (error: unknown) => setListing({ status: 'failed', error: describeStorageError(error) }),
      )
      .finally(onReady);
  }, [library, onReady]);
  useEffect(list, [list]);

  // Once the dialogs have closed (the page is no longer inert): focus goes back to the library.
  useEffect(() => {
    if (deletedCount > 0) heading.current?.focus();
  }, [deletedCount]);

  const announce = useCallback((text: string) => setMessage(text), []);
  const upsert = useCallback(
    (photo: LibraryPhoto) =>
      setPhotos((all) => [...all.filter((p) => p.file.fullPath !== photo.file.fullPath), photo]),
    [],
  );
  const existing = useCallback(
    () => new Set(photosRef.current.map((photo) => photo.file.fullPath)),
    [],
  );
  const uploads = useUploads(library, existing, upsert, announce);

  const shown = shownPhotos(photos, search, sort);
  const selected = photos.find((photo) => photo.file.fullPath === details.opened?.value);

  return (
    <section className="admin-section" id="library" aria-labelledby="library-heading">
      <h2 id="library-heading" ref={heading} tabIndex={-1}>
        Media library
      </h2>
      <p>
        Photos for the site’s pages. Content uses one as{' '}
        <code>![alt text](storage:media/name.jpg)</code> (“Copy for Markdown” in a photo’s details
        gives it); the build makes its responsive versions, so visitors never load it from the
        library.
      </p>
      <p className="admin-status" data-testid="library-status">
        <output>{message}</output>
      </p>
      <UploadPanel uploads={uploads} />
      <h3>Photos in the library</h3>
      {listing.status === 'loading' ? (
        <p>
          <output>Loading the library…</output>
        </p>
      ) : null}
      {listing.status === 'failed' ? (
        <>
          <StorageProblem error={listing.error} />
          <button
            type="button"
            className="button"
            onClick={() => {
              setListing({ status: 'loading' });
              list();
            }}
          >
            Try again
          </button>
        </>
      ) : null}
      {listing.status === 'loaded' ? (
        <>
          <div className="admin-filters">
            <div className="field">
              <label htmlFor="library-search">Search by name or alt text</label>
              <input
                id="library-search"
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="library-sort">Sort by</label>
              <select
                id="library-sort"
                value={sort}
                onChange={(event) => setSort(event.target.value as SortKey)}
              >
                {Object.entries(SORTS).map(([key, { label }]) => (
                  <option key={key} value={key}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p className="admin-note">
            {search
              ? `${plural(shown.length, 'photo')} of ${photos.length} match.`
              : photos.length === 0
                ? 'The library is empty: add the first photos above.'
                : `${plural(photos.length, 'photo')}.`}
          </p>
          <PhotoGrid
            photos={shown}
            library={library}
            onOpen={(photo) => details.open(photo.file.fullPath)}
          />
        </>
      ) : null}
      {selected && details.opened ? (
        <PhotoDetails
          key={details.opened.key}
          photo={selected}
          library={library}
          onChanged={upsert}
          onDelete={() => deleting.open(true)}
          onClose={details.close}
          announce={announce}
        />
      ) : null}
      {selected && deleting.opened ? (
        <DeleteDialog
          key={deleting.opened.key}
          photo={selected}
          uses={usage ? (usage[selected.file.fullPath] ?? []) : undefined}
          library={library}
          onClose={deleting.close}
          onDeleted={() => {
            const name = selected.file.name;
            deleting.close();
            details.close();
            setPhotos((all) =>
              all.filter((photo) => photo.file.fullPath !== selected.file.fullPath),
            );
            announce(`${name} was deleted from the library.`);
            setDeletedCount((n) => n + 1);
          }}
        />
      ) : null}
    </section>
  );
}
