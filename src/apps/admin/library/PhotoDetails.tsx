import { useRef, useState } from 'react';
import { type MediaLibrary } from '../../media/library.ts';
import {
  STORED_FILE_FIELDS,
  type LibraryPhoto,
  type StoredFile,
} from '../../../kernel/wire/media-library.ts';
import { uploadProblem } from '../../../kernel/wire/media-rules.ts';
import { libraryReference, markdownFor } from '../../../kernel/wire/library-reference.ts';
import { describeStorageError, type DescribedStorageError } from '../../media/storage-errors.ts';
import { Dialog } from '../../shared/Dialog.tsx';
import { formatBytes, formatTime } from '../../shared/format.ts';
import { EditMetadata } from './EditMetadata.tsx';
import { altOf, needsAlt } from '../../shared/library/photos.ts';
import { StorageProblem } from '../../shared/library/StorageProblem.tsx';
import { Thumbnail } from '../../shared/library/Thumbnail.tsx';

const LABELS: Record<(typeof STORED_FILE_FIELDS)[number], string> = {
  bucket: 'Bucket',
  generation: 'Generation',
  metageneration: 'Metadata generation',
  name: 'Name',
  fullPath: 'Full path',
  size: 'Size',
  timeCreated: 'Created',
  updated: 'Updated',
  md5Hash: 'MD5 hash',
  cacheControl: 'Cache control',
  contentDisposition: 'Content disposition',
  contentEncoding: 'Content encoding',
  contentLanguage: 'Content language',
  contentType: 'Content type',
  customMetadata: 'Custom metadata',
};

function readable(field: keyof StoredFile, file: StoredFile) {
  const value = file[field];
  if (value === undefined || value === '') return <span className="admin-unset">Not set</span>;
  if (field === 'size')
    return `${formatBytes(file.size)} (${file.size.toLocaleString('en-GB')} bytes)`;
  if (field === 'timeCreated' || field === 'updated') return formatTime(file[field]);
  if (field === 'customMetadata') {
    const entries = Object.entries(file.customMetadata ?? {});
    if (entries.length === 0) return <span className="admin-unset">None</span>;
    return (
      <ul className="admin-plain-list">
        {entries.map(([key, text]) => (
          <li key={key}>
            <code>{key}</code>: {text}
          </li>
        ))}
      </ul>
    );
  }
  // The rest are the service's strings.
  return <code>{typeof value === 'string' ? value : JSON.stringify(value)}</code>;
}

type Replacing =
  | { status: 'idle' }
  | { status: 'uploading'; percent: number; cancel: () => void }
  | { status: 'failed'; error: DescribedStorageError }
  | { status: 'refused'; message: string };

/**
 * A photo's details: every field of its stored file metadata, "Copy link" and "Copy for Markdown", its alt text and custom
 * metadata to edit, Replace (a new version at the same path) and Delete (with its confirmation).
 */
export function PhotoDetails({
  photo,
  library,
  onChanged,
  onDelete,
  onClose,
  announce,
}: {
  photo: LibraryPhoto;
  library: MediaLibrary;
  onChanged: (photo: LibraryPhoto) => void;
  onDelete: () => void;
  onClose: () => void;
  announce: (message: string) => void;
}) {
  const { file } = photo;
  const [replacing, setReplacing] = useState<Replacing>({ status: 'idle' });
  const input = useRef<HTMLInputElement>(null);

  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      announce(`${what} copied.`);
    } catch {
      announce(`${what} could not be copied: select it below and copy it yourself.`);
    }
  };

  const replace = (next: File) => {
    const problem = uploadProblem(next);
    if (problem) return setReplacing({ status: 'refused', message: problem });
    const upload = library.upload(
      file.fullPath,
      next,
      { contentType: next.type, customMetadata: file.customMetadata ?? {} },
      ({ transferred, total }) =>
        setReplacing({
          status: 'uploading',
          percent: total > 0 ? Math.round((transferred / total) * 100) : 0,
          cancel: upload.cancel,
        }),
    );
    setReplacing({ status: 'uploading', percent: 0, cancel: upload.cancel });
    upload.done.then(
      (replaced) => {
        setReplacing({ status: 'idle' });
        onChanged(replaced);
        announce(`${file.name} was replaced with ${next.name}.`);
      },
      (error: unknown) => {
        const described = describeStorageError(error);
        setReplacing(
          described.outcome ? { status: 'idle' } : { status: 'failed', error: described },
        );
        announce(
          described.outcome
            ? 'Replacing cancelled: the photo is as it was.'
            : `Replacing ${file.name} failed.`,
        );
      },
    );
  };

  return (
    <Dialog title={`Photo: ${file.name}`} onClose={onClose} className="admin-details">
      <Thumbnail photo={photo} library={library} width={960} className="admin-details-image" />
      <div className="admin-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void copy(photo.url, 'Link')}
        >
          Copy link
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={needsAlt(photo)}
          aria-describedby="copy-markdown-note"
          onClick={() => void copy(markdownFor(file.fullPath, altOf(photo)), 'Markdown')}
        >
          Copy for Markdown
        </button>
      </div>
      <p className="admin-note" id="copy-markdown-note">
        {needsAlt(photo) ? (
          'Needs alt text: add it below before this photo can be placed in content.'
        ) : (
          <>
            In content: <code>{markdownFor(file.fullPath, altOf(photo))}</code>, or{' '}
            <code>{libraryReference(file.fullPath)}</code> in an image field.
          </>
        )}
      </p>
      <dl className="admin-fields">
        {STORED_FILE_FIELDS.map((field) => (
          <div key={field}>
            <dt>
              {LABELS[field]} <code className="admin-field-name">{field}</code>
            </dt>
            <dd>{readable(field, file)}</dd>
          </div>
        ))}
      </dl>
      <EditMetadata photo={photo} library={library} onChanged={onChanged} announce={announce} />
      <div className="admin-replace">
        <h3>Replace or delete</h3>
        <p>
          Replace keeps the name, the alt text and every page that uses the photo; the next build
          shows the new version.
        </p>
        {replacing.status === 'uploading' ? (
          <div className="admin-progress">
            <progress max={100} value={replacing.percent} aria-label={`Replacing ${file.name}`} />
            <span>{replacing.percent}%</span>
            <button type="button" className="button button-secondary" onClick={replacing.cancel}>
              Cancel
            </button>
          </div>
        ) : null}
        {replacing.status === 'failed' ? <StorageProblem error={replacing.error} /> : null}
        {replacing.status === 'refused' ? (
          <p className="form-error" role="alert">
            {replacing.message}
          </p>
        ) : null}
        <div className="admin-actions">
          <button
            type="button"
            className="button button-secondary"
            disabled={replacing.status === 'uploading'}
            onClick={() => input.current?.click()}
          >
            Replace photo…
          </button>
          <input
            ref={input}
            className="admin-file-input"
            tabIndex={-1}
            type="file"
            aria-label={`New version of ${file.name}`}
            accept="image/jpeg,image/png,image/webp,image/avif"
            onChange={(event) => {
              const next = event.target.files?.[0];
              event.target.value = '';
              if (next) replace(next);
            }}
          />
          <button
            type="button"
            className="button button-danger"
            onClick={onDelete}
            disabled={replacing.status === 'uploading'}
          >
            Delete…
          </button>
        </div>
      </div>
    </Dialog>
  );
}
