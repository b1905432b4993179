// The quick front-matter parser gives what the `yaml` package gives, for every content file of the
// site and the fixtures (broken ones included), and rejects whatever `yaml` rejects.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseFrontMatterFast } from '../../../../src/kernel/content/read-entry.ts';
import { FIXTURES, REAL_CONTENT } from '../../../support/sites.ts';

function frontMattersUnder(dir: string): { file: string; text: string }[] {
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((name) =>
    name.endsWith('.md'),
  );
  return files.flatMap((name) => {
    let text: string | undefined;
    const source = readFileSync(path.join(dir, name), 'utf8');
    try {
      matter(source, { engines: { yaml: (yaml: string) => ((text = yaml), {}) } });
    } catch {
      return [];
    }
    return text === undefined ? [] : [{ file: name, text: text.replace(/\r$/, '') }];
  });
}

const SAMPLES = [
  'a: 1\nb: -2\nc: 0o17\nd: 0x1F\ne: 012\nf: 1_000\ng: 1:30\nh: 2024-01-02\ni: 1.5\nj: .5\nk: 1e3\nl: .inf\nm: -.Inf\nn: yes\no: No\np: ~\nq:\nr: True\ns: FALSE\nt: "1"\nu: +12\nv: 1.',
  'list: [1, two, 3.0, null, true]\nnested:\n  - { a: b }\n  - key: |\n      block\n      text\n    folded: >\n      one\n      two\n',
  "quoted: 'it''s'\nescaped: \"tab\\tand \\u00e9\"\nempty: ''\nkey with spaces: value: with colon\n",
  '<<: { a: 1 }\nb: 2\n',
  'a: 1\na: 2\n',
  'a: "open\nb: 2\n',
];

describe('the quick front-matter parser', () => {
  const all = [
    ...frontMattersUnder(REAL_CONTENT),
    ...frontMattersUnder(FIXTURES),
    ...SAMPLES.map((text, i) => ({ file: `sample ${i}`, text })),
  ];

  const rejected = all.filter(
    ({ text }) => parseDocument(text, { uniqueKeys: true }).errors.length > 0,
  );

  it('rejects what `yaml` rejects', () => {
    expect(rejected.length).toBeGreaterThan(0);
    // Any error: the caller then asks `yaml` why.
    for (const { file, text } of rejected)
      expect(() => parseFrontMatterFast(text), file).toThrow(Error);
  });

  it('reads every other front matter as `yaml` does', () => {
    expect(all.length).toBeGreaterThan(60);
    let compared = 0;
    for (const { file, text } of all.filter((entry) => !rejected.includes(entry))) {
      const doc = parseDocument(text, { uniqueKeys: true });
      let fast: unknown;
      try {
        fast = parseFrontMatterFast(text);
      } catch {
        continue; // left to `yaml`: the same data in the end
      }
      expect(fast, file).toEqual(doc.toJS());
      compared += 1;
    }
    expect(compared).toBeGreaterThan(50);
  });
});
