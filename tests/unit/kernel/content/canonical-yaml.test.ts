// The builder's YAML writer (canonical-yaml.ts, no `yaml` package in the browser) writes exactly what
// `npm run format:content` writes with the `yaml` package, and knows the line of every field as the
// parser finds it: on every content file of the site and the fixtures, on hand-picked awkward text,
// and on thousands of generated values.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  Document,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parse,
  parseDocument,
  type Node,
} from 'yaml';
import { describe, expect, it } from 'vitest';
import { canonicalYaml } from '../../../../src/kernel/content/canonical-yaml.ts';
import { formatContentFile, inSchemaOrder } from '../../../../src/kernel/content/canonical.ts';
import {
  canonicalDocumentText,
  canonicalFile,
} from '../../../../src/kernel/content/canonical-document.ts';
import { frontMatterLines } from '../../../../src/kernel/content/front-matter-lines.ts';
import { schemaOfFile } from '../../../../src/generator/content/load-content.ts';
import { COLLECTIONS, SINGLES } from '../../../../src/kernel/content/collections.ts';
import { isProblem, readEntry } from '../../../../src/kernel/content/read-entry.ts';
import { FIXTURES, REAL_CONTENT } from '../../../support/sites.ts';

type Data = Record<string, unknown>;

/** What the `yaml` package writes for the same data, with the same options. */
const yamlPackage = (data: Data) => canonicalDocumentText(new Document(data));

/** Every path into the data: fields, items, fields of items. */
function pathsOf(value: unknown, prefix: PropertyKey[] = []): PropertyKey[][] {
  if (value === null || typeof value !== 'object') return [];
  const entries: [PropertyKey, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key])]);
}

/** Same text as `yaml`, reads back as the same data, and the same line for every field as the parser finds. */
function expectSameAsYamlPackage(data: Data, label: string): void {
  const ours = canonicalYaml(data as Parameters<typeof canonicalYaml>[0]);
  expect(ours.yaml, label).toBe(yamlPackage(data));
  expect(parse(ours.yaml) ?? {}, label).toEqual(data);
  const parsed = frontMatterLines(ours.yaml);
  for (const fieldPath of pathsOf(data)) {
    expect(ours.lines.lineOf(fieldPath), `${label}: line of ${fieldPath.join('.')}`).toBe(
      parsed.lineOf(fieldPath),
    );
    expect(ours.lines.textLineOf(fieldPath), `${label}: text line of ${fieldPath.join('.')}`).toBe(
      parsed.textLineOf(fieldPath),
    );
  }
  // As a file: "---" comes first, so YAML line n is file line n + 1.
  const fields = fieldsByLine(`---\n${ours.yaml}---\n`);
  for (let line = 1; line <= ours.yaml.split('\n').length; line++)
    expect(ours.fieldAt(line), `${label}: field on line ${line}`).toBe(fields.get(line + 1));
}

/** The innermost group field on each line of a file's front matter, as the parser's positions give it. */
function fieldsByLine(text: string): Map<number, string> {
  const frontMatter = text.slice(3, text.indexOf('\n---\n', 3) + 1);
  const counter = new LineCounter();
  const doc = parseDocument(frontMatter, { lineCounter: counter });
  const lines = new Map<number, string>();
  const walk = (node: unknown, keys: string[]) => {
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isScalar(pair.key)) continue;
        const field = [...keys, String(pair.key.value)];
        const [start, , valueEnd] = ((pair.value as Node | null)?.range ?? pair.key.range) as [
          number,
          number,
          number,
        ];
        const last = counter.linePos(Math.max(start, valueEnd - 1)).line;
        for (let line = counter.linePos(pair.key.range![0]).line; line <= last; line++)
          lines.set(line, field.join('.'));
        walk(pair.value, field);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => walk(item, [...keys, String(index)]));
    }
  };
  walk(doc.contents, []);
  return lines;
}

function contentFilesUnder(dir: string) {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(dir, name))
    .flatMap((absolute) => {
      // Fixture sites keep their content in a content/ folder of their own.
      const contentDir = absolute.slice(
        0,
        absolute.lastIndexOf(`${path.sep}content${path.sep}`) + '/content'.length,
      );
      const key = contentDir.endsWith('content') ? schemaOfFile(contentDir, absolute) : undefined;
      if (!key) return [];
      const raw = readEntry(absolute, readFileSync(absolute, 'utf8'));
      if (
        isProblem(raw) ||
        raw.data === null ||
        typeof raw.data !== 'object' ||
        Array.isArray(raw.data)
      )
        return [];
      const schema =
        key in COLLECTIONS
          ? COLLECTIONS[key as keyof typeof COLLECTIONS].schema
          : SINGLES[key as keyof typeof SINGLES].schema;
      return [
        {
          file: path.relative(process.cwd(), absolute),
          schema,
          data: raw.data as Data,
          body: raw.body,
        },
      ];
    });
}

