import { afterAll, describe, expect, it } from 'vitest';
import { lineContaining, readText, removeTempCopies } from '../../../../support/sites.ts';
import { countsOf, lint, lintCase } from '../../../../support/lint.ts';

afterAll(removeTempCopies);

describe('lint rule: word-count', () => {
  it('reports service and area pages under 300 words of copy in <main>, at the start of the body', async () => {
    const content = await lintCase('word-count');
    const report = await lint(content, {}, ['word-count']);
    const companionship = await readText(content, 'services/companionship-visits.md');
    // "Companionship visits" (h1), "How a visit works", "We agree a time and send the same person each week.":
    // the breadcrumbs ("Home", "Tidy Wellbeing", …) are navigation, not copy.
    expect(
      report.problems.find((problem) => problem.file === 'services/companionship-visits.md'),
    ).toEqual({
      code: 'too-few-words',
      file: 'services/companionship-visits.md',
      line: lineContaining(companionship, '## How a visit works'),
      message:
        'The service page /companionship-visits has 17 words of copy in <main>; write at least 300 (283 more).',
    });
    expect(report.problems.map((problem) => problem.file).sort()).toEqual([
      'areas/bromley.md',
      'areas/chislehurst.md',
      'areas/orpington.md',
      'areas/petts-wood.md',
      'services/companionship-visits.md',
    ]);
    expect(report.problems.every((problem) => problem.code === 'too-few-words')).toBe(true);
    // The 300-word service page passes; only service and area pages are counted.
    expect(countsOf(report, 'word-count')).toMatchObject({ checked: 6, problems: 5 });
  });

  it('takes its minimum from the options', async () => {
    const content = await lintCase();
    expect(
      (await lint(content, { minWords: 17 }, ['word-count'])).problems.map(
        (problem) => problem.file,
      ),
    ).not.toContain('services/companionship-visits.md');
    expect(
      (await lint(content, { minWords: 18 }, ['word-count'])).problems.map(
        (problem) => problem.file,
      ),
    ).toContain('services/companionship-visits.md');
  });
});
