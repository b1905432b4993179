import { afterAll, describe, expect, it } from 'vitest';
import { lineContaining, readText, removeTempCopies } from '../../../../support/sites.ts';
import { lint, lintCase } from '../../../../support/lint.ts';

afterAll(removeTempCopies);

describe('lint rule: unique-meta', () => {
  it('reports each page of a shared title or description, ignoring case and spacing', async () => {
    const content = await lintCase('unique-meta');
    const report = await lint(content);
    const lineIn = async (file: string, field: string) =>
      lineContaining(await readText(content, file), `${field}:`);
    const regular = 'Weekly and fortnightly home cleaning in Orpington and Bromley.';
    expect(report.problems).toEqual([
      {
        code: 'duplicate-title',
        file: 'pages/about.md',
        line: await lineIn('pages/about.md', 'title'),
        field: 'title',
        message:
          'The same title is used by pages/privacy-policy.md (/privacy-policy): "About Tidy | Local Team".',
      },
      {
        code: 'duplicate-title',
        file: 'pages/privacy-policy.md',
        line: await lineIn('pages/privacy-policy.md', 'title'),
        field: 'title',
        message: 'The same title is used by pages/about.md (/about): "about tidy |  Local Team".',
      },
      {
        code: 'duplicate-description',
        file: 'services/companionship-visits.md',
        line: await lineIn('services/companionship-visits.md', 'description'),
        field: 'description',
        message: `The same description is used by services/regular-cleaning.md (/regular-cleaning): "${regular}".`,
      },
      {
        code: 'duplicate-description',
        file: 'services/regular-cleaning.md',
        line: await lineIn('services/regular-cleaning.md', 'description'),
        field: 'description',
        message: `The same description is used by services/companionship-visits.md (/companionship-visits): "${regular}".`,
      },
    ]);
  });

  it('passes the base site', async () => {
    const report = await lint(await lintCase(), undefined, ['unique-meta']);
    expect(report.problems).toEqual([]);
    expect(report.rules[0]).toMatchObject({ id: 'unique-meta', checked: 14, problems: 0 });
  });
});