/** Awkward text: everything that must be quoted, escaped or written as a block. */
const AWKWARD = [
  '',
  ' ',
  'plain',
  'two words',
  'true',
  'False',
  'null',
  '~',
  'NULL',
  'yes',
  '12',
  '-3',
  '+4',
  '1.5',
  '.5',
  '1e3',
  '0x1F',
  '0o17',
  '.inf',
  '-.Inf',
  '.nan',
  '1_000',
  '2024-01-02',
  '1:30',
  'a: b',
  'a:b',
  'key:',
  '# hash',
  'a #b',
  'a#b',
  '- dash',
  '-',
  '?',
  '? q',
  '-x',
  ':',
  ': x',
  '[list]',
  '{map}',
  'a, b',
  '&anchor',
  '*alias',
  '!tag',
  '|',
  '>',
  "it's",
  'say "hi"',
  'both \' and "',
  '"',
  "'",
  '%percent',
  '@at',
  '`tick`',
  ' leading',
  'trailing ',
  '\ttab',
  'in\ttab',
  'line one\nline two',
  'ends with newline\n',
  'two newlines\n\n',
  '\nstarts with newline',
  '  indented\nnext',
  'trailing space \nnext',
  'next\n  indented',
  'para one\n\npara two',
  ' \n',
  '  \n \n',
  '\n\n  \n',
  ' \t\n',
  'lots\n\n\n\nof gaps',
  'line\n',
  '\n',
  '\n\n',
  ' \n',
  'x\n ',
  '---',
  '--- x',
  'a\n---\nb',
  '...',
  'a\n...',
  '%YAML',
  'a\n%b',
  'é accent',
  'emoji 🧹',
  'nbsp\u00a0here',
  'line\u2028sep',
  'bell\u0007',
  'nul\u0000',
  'esc\u001b',
  'del\u007f',
  'next line\u0085',
  'zwj\u200d',
  `a long line of text that is more than forty characters long\nand a second line`,
  `"quoted and long enough to be written on several lines"\nsecond`,
  'Ardent Cleaning — 07123 456789 · £25/hour',
];

/** A small seeded generator, so a failure can be replayed. */
function randomText(seed: number): () => string {
  let state = seed >>> 0;
  const next = () =>
    (state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32;
  const pieces = [
    'a',
    'word',
    ' ',
    ' ',
    '  ',
    '\n',
    '\n\n',
    ':',
    ': ',
    '#',
    ' #',
    '-',
    '- ',
    "'",
    '"',
    '\t',
    '|',
    '>',
    '0',
    '1',
    '.',
    'e',
    'true',
    'null',
    '---',
    '...',
    '%',
    ',',
    '[',
    '{',
    '&',
    '*',
    '!',
    '?',
    'é',
    '\u0085',
    '\u00a0',
    '🧹',
    '\\',
    '\u0001',
  ];
  return () => {
    const length = Math.floor(next() * 8);
    let out = '';
    for (let i = 0; i < length; i++) out += pieces[Math.floor(next() * pieces.length)];
    return out;
  };
}

describe('the builder’s YAML writer', () => {
  it('writes every content file exactly as format:content does, with the same field lines', () => {
    const files = [...contentFilesUnder(REAL_CONTENT), ...contentFilesUnder(FIXTURES)];
    expect(files.length).toBeGreaterThan(60);
    for (const { file, schema, data, body } of files) {
      const expected = canonicalFile(new Document(inSchemaOrder(data, schema)), schema, body);
      const ours = formatContentFile(schema, data, body);
      expect(ours.text, file).toBe(expected);
      const parsed = frontMatterLines(`\n${ours.text.split('\n---\n')[0]!.slice(4)}\n`);
      for (const fieldPath of pathsOf(data))
        expect(ours.lines.lineOf(fieldPath), `${file}: ${fieldPath.join('.')}`).toBe(
          parsed.lineOf(fieldPath),
        );
      const fields = fieldsByLine(ours.text);
      const lineCount = ours.text.split('\n---\n')[0]!.split('\n').length;
      for (let line = 1; line <= lineCount; line++)
        expect(ours.fieldAt(line), `${file}: field on line ${line}`).toBe(fields.get(line));
    }
  });

  it('quotes, escapes and blocks awkward text as the yaml package does, as a value, a list item and a key', () => {
    for (const [i, text] of AWKWARD.entries()) {
      expectSameAsYamlPackage({ field: text }, `value ${i} ${JSON.stringify(text)}`);
      expectSameAsYamlPackage({ list: [text, 'after'] }, `item ${i} ${JSON.stringify(text)}`);
      expectSameAsYamlPackage(
        { group: { inner: text, next: 1 } },
        `nested ${i} ${JSON.stringify(text)}`,
      );
      if (!text.includes('\n'))
        expectSameAsYamlPackage({ [text]: 'value' }, `key ${i} ${JSON.stringify(text)}`);
    }
  });

  it('writes empty lists and groups, numbers, booleans and nulls, and lists of groups, as the yaml package does', () => {
    expectSameAsYamlPackage(
      { empty: [], none: {}, nested: { list: [], deeper: { again: [] } } },
      'empty',
    );
    expectSameAsYamlPackage(
      {
        int: 3,
        negative: -2,
        zero: 0,
        float: 1.25,
        big: 1e21,
        small: 1e-7,
        yes: true,
        no: false,
        nothing: null,
      },
      'scalars',
    );
    expectSameAsYamlPackage(
      {
        blocks: [
          { type: 'hero', title: 'Hi', items: ['a', 'b'] },
          { type: 'text', body: 'one\ntwo\n' },
          { list: [[1, 2], []] },
        ],
      },
      'lists of groups',
    );
  });

  it('agrees with the yaml package on 3,000 generated values', () => {
    const generate = randomText(20261124);
    for (let i = 0; i < 1000; i++) {
      const a = generate();
      const b = generate();
      expectSameAsYamlPackage(
        { field: a, list: [b, a], group: { inner: b, items: [{ text: a }] } },
        `generated ${i}: ${JSON.stringify([a, b])}`,
      );
    }
  });
});
