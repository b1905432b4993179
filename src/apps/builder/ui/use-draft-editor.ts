// The draft being edited: every change recorded for undo, saved to the draft store at once (so
// closing the tab loses nothing) and sent to any preview tab open on the same draft. A draft exists
// once something changed: opening a page or starting a new one saves nothing, so every draft in
// the store (this browser's and the bucket's) holds an owner's change. The same draft open in
// another tab or on another device never loses its edits to this one: a save made there meanwhile
// is joined with this one's (merge-draft.ts), or, when both changed the same lines, saving stops
// until the owner chooses which to keep (`elsewhere`).
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Draft } from '../draft.ts';
import { DraftChangedElsewhere, type DraftStore } from '../draft-store.ts';
import { record, redo, startHistory, undo, type History } from '../history.ts';

/** The channel preview tabs listen on: each message is the draft as it now is, or a tab's `{ want: id }`, which the builder answers with it. */
export const PREVIEW_CHANNEL = 'ardent-builder-preview';

export interface DraftEditor {
  draft: Draft;
  /** A change made from the current draft; `key` names the field typed into (one undo step per burst of typing). */
  edit: (change: (draft: Draft, now: number) => Draft, key?: string) => void;
  undo: () => void;
  redo: () => void;
  canUndo: boolean;
  canRedo: boolean;
  /** Whether the draft is in the store: opened from it, or changed here since it opened. */
  exists: boolean;
  /** When the draft was last saved in the store, or the error that stopped it; null while nothing was changed. */
  saved: { at: number } | { error: string } | null;
  /** The draft as it is, now made from this version (it was just proposed as it is): not a step to undo. */
  madeFrom: (blob: string) => void;
  /** Another tab's or device's save of this draft that could not be joined with this one (the same lines changed): saving waits for a choice. */
  elsewhere: Draft | null;
  /** When edits made elsewhere were last joined with this draft (ms), for the builder to say so. */
  joined: number | null;
  /** Keeps this version, over the other one. */
  keepMine: () => void;
  /** Takes the other version (undo brings this one back). */
  takeTheirs: () => void;
}

/** A name for one save of a draft. */
const newRev = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** `stored`: the draft was opened from the store (restored, or from the dashboard), so it exists already. */
export function useDraftEditor(
  initial: Draft,
  store: DraftStore,
  stored: boolean,
  clock: () => number = Date.now,
): DraftEditor {
  const [history, setHistory] = useState<History<Draft>>(() => startHistory(initial));
  const [saved, setSaved] = useState<DraftEditor['saved']>(stored ? { at: initial.updated } : null);
  const [elsewhere, setElsewhere] = useState<Draft | null>(null);
  const [joined, setJoined] = useState<number | null>(null);
  const channel = useRef<BroadcastChannel | null>(null);
  const draft = history.present;
  const current = useRef(draft);
  useLayoutEffect(() => {
    current.current = draft;
  });
  // The save this tab last made or opened: the next save replaces only it, and a save made elsewhere meanwhile is joined from it.
  const seen = useRef<string | undefined>(initial.rev);
  const lastSaved = useRef<Draft>(initial);

  /** Another tab's or device's save, made from `base` as this one's last was: joined with this draft, or left for the owner to choose. */
  const join = useCallback(
    async (theirs: Draft, base: Draft, local: boolean) => {
      const { mergeDrafts } = await import('../merge-draft.ts');
      if (local) seen.current = theirs.rev;
      const merged = mergeDrafts(base, theirs, current.current, clock());
      if (merged) {
        setHistory((previous) => record(previous, merged, { at: clock() }));
        setJoined(clock());
      } else setElsewhere(theirs);
    },
    [clock],
  );
  // Once changed, always saved: an undo back to how it opened is saved too.
  const changed = history.past.length > 0 || history.future.length > 0;

  useEffect(() => {
    const opened = new BroadcastChannel(PREVIEW_CHANNEL);
    // A preview tab opened before the first change asks for the draft, which is not in the store yet.
    opened.addEventListener('message', (event: MessageEvent<{ want?: string }>) => {
      if (event.data?.want === current.current.id) opened.postMessage(current.current);
    });
    channel.current = opened;
    return () => opened.close();
  }, []);

  // One save at a time, each naming the one before it (a burst of typing saves its last state): this
  // tab's own saves never look like another's.
  const waiting = useRef<Draft | null>(null);
  const saving = useRef(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const saveWaiting = useCallback(async () => {
    if (saving.current) return;
    saving.current = true;
    for (let next = waiting.current; next; next = waiting.current) {
      waiting.current = null;
      const save = { ...next, rev: newRev() };
      try {
        await store.put(save, { rev: seen.current });
        seen.current = save.rev;
        lastSaved.current = save;
        if (mounted.current) setSaved({ at: clock() });
      } catch (error) {
        // Saved meanwhile in another tab: joined with this one (saved next), or left for the owner to choose.
        if (error instanceof DraftChangedElsewhere)
          await join(error.theirs, lastSaved.current, true);
        else if (mounted.current)
          setSaved({
            error: `The draft could not be saved in this browser (${error instanceof Error ? error.message : String(error)}). Export it to keep your work.`,
          });
      }
    }
    saving.current = false;
  }, [store, clock, join]);

  useEffect(() => {
    if (!changed || elsewhere) return;
    waiting.current = draft;
    void saveWaiting();
    channel.current?.postMessage(draft);
  }, [draft, changed, elsewhere, saveWaiting]);

  // The bucket's copy changed on another device since this one last had it.
  useEffect(
    () =>
      store.onChangedElsewhere?.(
        (theirs, base) =>
          theirs.id === current.current.id && void join(theirs, base ?? lastSaved.current, false),
      ),
    [store, join],
  );

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
    exists: stored || saved !== null,
    saved,
    madeFrom: useCallback(
      (blob: string) =>
        setHistory((previous) => ({
          ...previous,
          present: { ...previous.present, madeFrom: blob },
        })),
      [],
    ),
    elsewhere,
    joined,
    keepMine: useCallback(() => {
      setElsewhere(null);
      // Saved again, over theirs.
      setHistory((previous) => ({ ...previous, present: { ...previous.present } }));
    }, []),
    takeTheirs: useCallback(() => {
      const theirs = elsewhere;
      setElsewhere(null);
      if (theirs)
        setHistory((previous) =>
          record(previous, { ...theirs, blockIds: theirs.blockIds }, { at: clock() }),
        );
    }, [elsewhere, clock]),
  };
}
