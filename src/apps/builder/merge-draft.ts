// The same draft changed in two tabs, or on two devices, from the save both last had: joined as
// the files they export (mergeText, the line merge publishing uses), then read back as a draft.
// Loaded only when that happens: the builder starts without it.
import { mergeText } from '../../kernel/content/merge-text.ts';
import { isProblem, readEntry } from '../../kernel/content/read-entry.ts';
import { exportPath, exportText, withFile, type Draft } from './draft.ts';

/** Mine and theirs joined, both made from `base`; null when they changed the same lines (or the result cannot be read). */
export function mergeDrafts(base: Draft, theirs: Draft, mine: Draft, now: number): Draft | null {
  const merged = mergeText(exportText(base), exportText(theirs), exportText(mine));
  if ('conflict' in merged) return null;
  const entry = readEntry(exportPath(mine), merged.merged);
  if (isProblem(entry)) return null;
  return withFile(
    mine,
    { data: (entry.data ?? {}) as Record<string, unknown>, body: entry.body },
    now,
  );
}
