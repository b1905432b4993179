// Where a problem belongs in the builder's form. Most problems name their field; those found in
// the rendered page (headings, spelling) name a line of the exported file, which is mapped back to
// the field written on it, or to the page's Markdown body.
import type { FormattedFile } from '../../kernel/content/canonical.ts';
import type { ContentProblem } from '../../kernel/errors/problems.ts';

export const BODY_FIELD = 'body';

/** Each problem with a field: its own, else the field written on its line, else the body. */
export function withFields(
  problems: readonly ContentProblem[],
  file: Pick<FormattedFile, 'text' | 'fieldAt'>,
): ContentProblem[] {
  if (problems.every((problem) => problem.field)) return [...problems];
  // The body follows the closing "---" line (the blank line after it counts as the body's, as gray-matter has it).
  const bodyLine = file.text.slice(0, file.text.indexOf('\n---\n', 3) + 5).split('\n').length;
  return problems.map((problem) => {
    if (problem.field || problem.line === undefined) return problem;
    if (problem.line >= bodyLine) return { ...problem, field: BODY_FIELD };
    const field = file.fieldAt(problem.line);
    return field ? { ...problem, field } : problem;
  });
}
