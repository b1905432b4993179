import type { ReactNode } from 'react';
import { Dialog } from './Dialog.tsx';

/**
 * Asking before something that cannot be undone ("Delete …?"): what will be lost, what the service
 * refused if it did, then the action and "Keep it", both held while the action runs. A modal
 * Dialog, so Escape or Close keeps things as they are and focus returns to what opened it.
 */
export function ConfirmDialog({
  title,
  action,
  busyAction,
  busy,
  onConfirm,
  onClose,
  problem,
  children,
}: {
  title: string;
  action: string;
  busyAction: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  problem?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog title={title} onClose={onClose} className="admin-confirm">
      {(close) => (
        <>
          {children}
          {problem}
          <div className="admin-actions">
            <button
              type="button"
              className="button button-danger"
              disabled={busy}
              onClick={onConfirm}
            >
              {busy ? busyAction : action}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={close}
            >
              Keep it
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
