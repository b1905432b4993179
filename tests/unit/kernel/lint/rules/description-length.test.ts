import { afterAll, describe, expect, it } from 'vitest';
import { lineContaining, readText, removeTempCopies } from '../../../../support/sites.ts';
import { lint, lintCase } from '../../../../support/lint.ts';

afterAll(removeTempCopies);

describe('lint rule: description-length', () => {
  it('reports descriptions under 50 and over 160 characters, and lets 50 and 160 pass', async () => {
    const content = await lintCase('description-length');
    const report = await lint(content);
    const short = await readText(content, 'services/companionship-visits.md');
    const long = await readText(content, 'services/regular-cleaning.md');
    expect(report.problems).toEqual([
      {
        code: 'description-too-short',
        file: 'services/companionship-visits.md',
        line: lineContaining(short, 'description:'),
        field: 'description',
        message:
          'The description is 49 characters long; write at least 50 (1 more): "Friendly visits for a chat and a hand at home too".',
      },
      {
        code: 'description-too-long',
        file: 'services/regular-cleaning.md',
        line: lineContaining(long, 'description:'),
        field: 'description',
        message: 'The description is 161 characters long; keep it to 160 or fewer (1 too many).',
      },
    ]);
  });

  it('passes the base site', async () => {
    const report = await lint(await lintCase(), undefined, ['description-length']);
    expect(report.problems).toEqual([]);
    expect(report.rules[0]).toMatchObject({ id: 'description-length', checked: 14, problems: 0 });
  });
});
