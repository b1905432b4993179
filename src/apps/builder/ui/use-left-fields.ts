// The fields the owner has left, by their paths ("blocks.2.heading"): a field's problem shows
// once it has been left (src/apps/builder/problems-shown.ts).
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The fields left, and how to add one. A field left by a press elsewhere (a click on another
 * block's title) counts once the press is over: a problem appearing under the field at once would
 * move what was pressed from under the pointer, and the click would be lost.
 */
export function useLeftFields(): [ReadonlySet<string>, (key: string) => void] {
  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set());
  const pressed = useRef(false);
  const waiting = useRef<string[]>([]);
  const add = useCallback(
    (keys: readonly string[]) =>
      setLeft((before) =>
        keys.every((key) => before.has(key)) ? before : new Set([...before, ...keys]),
      ),
    [],
  );
  useEffect(() => {
    const down = () => (pressed.current = true);
    // After the press's click, which the browser dispatches in the same task as the release.
    const up = () => {
      pressed.current = false;
      setTimeout(() => add(waiting.current.splice(0)));
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', up, true);
    return () => {
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', up, true);
    };
  }, [add]);
  const leave = useCallback(
    (key: string) => (pressed.current ? waiting.current.push(key) : add([key])),
    [add],
  );
  return [left, leave];
}
