// Which of a draft's problems the owner sees, and where each is said to be. GOV.UK's error pattern:
// a problem shows once its field has been left, and every one once the owner tries to propose or
// export; a fresh page shows none. Each is placed in the form's own words ("Block 2 (Hero): …").
import type { ContentProblem } from '../../kernel/errors/problems.ts';
import { PAGE_KINDS } from '../../kernel/content/page-kinds.ts';
import { labelsAt } from '../../kernel/schema/fields.ts';
import type { Draft } from './draft.ts';
import { BODY_FIELD } from './field-of-problem.ts';

/** What the owner has done: the fields left (their paths, "blocks.2.heading"), and whether they tried to propose or export. */
export interface Acted {
  left: ReadonlySet<string>;
  attempted: boolean;
}

/** The problems to show: all of them once attempted, else those of the fields left (a field, one inside it, or the one that holds it). */
export function shownProblems(
  problems: readonly ContentProblem[],
  { left, attempted }: Acted,
): ContentProblem[] {
  if (attempted) return [...problems];
  return problems.filter(
    ({ field }) =>
      field !== undefined &&
      [...left].some(
        (key) => key === field || key.startsWith(`${field}.`) || field.startsWith(`${key}.`),
      ),
  );
}

/** Where a problem is, in the form's words, before its message: "Block 2 (Hero): "; nothing when the message names its field and the field is the page's own. */
export function placeOf(
  problem: Pick<ContentProblem, 'field' | 'message'>,
  draft: Pick<Draft, 'kind' | 'data'>,
): string {
  if (!problem.field) return '';
  const labels =
    problem.field === BODY_FIELD
      ? ['Page text']
      : labelsAt(
          PAGE_KINDS[draft.kind],
          problem.field.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key)),
          draft.data,
        );
  // A message from the schema names its field in quotes: its place is enough then.
  const shown = problem.message.includes(`“${labels.at(-1)}”`) ? labels.slice(0, -1) : labels;
  return shown.length ? `${shown.join(', ')}: ` : '';
}
