import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../../../src/kernel/errors/problems.ts';
import { lintSite, type LintReport } from '../../../../src/generator/lint/lint-site.ts';
import { DEFAULT_LINT_OPTIONS } from '../../../../src/kernel/lint/options.ts';
import { LINT_RULES } from '../../../../src/kernel/lint/rules.ts';
import { formatLintSummary } from '../../../../src/generator/lint/summary.ts';
import { PROJECT_ROOT, loadSite, removeTempCopies } from '../../../support/sites.ts';
import { lint, lintCase, SHORT_PAGES } from '../../../support/lint.ts';

afterAll(removeTempCopies);

const RULE_IDS = [
  'title-length',
  'description-length',
  'unique-meta',
  'headings',
  'word-count',
  'placeholders',
  'british-spelling',
  'area-links',
  'alt-text',
];

describe('lintSite', () => {
  let base: string;
  beforeAll(async () => {
    base = await lintCase();
  });

  it('runs every rule over the 14 routes and the 2 error pages; the base site passes them all but the word count', async () => {
    const report = await lint(base, SHORT_PAGES);
    expect(report.problems).toEqual([]);
    expect(report.pages).toBe(16);
    expect(report.rules.map((rule) => rule.id)).toEqual(RULE_IDS);
    expect(Object.fromEntries(report.rules.map((rule) => [rule.id, rule.checked]))).toEqual({
      'title-length': 14,
      'description-length': 14,
      'unique-meta': 14,
      headings: 16,
      'word-count': 6,
      placeholders: 16,
      'british-spelling': 16,
      'area-links': 4,
      'alt-text': 16,
    });
  });

  it("uses the issue's numbers by default, so the short pages fail the word count and nothing else", async () => {
    expect(DEFAULT_LINT_OPTIONS).toEqual({
      maxTitleLength: 60,
      minDescriptionLength: 50,
      maxDescriptionLength: 160,
      minWords: 300,
      minAreaLinks: 3,
      minServiceLinks: 1,
    });
    const report = await lint(base, {});
    expect(new Set(report.problems.map((problem) => problem.code))).toEqual(
      new Set(['too-few-words']),
    );
    expect(report.rules.find((rule) => rule.id === 'word-count')).toMatchObject({
      checked: 6,
      problems: 6,
    });
  });

  it('runs only the rules asked for, and refuses an unknown one', async () => {
    const { content, site } = await loadSite(base);
    const report = await lintSite({ content, site, root: base, rules: ['headings', 'alt-text'] });
    expect(report.rules.map((rule) => rule.id)).toEqual(['headings', 'alt-text']);
    await expect(lintSite({ content, site, root: base, rules: ['spelling'] })).rejects.toThrow(
      'Unknown lint rule: spelling',
    );
  });

  it('gives every rule an id and a summary, and every problem code a catalogue entry', () => {
    expect(LINT_RULES.map((rule) => rule.id)).toEqual(RULE_IDS);
    for (const code of [
      'title-too-long',
      'description-too-short',
      'description-too-long',
      'duplicate-title',
      'duplicate-description',
      'missing-h1',
      'multiple-h1',
      'skipped-heading-level',
      'too-few-words',
      'placeholder-text',
      'us-spelling',
      'too-few-area-links',
      'too-few-service-links',
      'missing-alt',
    ]) {
      const entry = (CATALOGUE as Record<string, { title: string; hint: string }>)[code];
      expect(entry?.title, code).toBeTruthy();
      expect(entry?.hint, code).toBeTruthy();
    }
  });
});

describe('formatLintSummary', () => {
  const report: LintReport = {
    problems: [{ code: 'too-few-words', file: 'areas/x.md', message: 'Short.' }],
    rules: [
      { id: 'title-length', summary: 'title length', checked: 40, problems: 0 },
      { id: 'word-count', summary: 'words of copy (service, area)', checked: 25, problems: 1 },
    ],
    pages: 42,
    milliseconds: 123.4,
  };

  it('prints a verdict line and a table of each rule with pages checked and problems found', () => {
    expect(formatLintSummary(report)).toBe(
      [
        'Lint found 1 problem on 42 rendered pages (123 ms).',
        '  rule          checks                         pages  problems',
        '  title-length  title length                      40         0',
        '  word-count    words of copy (service, area)     25         1',
        '  total                                                      1',
      ].join('\n'),
    );
  });

  it('says when everything passes', () => {
    expect(
      formatLintSummary({
        ...report,
        problems: [],
        rules: report.rules.map((rule) => ({ ...rule, problems: 0 })),
      }).split('\n')[0],
    ).toBe('Lint OK: 42 rendered pages pass 2 rules (123 ms).');
  });
});

describe('npm run check with the lint', () => {
  it('prints the summary, then the full report on stderr, and exits 1 on a lint problem', async () => {
    const content = await lintCase('placeholders');
    const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve) => {
        execFile(
          process.execPath,
          ['scripts/run.mjs', 'check', '--content', content, '--format', 'text'],
          { cwd: PROJECT_ROOT, timeout: 30_000, env: { ...process.env, URL: '' } },
          (error, stdout, stderr) =>
            resolve({
              code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
              stdout,
              stderr,
            }),
        );
      },
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^Content OK: 14 routes from 2 services, 4 areas, 8 pages, 3 FAQs, 4 contact files \(\d+ ms\)\.$/m,
    );
    expect(run.stdout).toMatch(/^Lint found 10 problems on 16 rendered pages \(\d+ ms\)\.$/m);
    expect(run.stdout).toMatch(/^ {2}placeholders +no placeholder text +16 +4$/m);
    expect(run.stdout).toMatch(/^ {2}word-count +words of copy \(service, area\) +6 +6$/m);
    expect(run.stdout).toMatch(/^ {2}total +10$/m);
    expect(run.stderr).toMatch(/^Content check failed: 10 problems in 9 files\.$/m);
    expect(run.stderr).toMatch(
      /\S*content\/faqs\/pets\.md:\d+ {2}Placeholder text is left in \[placeholder-text\]\n {2}Placeholder text "Lorem ipsum" is left in; replace it with the real words\.\n {2}hint: /,
    );
    expect(run.stderr).not.toMatch(/^ {4}at /m);
  }, 40_000);
});
