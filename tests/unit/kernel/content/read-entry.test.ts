// readEntry + validateEntry: every problem names the file line an editor has to look at.
import { describe, expect, it } from 'vitest';
import type { ContentProblem } from '../../../../src/kernel/errors/problems.ts';
import { isProblem, readEntry, type RawEntry } from '../../../../src/kernel/content/read-entry.ts';
import { FaqSchema, PageSchema, ServiceSchema } from '../../../../src/kernel/schema/index.ts';
import { validateEntry } from '../../../../src/kernel/content/validate-entry.ts';

/** Joins lines into a file; line 1 is the opening "---". */
const file = (...lines: string[]) => `${lines.join('\n')}\n`;

function read(source: string): RawEntry {
  const raw = readEntry('content/x.md', source);
  if (isProblem(raw)) throw new Error(`unexpected problem: ${raw.message}`);
  return raw;
}

function problems(source: string, schema: Parameters<typeof validateEntry>[1]): ContentProblem[] {
  const result = validateEntry(read(source), schema);
  if (result.ok) throw new Error('expected validation problems');
  return result.problems;
}

const SERVICE_LINES = [
  '---',
  'slug: deep-cleaning',
  'name: Deep Cleaning',
  'title: Deep Cleaning | Ardent',
  'description: A thorough clean.',
  'heading: Deep cleaning',
  'summary: Top to bottom.',
  'serviceType: Deep cleaning',
  'branch: cleaning',
  'order: 2',
  'areaServed: [orpington]',
];

describe('readEntry', () => {
  it('reports invalid YAML as yaml-syntax on the file line of the mistake', () => {
    const source = file(
      '---',
      'question: How do I book?',
      'order: 1',
      'note: "unterminated',
      '---',
      'Body.',
    );
    const problem = readEntry('content/faqs/how-to-book.md', source);
    expect(isProblem(problem)).toBe(true);
    expect(problem).toMatchObject({
      code: 'yaml-syntax',
      file: 'content/faqs/how-to-book.md',
      line: 4,
    });
    expect((problem as ContentProblem).message).not.toMatch(/at line \d+/);
  });

  it.each([
    ['a tab used for indentation', ['---', 'question: Q', 'order: 1', 'list:', '\t- a', '---'], 5],
    ['a duplicated key', ['---', 'question: Q', 'order: 1', 'question: again', '---'], 4],
    [
      'a second ": " in an unquoted value',
      ['---', 'question: Q', 'title: Cleaning: the basics', 'order: 1', '---'],
      3,
    ],
  ])('points at the line of %s', (_what, lines, line) => {
    const problem = readEntry('x.md', file(...lines));
    expect(problem).toMatchObject({ code: 'yaml-syntax', line });
  });

  // The yaml package reports an unclosed quote where the text ends; the reader finds where it opens.
  it('points at the line where an unclosed quote opens, even with more fields below', () => {
    const problem = readEntry(
      'x.md',
      file('---', 'question: "How do I book?', 'order: 1', 'extra: x', '---'),
    );
    expect(problem).toMatchObject({ code: 'yaml-syntax', line: 2 });
  });

  it('reports a file without front matter', () => {
    expect(readEntry('x.md', 'question: Q\n')).toMatchObject({
      code: 'missing-front-matter',
      file: 'x.md',
      line: 1,
    });
  });

  it('maps front-matter fields to file lines, starting on line 2', () => {
    const raw = read(
      file(
        '---',
        'question: Q',
        'order: 1',
        'nested:',
        '  list:',
        '    - first',
        '    - second',
        '---',
        'Body',
      ),
    );
    expect(raw.lineOf(['question'])).toBe(2);
    expect(raw.lineOf(['order'])).toBe(3);
    expect(raw.lineOf(['nested', 'list', 1])).toBe(7);
    // An absent field points at its nearest existing parent.
    expect(raw.lineOf(['nested', 'missing'])).toBe(4);
    expect(raw.lineOf(['absent'])).toBe(2);
  });

  it('counts comment lines at the top of the front matter', () => {
    const raw = read(file('---', '# a comment', '# another', 'question: Q', 'order: 1', '---'));
    expect(raw.lineOf(['order'])).toBe(5);
  });

  it('gives the file line on which the Markdown body starts', () => {
    const raw = read(file('---', 'question: Q', 'order: 1', '---', 'First body line', 'Second'));
    expect(raw.bodyLine).toBe(5);
    expect(raw.body.split('\n')[0]).toBe('First body line');
    const withGap = read(file('---', 'question: Q', '---', '', '', 'Text'));
    expect(withGap.bodyLine + withGap.body.split('\n').indexOf('Text')).toBe(6);
  });

  it('reads Windows (CRLF) files without a stray carriage return in the last field', () => {
    const raw = read('---\r\nquestion: Q\r\norder: 1\r\n---\r\nBody\r\n');
    expect(raw.data).toEqual({ question: 'Q', order: 1 });
    expect(raw.lineOf(['order'])).toBe(3);
    expect(raw.bodyLine).toBe(5);
    expect(read('---\r\norder: 1\r\nquestion: Last\r\n---\r\n').data).toEqual({
      order: 1,
      question: 'Last',
    });
  });
});

