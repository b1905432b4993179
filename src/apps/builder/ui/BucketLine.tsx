// How the draft's copy in the Storage bucket stands, after the builder's "Saved in this browser":
// the copy follows each pause in editing, and a failed one is said in plain words (the storage
// error table) with what happens next, since the work itself is safe in this browser.
import { useEffect, useState } from 'react';
import { MirroredDraftStore, type BucketStatus, type DraftStore } from '../draft-store.ts';
import { unreachable } from '../../../kernel/errors/unreachable.ts';

export function BucketLine({ store }: { store: DraftStore }) {
  const mirrored = store instanceof MirroredDraftStore ? store : null;
  const [status, setStatus] = useState<BucketStatus>(mirrored?.status ?? { state: 'none' });
  useEffect(() => mirrored?.onBucketStatus(setStatus), [mirrored]);
  switch (status.state) {
    case 'none':
      return null;
    case 'saving':
      return <span className="bucket-status">Copying it to the Storage bucket…</span>;
    case 'saved':
      return (
        <span className="bucket-status">
          Copied to the Storage bucket at {new Date(status.at).toLocaleTimeString('en-GB')}, for
          your other devices.
        </span>
      );
    case 'failed':
      return (
        <span className="bucket-status is-failed">
          Not copied to the Storage bucket: {status.message} It is safe in this browser, and the
          copy is tried again with your next change.
        </span>
      );
  }
  return unreachable(status, 'bucket status');
}
