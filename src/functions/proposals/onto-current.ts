// What a proposed text becomes before it is checked: itself when it was made from the current
// version of the page (the open proposal's file while one is open, else the live file); else
// merged onto the current version from the version it was made from (mergeText, diff3), when the
// two changes touch different lines. Otherwise 409 in words, with what the other person changed
// and their version to start again from. A change made from an older version never replaces a
// newer one.
import { isProblem, readEntry } from '../../kernel/content/read-entry.ts';
import { mergeText } from '../../kernel/content/merge-text.ts';
import { failure } from '../http.ts';
import { shortDiff } from './describe.ts';

/** The page's file in the open change that holds it: that change's head commit and the file's blob there, and whose it is. */
export interface OpenFile {
  author: string;
  summary: string;
  updated: string;
  commit: string;
  blob: string;
}

export interface ProposedText {
  path: string;
  /** The text the builder sent, and the blob of the version it was made from (undefined: a new page). */
  text: string;
  blob: string | undefined;
  /** The live branch: its head commit and the file's blob there (undefined: no such file). */
  live: { commit: string; blob: string | undefined };
  open: OpenFile | undefined;
  /** The texts of the blobs above that the repository has. */
  texts: ReadonlyMap<string, string>;
}

/** The text to propose, and whether it was merged with changes made since its version. */
export function textToPropose({ path, text, blob, live, open, texts }: ProposedText): {
  after: string;
  merged: boolean;
} {
  if (live.blob !== undefined && blob === undefined) throw failure('page-exists', path);
  if (!open && live.blob === undefined && blob !== undefined) throw failure('page-removed', path);
  const current =
    open ?? (live.blob === undefined ? undefined : { commit: live.commit, blob: live.blob });
  if (blob === current?.blob) return { after: text, merged: false };
  // Made from another version: a new page's from nothing, an edit's from the version it names.
  const base = blob === undefined ? '' : texts.get(blob);
  const now = texts.get(current!.blob)!;
  if (
    base === undefined ||
    (blob !== undefined &&
      !samePage(path, base, [now, ...(live.blob ? [texts.get(live.blob)!] : [])]))
  )
    throw failure('unknown-version', path);
  const merge = mergeText(base, now, text);
  if ('merged' in merge) return { after: merge.merged, merged: true };
  const newer = {
    commit: current!.commit,
    blob: current!.blob,
    ...(open ? { by: open.author, when: open.updated } : {}),
  };
  const refusal = open
    ? failure('proposal-changed', open.author, open.summary)
    : failure('page-changed');
  throw refusal.with({ diff: shortDiff(path, base, now), newer });
}

/** What names a page: a page's route, a service's or an area's slug. */
const keyOf = (path: string, text: string): unknown => {
  const entry = readEntry(path, text);
  if (isProblem(entry)) return undefined;
  const data = (entry.data ?? {}) as Record<string, unknown>;
  return path.startsWith('content/pages/') ? data.route : data.slug;
};

/** Whether `opened` is a version of the page the others are: the same route or slug as one of them (a file that cannot be read is given the benefit). */
function samePage(path: string, opened: string, others: readonly string[]): boolean {
  const key = keyOf(path, opened);
  return (
    key === undefined ||
    others.some((other) => keyOf(path, other) === undefined || keyOf(path, other) === key)
  );
}
