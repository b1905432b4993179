// Undo and redo: every state of the draft is kept. Typing in one field makes one step, not one per
// key: a change to the same field within COALESCE_MS of the last replaces the newest state.
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** The field of the last change, and when it was made. */
  last?: { key: string; at: number };
}

const COALESCE_MS = 1000;
const LIMIT = 200;

export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [] });

/** A new state; `key` names the field it changed (steps on one field merge), none for a step of its own. */
export function record<T>(
  history: History<T>,
  next: T,
  change: { key?: string; at: number },
): History<T> {
  const { last } = history;
  if (change.key !== undefined && last?.key === change.key && change.at - last.at < COALESCE_MS) {
    return { ...history, present: next, future: [], last: { key: change.key, at: change.at } };
  }
  return {
    past: [...history.past, history.present].slice(-LIMIT),
    present: next,
    future: [],
    last: change.key === undefined ? undefined : { key: change.key, at: change.at },
  };
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
  };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}
