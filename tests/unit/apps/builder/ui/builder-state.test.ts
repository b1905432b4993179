// The builder's screen state: going to a problem opens its block and gives the form back from the
// preview, and the check made when the owner tried to propose or export stands only until the
// draft changes (then the checks as typed are shown again).
import { describe, expect, it } from 'vitest';
import type { DraftCheck } from '../../../../../src/apps/builder/check-draft.ts';
import { newDraft, setBody } from '../../../../../src/apps/builder/draft.ts';
import {
  attemptFor,
  builderReducer,
  initialBuilderState,
} from '../../../../../src/apps/builder/ui/builder-state.ts';

const check: DraftCheck = {
  problems: [],
  path: 'content/pages/spring.md',
  text: '',
  fieldAt: () => undefined,
};

describe('the builder state', () => {
  it('going to a field in a block opens that block and shows the form, not the preview', () => {
    const previewing = builderReducer(initialBuilderState, { type: 'preview', on: true });
    const shown = builderReducer(previewing, { type: 'show-field', block: 'b2' });
    expect(shown).toMatchObject({ selected: 'b2', previewing: false });
  });

  it('going to a page field keeps the open block', () => {
    const open = builderReducer(initialBuilderState, { type: 'select', id: 'b1' });
    expect(builderReducer(open, { type: 'show-field', block: undefined }).selected).toBe('b1');
  });

  it('an attempt shows every problem from then on, and its check only for the draft it checked', () => {
    const draft = newDraft('page', 'd1', 1);
    const tried = builderReducer(initialBuilderState, { type: 'attempted', draft, check });
    expect(tried.attempted).toBe(true);
    expect(attemptFor(tried, draft)).toBe(check);
    expect(attemptFor(tried, setBody(draft, 'Changed.', 2))).toBeNull();
  });
});
