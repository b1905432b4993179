import { useCallback, useState } from 'react';

/** A dialog's opening under way: what it shows, and a number of its own for the dialog's `key`. */
export interface Opening<T> {
  key: number;
  value: T;
}

/** Counted across the page, so that two dialogs side by side never share a key (React would keep both). */
let openings = 0;

/**
 * A dialog's openings, each a new one: a close and the next opening that reach React in one batch
 * (Escape, then Enter on the button that gets focus back) still mount a new dialog, which opens.
 * With plain state the two would cancel out, and the dialog the browser had already closed would
 * stay mounted, shut. `opened` is null while the dialog is shut.
 */
export function useOpening<T = true>(): {
  opened: Opening<T> | null;
  open: (value: T) => void;
  close: () => void;
} {
  const [opened, setOpened] = useState<Opening<T> | null>(null);
  const open = useCallback((value: T) => {
    openings += 1;
    setOpened({ key: openings, value });
  }, []);
  const close = useCallback(() => setOpened(null), []);
  return { opened, open, close };
}
