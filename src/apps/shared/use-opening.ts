import { useCallback, useRef, useState } from 'react';

/**
 * A dialog's openings, each with a number of its own (0 while it is shut), for its `key`: a close
 * and the next opening that reach React in one batch (Escape, then Enter on the button that gets
 * focus back) still mount a new dialog, which opens. With a plain true/false the two would cancel
 * out, and the dialog the browser had already closed would stay mounted, shut.
 */
export function useOpening(): { opening: number; open: () => void; close: () => void } {
  const count = useRef(0);
  const [opening, setOpening] = useState(0);
  const open = useCallback(() => {
    count.current += 1;
    setOpening(count.current);
  }, []);
  const close = useCallback(() => setOpening(0), []);
  return { opening, open, close };
}
