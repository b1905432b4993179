// The upload queue: files picked, dropped or pasted, each with its alt text, sent one by one
// through the library, with progress and Cancel. Nothing is lost: a failed or cancelled upload
// stays in the queue with Retry until it is sent or removed.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { MediaLibrary, Upload } from '../../media/library.ts';
import type { LibraryPhoto } from '../../../kernel/wire/media-library.ts';
import { mediaNameFor, uploadProblem } from '../../../kernel/wire/media-rules.ts';
import { ALT_KEY, MEDIA_FOLDER } from '../../../kernel/wire/library-reference.ts';
import { describeStorageError, type DescribedStorageError } from '../../media/storage-errors.ts';

export type QueuedState = 'ready' | 'rejected' | 'uploading' | 'failed' | 'cancelled';

export interface QueuedFile {
  id: number;
  file: File;
  /** Where it will be stored: "media/<name>". */
  fullPath: string;
  alt: string;
  state: QueuedState;
  progress: { transferred: number; total: number };
  /** Why it cannot be sent (type or size), before anything was sent. */
  rejection?: string;
  error?: DescribedStorageError;
}

export interface Uploads {
  queue: QueuedFile[];
  add: (files: readonly File[]) => void;
  setAlt: (id: number, alt: string) => void;
  remove: (id: number) => void;
  /** Sends every file that is ready (or failed, or cancelled: Retry). */
  send: (ids?: readonly number[]) => void;
  cancel: (id: number) => void;
}

/** A path not yet taken in the library or the queue: "kitchen.jpg", then "kitchen-2.jpg"… */
function freePath(name: string, taken: ReadonlySet<string>): string {
  const dot = name.lastIndexOf('.');
  const [base, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 1; ; n += 1) {
    const candidate = `${MEDIA_FOLDER}/${n === 1 ? base : `${base}-${n}`}${extension}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export function useUploads(
  library: MediaLibrary,
  existing: () => ReadonlySet<string>,
  onUploaded: (photo: LibraryPhoto) => void,
  announce: (message: string) => void,
): Uploads {
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const tasks = useRef(new Map<number, Upload>());
  const nextId = useRef(1);
  const latest = useRef(queue);
  useLayoutEffect(() => {
    latest.current = queue;
  });

  const update = useCallback(
    (id: number, change: Partial<QueuedFile>) =>
      setQueue((items) => items.map((item) => (item.id === id ? { ...item, ...change } : item))),
    [],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const taken = new Set([...existing(), ...latest.current.map((item) => item.fullPath)]);
      const added = files.map((file): QueuedFile => {
        const fullPath = freePath(mediaNameFor(file), taken);
        taken.add(fullPath);
        const rejection = uploadProblem(file) ?? undefined;
        return {
          id: nextId.current++,
          file,
          fullPath,
          alt: '',
          state: rejection ? 'rejected' : 'ready',
          progress: { transferred: 0, total: file.size },
          rejection,
        };
      });
      setQueue((items) => [...items, ...added]);
      const ready = added.filter((item) => item.state === 'ready').length;
      announce(
        `${ready} ${ready === 1 ? 'photo' : 'photos'} ready to upload${added.length > ready ? `, ${added.length - ready} refused` : ''}. Add alt text, then choose Upload.`,
      );
    },
    [existing, announce],
  );

  const sendOne = useCallback(
    (item: QueuedFile) => {
      update(item.id, {
        state: 'uploading',
        error: undefined,
        progress: { transferred: 0, total: item.file.size },
      });
      const alt = item.alt.trim();
      const upload = library.upload(
        item.fullPath,
        item.file,
        { contentType: item.file.type, customMetadata: alt ? { [ALT_KEY]: alt } : {} },
        (progress) => update(item.id, { progress }),
      );
      tasks.current.set(item.id, upload);
      upload.done.then(
        (photo) => {
          tasks.current.delete(item.id);
          setQueue((items) => items.filter((queued) => queued.id !== item.id));
          onUploaded(photo);
          announce(
            `${photo.file.name} is in the library${alt ? '' : ', and needs alt text before content can use it'}.`,
          );
        },
        (error: unknown) => {
          tasks.current.delete(item.id);
          const described = describeStorageError(error);
          update(item.id, { state: described.outcome ? 'cancelled' : 'failed', error: described });
          announce(
            described.outcome
              ? `Upload of ${item.file.name} cancelled.`
              : `Upload of ${item.file.name} failed.`,
          );
        },
      );
    },
    [library, update, onUploaded, announce],
  );

  const send = useCallback(
    (ids?: readonly number[]) => {
      for (const item of latest.current) {
        if (ids && !ids.includes(item.id)) continue;
        if (item.state === 'ready' || item.state === 'failed' || item.state === 'cancelled')
          sendOne(item);
      }
    },
    [sendOne],
  );

  return {
    queue,
    add,
    setAlt: (id, alt) => update(id, { alt }),
    remove: (id) => setQueue((items) => items.filter((item) => item.id !== id)),
    send,
    cancel: (id) => tasks.current.get(id)?.cancel(),
  };
}
