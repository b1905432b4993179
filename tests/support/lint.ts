// Helpers for the content lint's tests: the minimal site with tests/fixtures/lint/base/ over it
// (lint-clean but for the word count), one case folder laid on top, loaded and linted in memory.
import { cp } from 'node:fs/promises';
import path from 'node:path';
import type { ContentProblem, ProblemCode } from '../../src/kernel/errors/problems.ts';
import type { LintContext } from '../../src/kernel/lint/context.ts';
import { parseDocument } from '../../src/kernel/lint/parse-html.ts';
import { lintSite, type LintReport } from '../../src/generator/lint/lint-site.ts';
import { DEFAULT_LINT_OPTIONS, type LintOptions } from '../../src/kernel/lint/options.ts';
import { SourceFiles } from '../../src/kernel/lint/sources.ts';
import { copyMinimalSite, FIXTURES, loadSite } from './sites.ts';

export const LINT_FIXTURES = path.join(FIXTURES, 'lint');

/** The minimal site's pages are a sentence or two: the tests of the other rules lower the word count. */
export const SHORT_PAGES: Partial<LintOptions> = { minWords: 0 };

/** A temp copy of minimal-site + lint/base + the named case folders, in order; returns its content folder. */
export async function lintCase(...cases: string[]): Promise<string> {
  const contentDir = await copyMinimalSite();
  for (const name of ['base', ...cases]) {
    await cp(path.join(LINT_FIXTURES, name), contentDir, { recursive: true, force: true });
  }
  return contentDir;
}

/** Loads a content folder like the build does (file names relative to it) and lints it. */
export async function lint(
  contentDir: string,
  options: Partial<LintOptions> = SHORT_PAGES,
  rules?: string[],
): Promise<LintReport> {
  const { content, site } = await loadSite(contentDir);
  return lintSite({ content, site, root: contentDir, options, rules });
}

/** The problems of one kind, in a compact form for toEqual. */
export function problemsCoded(
  report: LintReport,
  code: ProblemCode,
): Omit<ContentProblem, 'code'>[] {
  return report.problems
    .filter((problem) => problem.code === code)
    .map((problem) => {
      const { code: _, ...rest } = problem;
      return rest;
    });
}

/** The counts row of a rule. */
export function countsOf(report: LintReport, id: string) {
  const row = report.rules.find((rule) => rule.id === id);
  if (!row) throw new Error(`no rule ${id} in the report`);
  return row;
}

/**
 * A lint context made from bare HTML, for what content cannot produce through the real templates
 * (a page with no h1, an <img> with no alt). Only the rules that read the HTML can run on it.
 */
export function htmlContext(
  pages: { route: string; file: string; html: string }[],
  texts: Record<string, string> = {},
): LintContext {
  return {
    site: undefined as never,
    options: { ...DEFAULT_LINT_OPTIONS },
    sources: SourceFiles.fromTexts(new Map(Object.entries(texts))),
    pages: pages.map(({ route, file, html }) => ({
      route,
      file,
      html,
      title: 'A page',
      description: 'A page made of bare HTML for a test of one lint rule.',
      entry: { lineOf: () => 2, bodyLineToFileLine: (line: number) => line + 5, body: null },
      document: parseDocument(html),
    })),
  };
}

/** A whole document around some body HTML, as the templates write it. */
export const documentWith = (body: string) =>
  `<!doctype html><html lang="en-GB"><head><title>A page</title></head><body>${body}</body></html>`;
