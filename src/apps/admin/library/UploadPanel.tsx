import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useDomId } from '../../shared/dom-id.ts';
import { PHOTO_TYPES } from '../../../kernel/wire/media-rules.ts';
import { formatBytes } from '../../shared/format.ts';
import { StorageProblem } from '../../shared/library/StorageProblem.tsx';
import type { QueuedFile, Uploads } from './use-uploads.ts';

/** Adding photos: the file picker, drag-and-drop onto the drop zone, or pasting anywhere on the page; then their alt text, and Upload. */
export function UploadPanel({ uploads }: { uploads: Uploads }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  // Paste: photos copied elsewhere (a file, or an image from another app). Text pastes into fields as usual.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const files = [...(event.clipboardData?.files ?? [])];
      if (files.length === 0) return;
      event.preventDefault();
      uploads.add(files);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [uploads]);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) uploads.add(files);
  };
  const sendable = uploads.queue.filter((item) => item.state === 'ready');

  return (
    <div className="admin-upload">
      <h3>Add photos</h3>
      <div
        className={dragging ? 'admin-dropzone is-dragging' : 'admin-dropzone'}
        data-testid="dropzone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>
          Drop photos here, paste them, or choose them: JPEG, PNG, WebP or AVIF, 10 MB at most each.
        </p>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => input.current?.click()}
        >
          Choose photos
        </button>
        {/* The button opens it: a file input cannot be styled, nor show a focus ring of its own. */}
        <input
          ref={input}
          className="admin-file-input"
          tabIndex={-1}
          aria-label="Photos to add"
          type="file"
          multiple
          accept={PHOTO_TYPES.join(',')}
          onChange={(event) => {
            uploads.add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </div>
      {uploads.queue.length > 0 ? (
        <>
          <h4>Photos to upload</h4>
          <ul className="admin-queue">
            {uploads.queue.map((item) => (
              <QueueRow key={item.id} item={item} uploads={uploads} />
            ))}
          </ul>
          {sendable.length > 0 ? (
            <button
              type="button"
              className="button"
              onClick={() => uploads.send(sendable.map((item) => item.id))}
            >
              Upload {sendable.length === 1 ? 'the photo' : `${sendable.length} photos`}
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function QueueRow({ item, uploads }: { item: QueuedFile; uploads: Uploads }) {
  const altId = useDomId('upload-alt');
  const name = item.fullPath.slice(item.fullPath.indexOf('/') + 1);
  const percent =
    item.progress.total > 0
      ? Math.round((item.progress.transferred / item.progress.total) * 100)
      : 0;
  return (
    <li className="admin-queue-item" data-status={item.state}>
      <p className="admin-queue-name">
        <strong>{item.file.name}</strong> ({formatBytes(item.file.size)}), to be stored as{' '}
        <code>{name}</code>
      </p>
      {item.state === 'rejected' ? (
        <p className="form-error" role="alert">
          {item.rejection}
        </p>
      ) : null}
      {item.state !== 'rejected' ? (
        <div className="field">
          <label htmlFor={altId}>Alt text: what the photo shows</label>
          <p className="field-hint" id={`${altId}-hint`}>
            For people who cannot see it. Without it the photo is marked “needs alt text” and cannot
            be placed in content.
          </p>
          <input
            id={altId}
            type="text"
            value={item.alt}
            aria-describedby={`${altId}-hint`}
            disabled={item.state === 'uploading'}
            onChange={(event) => uploads.setAlt(item.id, event.target.value)}
          />
        </div>
      ) : null}
      {item.state === 'uploading' ? (
        <div className="admin-progress">
          <progress max={100} value={percent} aria-label={`Uploading ${item.file.name}`} />
          <span>{percent}%</span>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => uploads.cancel(item.id)}
          >
            Cancel
          </button>
        </div>
      ) : null}
      {item.state === 'cancelled' ? (
        <p className="admin-note">Upload cancelled: nothing was added to the library.</p>
      ) : null}
      {item.state === 'failed' && item.error ? <StorageProblem error={item.error} /> : null}
      {item.state === 'failed' || item.state === 'cancelled' ? (
        <button type="button" className="button" onClick={() => uploads.send([item.id])}>
          Retry
        </button>
      ) : null}
      {item.state !== 'uploading' ? (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => uploads.remove(item.id)}
        >
          Remove from the list
        </button>
      ) : null}
    </li>
  );
}
