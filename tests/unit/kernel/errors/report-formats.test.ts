// The three reports of `npm run check -- --format`: every problem of the broken-content fixtures
// and of a lint case in each, GitHub's escaping as its documentation gives it, and the JSON and
// GitHub reports read back (the GitHub one as the Actions runner reads it) to every field.
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE,
  compareProblems,
  formatProblems,
  severityOf,
  type ContentProblem,
  type ProblemCode,
} from '../../../../src/kernel/errors/problems.ts';
import {
  escapeData,
  escapeProperty,
  formatGithub,
  formatJson,
  formatReport,
  githubCommand,
  HINT_SEPARATOR,
  problemRecord,
  problemRecordSchema,
  reportFormatOf,
  type ProblemRecord,
} from '../../../../src/kernel/errors/report-formats.ts';
import { parseWorkflowCommand } from '../../../support/github-commands.ts';
import { lint, lintCase } from '../../../support/lint.ts';
import {
  BROKEN_CASES,
  copyBrokenCase,
  problemsOf,
  removeTempCopies,
} from '../../../support/sites.ts';

/** Every problem a case reports, by case: the broken-content fixtures, and one lint case (warnings). */
const cases = new Map<string, readonly ContentProblem[]>();

beforeAll(async () => {
  const names = (await readdir(BROKEN_CASES, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  for (const name of names) cases.set(name, await problemsOf(await copyBrokenCase(name)));
  cases.set('lint: placeholders', (await lint(await lintCase('placeholders'))).problems);
}, 60_000);

afterAll(removeTempCopies);

/** A problem whose every text holds the characters GitHub's command format reserves. */
const RESERVED: ContentProblem = {
  code: 'invalid-field',
  file: 'content/pages/odd, name: 100%.md',
  line: 3,
  column: 7,
  field: 'blocks.0.heading',
  message: 'Costs 50%, from 9:00,\nthen "%0A" as text\r\nto 5:30.',
};

/** A problem without the keys it leaves undefined. */
const known = (problem: object) =>
  Object.fromEntries(Object.entries(problem).filter(([, value]) => value !== undefined));

/** What the runner reads from an annotation line, as a record of the JSON report. */
function recordFromGithub(line: string): ProblemRecord {
  const command = parseWorkflowCommand(line);
  if (!command) throw new Error(`not a workflow command: ${line}`);
  const { file, line: lineNumber, col, title: titled, ...rest } = command.properties;
  expect(rest).toEqual({});
  const [, title, code] = /^(.*) \[([a-z0-9-]+)\]$/.exec(titled ?? '') ?? [];
  const entry = CATALOGUE[code as ProblemCode];
  expect(entry, `code of ${line}`).toBeDefined();
  const separator = command.data.lastIndexOf(HINT_SEPARATOR);
  const [, quoted, plain, message] =
    /^(?:(?:("(?:[^"\\]|\\.)*")|([\w$-]+(?:\.[\w$-]+)*)): )?([\s\S]*)$/.exec(
      command.data.slice(0, separator),
    )!;
  return {
    file: file!,
    ...(lineNumber !== undefined && { line: Number(lineNumber) }),
    ...(col !== undefined && { column: Number(col) }),
    ...(quoted !== undefined
      ? { field: JSON.parse(quoted) as string }
      : plain !== undefined
        ? { field: plain }
        : {}),
    code: code as ProblemCode,
    source: entry.source,
    severity: command.command as ProblemRecord['severity'],
    title: title!,
    message: message!,
    hint: command.data.slice(separator + HINT_SEPARATOR.length),
  };
}

describe('the fixtures', () => {
  it('report problems of every source the check has, errors and lint warnings', () => {
    const all = [...cases.values()].flat();
    expect(cases.size).toBeGreaterThanOrEqual(8);
    for (const [name, problems] of cases) expect(problems.length, name).toBeGreaterThan(0);
    expect(new Set(all.map(severityOf))).toEqual(new Set(['error', 'warning']));
  });
});

describe('every format lists every problem of each case once, in the same order', () => {
  it('--format text', () => {
    for (const [name, problems] of cases) {
      const report = formatReport('text', problems);
      expect(report, name).toBe(formatProblems(problems));
      for (const problem of problems)
        expect(report, name).toContain(
          `${problem.line ? `${problem.file}:${problem.line}` : problem.file}  ${CATALOGUE[problem.code].title} [${problem.code}]`,
        );
    }
  });

  it('--format json', () => {
    for (const [name, problems] of cases)
      expect(JSON.parse(formatReport('json', problems)), name).toHaveLength(problems.length);
  });

  it('--format github', () => {
    for (const [name, problems] of cases)
      expect(formatReport('github', problems).split('\n'), name).toHaveLength(problems.length);
  });
});

describe('--format json', () => {
  it('gives one object per problem with file, line, column, field, code, source, severity, title, message and hint', () => {
    const [record] = JSON.parse(formatJson([RESERVED])) as unknown[];
    expect(record).toEqual({
      file: 'content/pages/odd, name: 100%.md',
      line: 3,
      column: 7,
      field: 'blocks.0.heading',
      code: 'invalid-field',
      source: 'content',
      severity: 'error',
      title: CATALOGUE['invalid-field'].title,
      message: RESERVED.message,
      hint: CATALOGUE['invalid-field'].hint,
    });
    expect(JSON.parse(formatJson([]))).toEqual([]);
  });

  it('reads back to every field of every problem, and the catalogue title, hint, source and severity', () => {
    for (const [name, problems] of [...cases, ['reserved characters', [RESERVED]] as const]) {
      const records = problemRecordSchema.array().parse(JSON.parse(formatJson(problems)));
      const back = records.map(({ code, file, line, column, field, message }) =>
        known({ code, file, line, column, field, message }),
      );
      expect(back, name).toEqual([...problems].sort(compareProblems).map(known));
      for (const record of records) {
        expect(record, name).toMatchObject({
          title: CATALOGUE[record.code].title,
          hint: CATALOGUE[record.code].hint,
          source: CATALOGUE[record.code].source,
        });
        expect(record.severity, name).toBe(
          CATALOGUE[record.code].source === 'lint' ? 'warning' : 'error',
        );
      }
    }
  });
});

describe('--format github', () => {
  it('escapes %, CR and LF in the message, and also : and , in the properties, as GitHub documents', () => {
    expect(escapeData('50%, 9:00\r\nnext')).toBe('50%25, 9:00%0D%0Anext');
    expect(escapeProperty('50%, 9:00\r\nnext')).toBe('50%25%2C 9%3A00%0D%0Anext');
    expect(githubCommand(RESERVED)).toBe(
      '::error file=content/pages/odd%2C name%3A 100%25.md,line=3,col=7,title=A field has the wrong value [invalid-field]' +
        '::blocks.0.heading: Costs 50%25, from 9:00,%0Athen "%250A" as text%0D%0Ato 5:30. — Correct the value as the message says.',
    );
    expect(githubCommand(RESERVED)).not.toMatch(/[\r\n]/);
  });

  it('writes `::error file=<path>,line=<n>,title=<title> [<code>]::<message> — <hint>` for content and `::warning` for the lint', () => {
    const problems = [...cases.values()].flat();
    for (const problem of problems) {
      const line = githubCommand(problem);
      expect(
        line.startsWith(
          `::${problem.code === 'placeholder-text' ? 'warning' : 'error'} file=${escapeProperty(problem.file)},`,
        ),
        line,
      ).toBe(true);
      // The line, for the problems that have one; none for the others.
      expect(/,line=(\d+),/.exec(line)?.[1]).toBe(problem.line ? String(problem.line) : undefined);
      expect(line).toContain(
        `title=${escapeProperty(`${CATALOGUE[problem.code].title} [${problem.code}]`)}::`,
      );
      expect(
        line.endsWith(`${HINT_SEPARATOR}${escapeData(CATALOGUE[problem.code].hint)}`),
        line,
      ).toBe(true);
    }
    expect(formatGithub([])).toBe('');
  });

  it('reads back, as the runner reads it, to every field of every problem', () => {
    const unusualField: ContentProblem = {
      code: 'unknown-field',
      file: 'content/areas/bromley.md',
      line: 4,
      field: 'post code: "x"',
      message: '"post code: \\"x\\"" is not a field here.',
    };
    for (const [name, problems] of [
      ...cases,
      ['reserved characters', [RESERVED, unusualField]] as const,
    ]) {
      const back = formatGithub(problems).split('\n').map(recordFromGithub);
      expect(back, name).toEqual(JSON.parse(formatJson(problems)));
    }
  });

  it('can tell the hint from the message: no hint holds the separator', () => {
    for (const [code, entry] of Object.entries(CATALOGUE))
      expect(entry.hint, code).not.toContain(HINT_SEPARATOR);
  });
});

describe('the default format', () => {
  it('is github inside GitHub Actions and text elsewhere; --format wins; an unknown name is refused', () => {
    expect(reportFormatOf(undefined, {})).toBe('text');
    expect(reportFormatOf(undefined, { GITHUB_ACTIONS: 'true' })).toBe('github');
    expect(reportFormatOf('json', { GITHUB_ACTIONS: 'true' })).toBe('json');
    expect(reportFormatOf('text', { GITHUB_ACTIONS: 'true' })).toBe('text');
    expect(reportFormatOf('xml', {})).toBeUndefined();
  });
});

it('problemRecord leaves out what is not known', () => {
  expect(
    problemRecord({
      code: 'missing-file',
      file: 'content/errors',
      message: 'This content folder is missing.',
    }),
  ).toEqual({
    file: 'content/errors',
    code: 'missing-file',
    source: 'content',
    severity: 'error',
    title: CATALOGUE['missing-file'].title,
    message: 'This content folder is missing.',
    hint: CATALOGUE['missing-file'].hint,
  });
});
