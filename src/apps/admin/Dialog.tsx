import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A modal dialog: the browser's own <dialog>, opened with showModal(), which keeps focus inside,
 * makes the rest of the page inert and closes on Escape. `onClose` runs however it closes (the
 * browser then returns focus to what opened it); `children` may take `close` for buttons of their own.
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
  const ref = useRef<HTMLDialogElement>(null);
  const closed = useRef(onClose);
  closed.current = onClose;
  const headingId = `dialog-${title.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`;
  useEffect(() => {
    const dialog = ref.current!;
    // The native event, whatever closed it (Escape, a button, the owner unmounting it).
    const onNativeClose = () => closed.current();
    dialog.addEventListener('close', onNativeClose);
    if (!dialog.open) dialog.showModal();
    return () => {
      dialog.removeEventListener('close', onNativeClose);
      if (dialog.open) dialog.close();
    };
  }, []);
  const close = () => ref.current?.close();
  return (
    <dialog
      ref={ref}
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
