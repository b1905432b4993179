// Two changes from one version: both kept when they touch different lines, a conflict when they
// touch the same or neighbouring lines, one change made twice taken once.
import { describe, expect, it } from 'vitest';
import { mergeText } from '../../../../src/kernel/content/merge-text.ts';

const base = [
  '---',
  'title: Deep Cleaning',
  'description: A thorough clean.',
  'heading: Deep cleaning',
  'summary: For corners.',
  'order: 2',
  '---',
  '',
  'First paragraph.',
  '',
  'Second paragraph.',
  '',
].join('\n');
const edit = (text: string, from: string, to: string) => text.replace(from, to);

describe('mergeText', () => {
  it('keeps both changes when they touch different lines, the line breaks as they were', () => {
    const theirs = edit(base, 'First paragraph.', 'The first paragraph, rewritten.');
    const mine = edit(base, 'title: Deep Cleaning', 'title: Deep Cleaning in Bromley');
    expect(mergeText(base, theirs, mine)).toEqual({
      merged: edit(theirs, 'title: Deep Cleaning', 'title: Deep Cleaning in Bromley'),
    });
  });

  it('is a conflict when both change the same line, or lines next to each other', () => {
    expect(
      mergeText(
        base,
        edit(base, 'heading: Deep cleaning', 'heading: A deep clean'),
        edit(base, 'heading: Deep cleaning', 'heading: Deep cleans'),
      ),
    ).toEqual({ conflict: true });
    expect(
      mergeText(
        base,
        edit(base, 'heading: Deep cleaning', 'heading: A deep clean'),
        edit(base, 'summary: For corners.', 'summary: For every corner.'),
      ),
    ).toEqual({ conflict: true });
  });

  it('takes a change made on both sides once, and a side that changed nothing gives the other', () => {
    const both = edit(base, 'order: 2', 'order: 3');
    expect(mergeText(base, both, both)).toEqual({ merged: both });
    expect(mergeText(base, base, both)).toEqual({ merged: both });
    expect(mergeText(base, both, base)).toEqual({ merged: both });
  });

  it('merges from nothing only what is the same: two new files are a conflict', () => {
    expect(mergeText('', 'A new page\n', 'Another new page\n')).toEqual({ conflict: true });
    expect(mergeText('', 'A new page\n', 'A new page\n')).toEqual({ merged: 'A new page\n' });
  });
});
