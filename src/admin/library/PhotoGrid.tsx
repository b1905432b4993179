import { useState } from 'react';
import type { LibraryPhoto } from '../../media/library.ts';
import { formatBytes, formatTime } from '../format.ts';
import { altOf, needsAlt, thumbnailOf } from './photos.ts';

/** The library as a grid: thumbnail, name, dimensions, size and date, "needs alt text" where it is missing, and Details. */
export function PhotoGrid({ photos, onOpen }: { photos: readonly LibraryPhoto[]; onOpen: (photo: LibraryPhoto) => void }) {
  return (
    <ul className="admin-grid" aria-label="Photos in the library">
      {photos.map((photo) => (
        <PhotoCard key={photo.file.fullPath} photo={photo} onOpen={onOpen} />
      ))}
    </ul>
  );
}

function PhotoCard({ photo, onOpen }: { photo: LibraryPhoto; onOpen: (photo: LibraryPhoto) => void }) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const { file } = photo;
  return (
    <li className="admin-card" data-path={file.fullPath}>
      <img
        className="admin-thumb"
        src={thumbnailOf(photo)}
        alt={altOf(photo)}
        loading="lazy"
        decoding="async"
        width={320}
        height={213}
        onLoad={(event) => setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
      />
      <h4 className="admin-card-name">{file.name}</h4>
      <p className="admin-card-facts">
        <span>{size ? `${size.width} × ${size.height} px` : 'Size in pixels when shown'}</span>
        <span>{formatBytes(file.size)}</span>
        <span>{formatTime(file.updated)}</span>
      </p>
      {needsAlt(photo) ? <p className="admin-badge">Needs alt text</p> : null}
      <button type="button" className="button button-secondary" onClick={() => onOpen(photo)} aria-label={`Details of ${file.name}`}>
        Details
      </button>
    </li>
  );
}
