// Where a problem belongs in the builder's form. Most problems name their field; those found in
// the rendered page (headings, spelling) name a line of the exported file, which is mapped back to
// the field written on it, or to the page's Markdown body.
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import type { ContentProblem } from '../errors/problems.ts';

export const BODY_FIELD = 'body';

/** The field path written on each line of the front matter, for a file in the canonical format. */
function fieldsByLine(text: string): { lines: Map<number, string>; bodyLine: number } {
  const end = text.indexOf('\n---\n', 3);
  const frontMatter = text.slice(3, end + 1);
  const counter = new LineCounter();
  const doc = parseDocument(frontMatter, { lineCounter: counter });
  const lines = new Map<number, string>();
  const walk = (node: unknown, path: string[]) => {
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isScalar(pair.key)) continue;
        const field = [...path, String(pair.key.value)];
        const [start, , valueEnd] = ((pair.value as Node | null)?.range ?? pair.key.range) as [number, number, number];
        const first = counter.linePos(pair.key.range![0]).line;
        const last = counter.linePos(Math.max(start, valueEnd - 1)).line;
        for (let line = first; line <= last; line++) lines.set(line, field.join('.'));
        walk(pair.value, field);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => walk(item, [...path, String(index)]));
    }
  };
  walk(doc.contents, []);
  return { lines, bodyLine: text.slice(0, end + 5).split('\n').length };
}

/** Each problem with a field: its own, else the field written on its line, else the body. */
export function withFields(problems: readonly ContentProblem[], text: string): ContentProblem[] {
  if (problems.every((problem) => problem.field)) return [...problems];
  const { lines, bodyLine } = fieldsByLine(text);
  return problems.map((problem) => {
    if (problem.field || problem.line === undefined) return problem;
    if (problem.line >= bodyLine) return { ...problem, field: BODY_FIELD };
    const field = lines.get(problem.line);
    return field ? { ...problem, field } : problem;
  });
}
