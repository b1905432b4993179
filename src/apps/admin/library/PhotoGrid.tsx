import { useState } from 'react';
import type { MediaLibrary } from '../../media/library.ts';
import type { LibraryPhoto } from '../../../kernel/wire/media-library.ts';
import { formatBytes, formatTime } from '../../shared/format.ts';
import { needsAlt } from '../../shared/library/photos.ts';
import { Thumbnail } from '../../shared/library/Thumbnail.tsx';

/** The library as a grid: thumbnail (the stored one: never the photo itself), name, dimensions, size and date, "needs alt text" where it is missing, and Details. */
export function PhotoGrid({
  photos,
  library,
  onOpen,
}: {
  photos: readonly LibraryPhoto[];
  library: MediaLibrary;
  onOpen: (photo: LibraryPhoto) => void;
}) {
  return (
    <ul className="admin-grid">
      {photos.map((photo) => (
        <PhotoCard key={photo.file.fullPath} photo={photo} library={library} onOpen={onOpen} />
      ))}
    </ul>
  );
}

function PhotoCard({
  photo,
  library,
  onOpen,
}: {
  photo: LibraryPhoto;
  library: MediaLibrary;
  onOpen: (photo: LibraryPhoto) => void;
}) {
  // undefined while the thumbnail loads; null when it could not be made (its size is not known here).
  const [size, setSize] = useState<{ width: number; height: number } | null | undefined>(undefined);
  const { file } = photo;
  return (
    <li className="admin-card" data-path={file.fullPath}>
      <Thumbnail photo={photo} library={library} className="admin-thumb" onSize={setSize} />
      <h4 className="admin-card-name">{file.name}</h4>
      <p className="admin-card-facts">
        <span>
          {size
            ? `${size.width} × ${size.height} px`
            : size === null
              ? 'Size in pixels not known'
              : 'Measuring…'}
        </span>
        <span>{formatBytes(file.size)}</span>
        <span>{formatTime(file.updated)}</span>
      </p>
      {needsAlt(photo) ? <p className="admin-badge">Needs alt text</p> : null}
      <button
        type="button"
        className="button button-secondary"
        onClick={() => onOpen(photo)}
        aria-label={`Details of ${file.name}`}
      >
        Details
      </button>
    </li>
  );
}
