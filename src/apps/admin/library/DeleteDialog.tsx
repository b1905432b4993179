import { useState } from 'react';
import type { PhotoUse } from '../../../kernel/wire/build-files.ts';
import type { MediaLibrary } from '../../media/library.ts';
import type { LibraryPhoto } from '../../../kernel/wire/media-library.ts';
import { describeStorageError, type DescribedStorageError } from '../../media/storage-errors.ts';
import { ConfirmDialog } from '../../shared/ConfirmDialog.tsx';
import { plural } from '../../shared/format.ts';
import { StorageProblem } from '../../shared/library/StorageProblem.tsx';

/**
 * "Delete this photo?", listing the pages that use it (the last build's usage index): a photo still
 * in use makes the next build fail until those pages are changed. The photo leaves the library
 * only once the service says it is deleted (200 or 204).
 */
export function DeleteDialog({
  photo,
  uses,
  library,
  onDeleted,
  onClose,
}: {
  photo: LibraryPhoto;
  uses: readonly PhotoUse[] | undefined;
  library: MediaLibrary;
  onDeleted: () => void;
  onClose: () => void;
}) {
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<DescribedStorageError | null>(null);
  const { file } = photo;

  const remove = async () => {
    setDeleting(true);
    setError(null);
    try {
      await library.remove(file.fullPath);
      onDeleted();
    } catch (caught) {
      setError(describeStorageError(caught));
      setDeleting(false);
    }
  };

  return (
    <ConfirmDialog
      title={`Delete ${file.name}?`}
      action="Delete photo"
      busyAction="Deleting…"
      busy={deleting}
      onConfirm={() => void remove()}
      onClose={onClose}
      problem={error ? <StorageProblem error={error} /> : null}
    >
      {uses === undefined ? (
        <p>
          Which pages use this photo is unknown: the build’s content report could not be read. A
          page that still uses it will make the next build fail.
        </p>
      ) : uses.length === 0 ? (
        <p>No page uses this photo, as of the last build.</p>
      ) : (
        <>
          <p className="admin-warning">
            {plural(uses.length, 'page')} still {uses.length === 1 ? 'uses' : 'use'} this photo. If
            you delete it, the next build will fail until{' '}
            {uses.length === 1 ? 'that page is' : 'those pages are'} changed to use another photo or
            none:
          </p>
          <ul>
            {uses.map((use) => (
              <li key={`${use.route} ${use.file}`}>
                <a href={use.route}>{use.route}</a> (<code>{use.file}</code>)
              </li>
            ))}
          </ul>
        </>
      )}
      <p>Deleting cannot be undone.</p>
    </ConfirmDialog>
  );
}
