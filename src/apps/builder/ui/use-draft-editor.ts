// The draft being edited: every change recorded for undo, saved to the draft store at once (so
// closing the tab loses nothing) and sent to any preview tab open on the same draft.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Draft } from '../draft.ts';
import type { DraftStore } from '../draft-store.ts';
import { record, redo, startHistory, undo, type History } from '../history.ts';

/** The channel preview tabs listen on: each message is the draft as it now is. */
export const PREVIEW_CHANNEL = 'ardent-builder-preview';

export interface DraftEditor {
  draft: Draft;
  /** A change made from the current draft; `key` names the field typed into (one undo step per burst of typing). */
  edit(change: (draft: Draft, now: number) => Draft, key?: string): void;
  undo(): void;
  redo(): void;
  canUndo: boolean;
  canRedo: boolean;
  /** When the draft was last saved in the store, or the error that stopped it. */
  saved: { at: number } | { error: string } | null;
}

export function useDraftEditor(initial: Draft, store: DraftStore, clock: () => number = Date.now): DraftEditor {
  const [history, setHistory] = useState<History<Draft>>(() => startHistory(initial));
  const [saved, setSaved] = useState<DraftEditor['saved']>(null);
  const channel = useRef<BroadcastChannel | null>(null);
  const draft = history.present;

  useEffect(() => {
    channel.current = new BroadcastChannel(PREVIEW_CHANNEL);
    return () => channel.current?.close();
  }, []);

  useEffect(() => {
    let current = true;
    store.put(draft).then(
      () => current && setSaved({ at: clock() }),
      (error: unknown) => current && setSaved({ error: `The draft could not be saved in this browser (${error instanceof Error ? error.message : String(error)}). Export it to keep your work.` }),
    );
    channel.current?.postMessage(draft);
    return () => {
      current = false;
    };
  }, [draft, store, clock]);

  const edit = useCallback<DraftEditor['edit']>(
    (change, key) =>
      setHistory((previous) => {
        const now = clock();
        return record(previous, change(previous.present, now), { key, at: now });
      }),
    [clock],
  );
  return {
    draft,
    edit,
    undo: useCallback(() => setHistory(undo), []),
    redo: useCallback(() => setHistory(redo), []),
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    saved,
  };
}
