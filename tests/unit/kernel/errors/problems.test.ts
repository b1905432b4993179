// formatProblems: the report an editor reads when the content is wrong.
import { describe, expect, it } from 'vitest';
import {
  ContentError,
  formatProblems,
  CATALOGUE,
  throwIfProblems,
  type ContentProblem,
} from '../../../../src/kernel/errors/problems.ts';

const problems: ContentProblem[] = [
  {
    code: 'unknown-reference',
    file: 'content/services/oven.md',
    line: 14,
    field: 'areaServed.2',
    message: 'No area "bromly" exists.',
  },
  { code: 'yaml-syntax', file: 'content/faqs/pets.md', line: 3, message: 'Missing closing "quote' },
  {
    code: 'wrong-type',
    file: 'content/services/oven.md',
    line: 9,
    field: 'order',
    message: 'Expected a number, found the text "two".',
  },
  { code: 'missing-file', file: 'content/errors', message: 'No error page has "status: 500".' },
];

describe('formatProblems', () => {
  const report = formatProblems(problems);
  const lines = report.split('\n');

  it('starts with a summary counting problems and files', () => {
    expect(lines[0]).toBe('Content check failed: 4 problems in 3 files.');
  });

  it('groups problems by file, files in order, a blank line before each group', () => {
    const headers = lines.filter((line) => /^\S/.test(line)).slice(1);
    expect(headers.map((line) => line.split('  ')[0])).toEqual([
      'content/errors',
      'content/faqs/pets.md:3',
      'content/services/oven.md:9',
      'content/services/oven.md:14',
    ]);
    // One blank line per file group, none between problems of the same file.
    expect(lines.filter((line) => line === '')).toHaveLength(3);
    const oven = lines.findIndex((line) => line.startsWith('content/services/oven.md:9'));
    expect(lines[oven - 1]).toBe('');
    expect(lines[oven + 3]).toMatch(/^content\/services\/oven\.md:14/);
  });

  it('orders the problems of a file by line, not by the order they were found', () => {
    expect(report.indexOf('oven.md:9')).toBeLessThan(report.indexOf('oven.md:14'));
  });

  it('prints file:line, the catalogue title and the code on the first line of each problem', () => {
    expect(lines).toContain(
      `content/services/oven.md:14  ${CATALOGUE['unknown-reference'].title} [unknown-reference]`,
    );
    expect(lines).toContain(
      `content/faqs/pets.md:3  ${CATALOGUE['yaml-syntax'].title} [yaml-syntax]`,
    );
  });

  it('prints just the file when the line is unknown', () => {
    expect(lines).toContain(`content/errors  ${CATALOGUE['missing-file'].title} [missing-file]`);
  });

  it('prints "field: message" when there is a field, the message alone otherwise', () => {
    expect(lines).toContain('  areaServed.2: No area "bromly" exists.');
    expect(lines).toContain('  order: Expected a number, found the text "two".');
    expect(lines).toContain('  Missing closing "quote');
  });

  it("prints the hint for each problem's code after its message", () => {
    const at = lines.indexOf('  order: Expected a number, found the text "two".');
    expect(lines[at + 1]).toBe(`  hint: ${CATALOGUE['wrong-type'].hint}`);
    expect(lines.filter((line) => line.startsWith('  hint: '))).toHaveLength(problems.length);
  });

  it('uses the singular for one problem in one file', () => {
    expect(formatProblems([problems[1]!]).split('\n')[0]).toBe(
      'Content check failed: 1 problem in 1 file.',
    );
  });

  it('counts several problems in one file', () => {
    expect(formatProblems([problems[0]!, problems[2]!]).split('\n')[0]).toBe(
      'Content check failed: 2 problems in 1 file.',
    );
  });

  it('counts one problem per file in several files', () => {
    expect(formatProblems([problems[0]!, problems[1]!]).split('\n')[0]).toBe(
      'Content check failed: 2 problems in 2 files.',
    );
  });

  it('counts notices apart: they fail nothing, and a report of notices alone says the check passed', () => {
    const notice = (file: string): ContentProblem => ({
      code: 'not-canonical',
      file,
      message: 'This file is not in the canonical format the block builder exports.',
    });
    expect(
      formatProblems([
        problems[0]!,
        notice('content/faqs/pets.md'),
        notice('content/areas/bromley.md'),
      ]).split('\n')[0],
    ).toBe('Content check failed: 1 problem in 1 file, and 2 notices.');
    expect(formatProblems([notice('content/faqs/pets.md')]).split('\n')[0]).toBe(
      'Content check passed with notices: 1 notice in 1 file.',
    );
  });

  it('does not change the order of the list it is given', () => {
    const copy = [...problems];
    formatProblems(copy);
    expect(copy).toEqual(problems);
  });

  it('every catalogue entry has a title and a hint', () => {
    for (const [code, entry] of Object.entries(CATALOGUE)) {
      expect(entry.title.length, code).toBeGreaterThan(0);
      expect(entry.hint.length, code).toBeGreaterThan(0);
    }
  });
});

describe('ContentError', () => {
  it('carries every problem and counts them in its message', () => {
    const error = new ContentError(problems);
    expect(error.problems).toEqual(problems);
    expect(error.message).toBe('4 content problems');
    expect(error.name).toBe('ContentError');
    expect(new ContentError([problems[0]!]).message).toBe('1 content problem');
  });

  it('throwIfProblems throws only when there is a problem', () => {
    expect(() => throwIfProblems([])).not.toThrow();
    expect(() => throwIfProblems(problems)).toThrow(ContentError);
  });
});
