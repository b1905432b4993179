// Two changes of one file made from the same version, joined line by line (diff3, the merge git
// and most editors make: node-diff3): when they touch different lines, the file with both; when
// they touch the same or neighbouring lines, nothing, and whoever merges says so. Publishing merges
// a change made from an older version onto the newer one with it (src/functions/proposals/), and
// the builder the same draft changed in two tabs or on two devices (src/apps/builder/).
import { diff3Merge } from 'node-diff3';

export type TextMerge = { merged: string } | { conflict: true };

const lines = (text: string) => text.split('\n');

/**
 * `mine` and `theirs`, both made from `base`: the file with both changes, or a conflict. The same
 * change made on both sides is taken once.
 */
export function mergeText(base: string, theirs: string, mine: string): TextMerge {
  const regions = diff3Merge(lines(theirs), lines(base), lines(mine));
  const merged: string[] = [];
  for (const region of regions) {
    if (region.conflict) return { conflict: true };
    merged.push(...(region.ok ?? []));
  }
  return { merged: merged.join('\n') };
}
