// The two races both backends refuse in the same words: another change of the same pages opened at
// the same moment, and a commit added to an open change while another was being added.
import { failure } from '../http.ts';

/** `who` proposed a change to one of these pages at the same moment. */
export const raced = (who: string) =>
  failure(
    'conflict',
    `${who} proposed a change to one of these pages at the same moment, so yours was not proposed. Propose it again: it is joined with theirs when the two touch different lines.`,
  );

/** The change's branch moved since it was read. */
export const moved = () =>
  failure(
    'conflict',
    'Someone added to this change at the same moment, so your version was not added. Propose it again: it is joined with theirs when the two touch different lines.',
  );
