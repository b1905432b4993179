// The "did you mean" of a reference to a name that does not exist (src/kernel/site/cross-check.ts).

/** A short "did you mean" for an editor: the closest known names. */
export function suggest(value: string, known: ReadonlySet<string>): string {
  const ranked = [...known]
    .map((name) => ({ name, score: distance(value, name) }))
    .sort((a, b) => a.score - b.score)
    .slice(0, 3)
    .map((candidate) => `"${candidate.name}"`);
  return ranked.length > 0 ? `did you mean ${ranked.join(', ')}?` : 'none exist yet';
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}