describe('validateEntry', () => {
  it('accepts valid front matter and returns the parsed data with defaults', () => {
    const result = validateEntry(read(file(...SERVICE_LINES, '---')), ServiceSchema);
    expect(result).toMatchObject({ ok: true, data: { blocks: [{ type: 'body' }] } });
  });

  it('reports a missing top-level field as missing-field on the first front-matter line', () => {
    const lines = SERVICE_LINES.filter((line) => !line.startsWith('summary:'));
    expect(problems(file(...lines, '---'), ServiceSchema)).toEqual([
      expect.objectContaining({
        code: 'missing-field',
        file: 'content/x.md',
        field: 'summary',
        line: 2,
      }),
    ]);
  });

  it('reports a missing nested field at the line of its parent', () => {
    const source = file(
      ...SERVICE_LINES,
      'blocks:',
      '  - type: body',
      '  - type: call-to-action',
      '    heading: Talk to us',
      '    action:',
      '      label: Contact us',
      '---',
    );
    const [problem, ...rest] = problems(source, ServiceSchema);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ code: 'missing-field', field: 'blocks.1.action.href' });
    // The parent: the "action:" key (line 16) or its first field (line 17); never the top of the file.
    expect([16, 17]).toContain(problem!.line);
    expect(problem!.message).toBe('Fill in “Goes to”.');
  });

  it('reports a missing enum field as missing-field, not as a wrong value', () => {
    const lines = SERVICE_LINES.filter((line) => !line.startsWith('branch:'));
    const [problem] = problems(file(...lines, '---'), ServiceSchema);
    expect(problem).toMatchObject({ code: 'missing-field', field: 'branch', line: 2 });
    expect(problem!.message).not.toContain('undefined');
    expect(problem!.message).toContain('"cleaning"');
  });

  it('reports a value of the wrong type as wrong-type at its own line, saying what was found', () => {
    const lines = SERVICE_LINES.map((line) =>
      line.startsWith('order:') ? 'order: "second"' : line,
    );
    const [problem, ...rest] = problems(file(...lines, '---'), ServiceSchema);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ code: 'wrong-type', field: 'order', line: 10 });
    expect(problem!.message).toContain('a number');
    expect(problem!.message).toContain('"second"');
  });

  it('reports a list where text belongs as wrong-type, on the line of its key', () => {
    expect(
      problems(file('---', 'question:', '  - one', '  - two', 'order: 1', '---'), FaqSchema),
    ).toEqual([expect.objectContaining({ code: 'wrong-type', field: 'question', line: 2 })]);
  });

  it('reports an unknown key as unknown-field naming it, at its line', () => {
    const [problem, ...rest] = problems(
      file('---', 'question: Q', 'order: 1', 'answr: A typo', '---'),
      FaqSchema,
    );
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ code: 'unknown-field', field: 'answr', line: 4 });
    expect(problem!.message).toContain('"answr"');
  });

  it('reports an unknown nested key with its full path', () => {
    const source = file(...SERVICE_LINES, 'offers:', '  priceCurrency: GBP', '  price: 40', '---');
    expect(problems(source, ServiceSchema)).toEqual([
      expect.objectContaining({ code: 'unknown-field', field: 'offers.price', line: 14 }),
    ]);
  });

  it('names the allowed block types for an unknown block type, at the line of the type', () => {
    const source = file(
      '---',
      'route: /about',
      'title: About',
      'description: About us.',
      'heading: About',
      'blocks:',
      '  - type: body',
      '  - type: gallery',
      '---',
    );
    const [problem, ...rest] = problems(source, PageSchema);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ code: 'invalid-field', field: 'blocks.1.type', line: 8 });
    expect(problem!.message).toContain('gallery');
    for (const type of [
      'hero',
      'body',
      'markdown',
      'services-grid',
      'areas-list',
      'faq-list',
      'call-to-action',
      'contact-details',
    ]) {
      expect(problem!.message).toContain(`"${type}"`);
    }
  });

  it('reports every problem of a file, each on its own line', () => {
    const source = file('---', 'question: 42', 'order: first', 'extra: true', '---');
    const found = problems(source, FaqSchema).map(({ code, field, line }) => ({
      code,
      field,
      line,
    }));
    expect(found).toEqual(
      expect.arrayContaining([
        { code: 'wrong-type', field: 'question', line: 2 },
        { code: 'wrong-type', field: 'order', line: 3 },
        { code: 'unknown-field', field: 'extra', line: 4 },
      ]),
    );
    expect(found).toHaveLength(3);
  });

  it('uses file lines even when the front matter starts with comments and blank lines', () => {
    const source = file('---', '# Comment', '', 'question: Q', 'order: nope', '---');
    expect(problems(source, FaqSchema)).toEqual([
      expect.objectContaining({ code: 'wrong-type', field: 'order', line: 5 }),
    ]);
  });
});
