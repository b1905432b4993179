import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useDomId } from './dom-id.ts';

/**
 * The modal dialog of /admin and the builder: the browser's own <dialog>, opened with showModal()
 * when it mounts, which keeps focus inside, makes the rest of the page inert and closes on Escape.
 * Named by its heading, with a Close button beside it. `onClose` runs however it closes (Escape, a
 * button, `close`); `children` may take `close` for buttons of their own. The owner may also simply
 * unmount it: it closes first, so the browser still returns focus to what opened it.
 */
export function Dialog({
  title,
  onClose,
  children,
  className,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode | ((close: () => void) => ReactNode);
  className?: string;
}) {
  // The element as state (set by its ref callback), so that `close` may be handed to children.
  const [dialog, setDialog] = useState<HTMLDialogElement | null>(null);
  const closed = useRef(onClose);
  useLayoutEffect(() => {
    closed.current = onClose;
  });
  const headingId = useDomId('dialog');
  // A layout effect: its cleanup runs while the <dialog> is still in the page, so closing it
  // there returns focus as a dialog's close does (a removed dialog returns it nowhere).
  useLayoutEffect(() => {
    if (!dialog) return undefined;
    // The native event, whatever closed it (Escape, a button, `close`).
    const onNativeClose = () => closed.current();
    dialog.addEventListener('close', onNativeClose);
    return () => {
      dialog.removeEventListener('close', onNativeClose);
      if (dialog.open) dialog.close();
    };
  }, [dialog]);
  // Opened once the event that asked for it is over (a key still going down stays with the
  // button that opened it), as it always was.
  useEffect(() => {
    if (dialog && !dialog.open) dialog.showModal();
  }, [dialog]);
  const close = useCallback(() => dialog?.close(), [dialog]);
  return (
    <dialog
      ref={setDialog}
      className={`admin-dialog ${className ?? ''}`.trim()}
      aria-labelledby={headingId}
    >
      <div className="admin-dialog-head">
        <h2 id={headingId}>{title}</h2>
        <button type="button" className="button button-secondary" onClick={close}>
          Close
        </button>
      </div>
      {typeof children === 'function' ? children(close) : children}
    </dialog>
  );
}
