import { afterAll, describe, expect, it } from 'vitest';
import { lineContaining, readText, removeTempCopies } from '../../../../support/sites.ts';
import { lint, lintCase, problemsCoded } from '../../../../support/lint.ts';

afterAll(removeTempCopies);

describe('lint rule: title-length', () => {
  it('reports a title over 60 characters at its line, and lets one of exactly 60 pass', async () => {
    const content = await lintCase('title-length');
    const report = await lint(content);
    const source = await readText(content, 'services/regular-cleaning.md');
    expect(report.problems.map((problem) => problem.code)).toEqual(['title-too-long']);
    expect(problemsCoded(report, 'title-too-long')).toEqual([
      {
        file: 'services/regular-cleaning.md',
        line: lineContaining(source, 'title:'),
        field: 'title',
        message:
          'The title is 61 characters long; keep it to 60 or fewer (1 too many): "Regular Weekly and Fortnightly Home Cleaning in Orpington BR6".',
      },
    ]);
  });

  it('passes the base site and counts the 14 routes, not the error pages', async () => {
    const report = await lint(await lintCase(), undefined, ['title-length']);
    expect(report.problems).toEqual([]);
    expect(report.rules).toEqual([
      { id: 'title-length', summary: 'title length', checked: 14, problems: 0 },
    ]);
  });

  it('takes its maximum from the options', async () => {
    const report = await lint(await lintCase(), { maxTitleLength: 40 }, ['title-length']);
    expect(report.problems.map((problem) => problem.file).sort()).toEqual([
      'pages/ardent-cleaning.md',
      'pages/home.md',
      'services/companionship-visits.md',
    ]);
  });
});
