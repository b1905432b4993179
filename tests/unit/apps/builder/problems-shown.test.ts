// GOV.UK's error pattern in the builder: a fresh page shows no problem; a problem shows once its
// field has been left (or a field inside it, or the list that holds it), and every one once the
// owner tries to propose or export; each is placed in the form's words, never by its raw path.
import { describe, expect, it } from 'vitest';
import type { ContentProblem } from '../../../../src/kernel/errors/problems.ts';
import { placeOf, shownProblems } from '../../../../src/apps/builder/problems-shown.ts';

const problem = (
  field: string | undefined,
  message = 'Fill in “Main heading”.',
): ContentProblem => ({ code: 'invalid-field', file: 'content/pages/spring.md', field, message });
const all = [
  problem('heading'),
  problem('blocks.1.actions.0.href', 'Write a link as "/route".'),
  problem('areaServed.2', 'No area "nowhere" exists.'),
  problem(undefined, 'The page has no text.'),
];
const fields = (shown: ContentProblem[]) => shown.map((item) => item.field ?? '(none)');

describe('the problems shown', () => {
  it('are none on a fresh page, before the owner has left a field or tried to propose', () => {
    expect(shownProblems(all, { left: new Set(), attempted: false })).toEqual([]);
  });

  it('are those of the fields left: the field, a field inside it, or the list of choices that holds it', () => {
    expect(fields(shownProblems(all, { left: new Set(['heading']), attempted: false }))).toEqual([
      'heading',
    ]);
    expect(
      fields(shownProblems(all, { left: new Set(['blocks.1.actions.0.label']), attempted: false })),
    ).toEqual([]);
    expect(
      fields(shownProblems(all, { left: new Set(['blocks.1.actions.0.href']), attempted: false })),
    ).toEqual(['blocks.1.actions.0.href']);
    expect(fields(shownProblems(all, { left: new Set(['areaServed']), attempted: false }))).toEqual(
      ['areaServed.2'],
    );
    expect(
      fields(
        shownProblems([problem('blocks.1.actions')], {
          left: new Set(['blocks.1.actions.0.href']),
          attempted: false,
        }),
      ),
    ).toEqual(['blocks.1.actions']);
  });

  it('are all of them, those of no field too, once the owner tries to propose or export', () => {
    expect(fields(shownProblems(all, { left: new Set(), attempted: true }))).toEqual([
      'heading',
      'blocks.1.actions.0.href',
      'areaServed.2',
      '(none)',
    ]);
  });
});

describe('where a problem is said to be', () => {
  const draft = {
    kind: 'pages' as const,
    data: {
      blocks: [{ type: 'body' }, { type: 'hero', actions: [{ label: 'Ask', href: 'quote' }] }],
    },
  };

  it('is the block, the item and the field, in the form’s words', () => {
    expect(placeOf(problem('blocks.1.actions.0.href', 'Write a link as "/route".'), draft)).toBe(
      'Block 2 (Hero), Button 1, Goes to: ',
    );
  });

  it('leaves out a field its message names, and says nothing for a page field that does', () => {
    expect(placeOf(problem('blocks.1.actions.0.href', 'Fill in “Goes to”.'), draft)).toBe(
      'Block 2 (Hero), Button 1: ',
    );
    expect(placeOf(problem('heading'), draft)).toBe('');
    expect(placeOf(problem('description', 'The description is 10 characters long.'), draft)).toBe(
      'Description in search results: ',
    );
    expect(placeOf(problem('body', 'Start sections with "##".'), draft)).toBe('Page text: ');
  });
});
