// Links hold: every relative link and #anchor in README.md, CONTRIBUTING.md and docs/*.md reaches a
// file that exists and a heading it has (anchors as GitHub makes them), and every path a code span
// names in src/, tests/, scripts/, docs/, bench/, netlify/, content/ or public/ exists, so a reader
// who follows one finds it and a rename that forgets the docs fails here.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  documentationFiles,
  isCheckedPath,
  isExternal,
  linkTarget,
  pathExists,
  PROJECT_ROOT,
  readMarkdown,
} from '../support/markdown-docs.ts';

/** Code spans that start like one of our paths but name something else, each with the reason. */
const NOT_OUR_PATHS: Readonly<Record<string, string>> = {
  'src/content.config.ts':
    "Astro's content collection, in the project bench/builders.ts sets up for the bench",
  'content/<file name>-<yyyymmdd-hhmm>': "a proposal's git branch, not a file",
  'content/…': "a proposal's git branch, not a file",
  'content/images/':
    'the photos folder, which an editor makes with the first photo (the build reads it when it exists)',
};

const files = documentationFiles().map(readMarkdown);
const byFile = new Map(files.map((file) => [file.file, file]));

describe.each(files.map((file) => [file.file, file] as const))(
  '%s',
  (name, { links, codeSpans }) => {
    it('links only to files that exist, and to #anchors their headings have', () => {
      const broken: string[] = [];
      for (const { value, line } of links.filter((link) => !isExternal(link.value))) {
        const target = linkTarget(name, value);
        if (!existsSync(path.join(PROJECT_ROOT, target.file))) {
          broken.push(`${name}:${line} ${value}: no file ${target.file}`);
          continue;
        }
        if (target.anchor === undefined) continue;
        const page =
          byFile.get(target.file) ??
          (target.file.endsWith('.md') ? readMarkdown(target.file) : undefined);
        const slugs = page?.headings.map(({ slug }) => slug) ?? [];
        if (!slugs.includes(target.anchor))
          broken.push(`${name}:${line} ${value}: ${target.file} has no heading #${target.anchor}`);
      }
      expect(broken).toEqual([]);
    });

    it('names only paths that exist in code spans', () => {
      const missing = codeSpans
        .filter(
          ({ value }) => isCheckedPath(value) && !(value in NOT_OUR_PATHS) && !pathExists(value),
        )
        .map(({ value, line }) => `${name}:${line} \`${value}\``);
      expect(missing).toEqual([]);
    });
  },
);

describe('the rule for paths', () => {
  it('holds a placeholder or * to at least one match, and … to the folder before it', () => {
    expect(pathExists('content/services/<slug>.md')).toBe(true);
    expect(pathExists('content/<pages|services|areas>/<name>.md')).toBe(true);
    expect(pathExists('tests/e2e/quality-*.spec.ts')).toBe(true);
    expect(pathExists('src/kernel/wire/')).toBe(true);
    expect(pathExists('content/services/<slug>.yaml')).toBe(false);
    expect(pathExists('tests/e2e/nothing-*.spec.ts')).toBe(false);
    expect(pathExists('src/kernel/wire/budgets.ts/')).toBe(false);
    expect(pathExists('src/no-such-folder/…')).toBe(false);
  });

  it('lists as not ours only spans the docs still name, none of them a path of ours', () => {
    const named = new Set(files.flatMap(({ codeSpans }) => codeSpans.map(({ value }) => value)));
    for (const span of Object.keys(NOT_OUR_PATHS)) {
      expect(named.has(span), `${span} is named nowhere: take it off the list`).toBe(true);
      expect(
        existsSync(path.join(PROJECT_ROOT, span)),
        `${span} exists: check it like any path`,
      ).toBe(false);
    }
  });
});
