// The content lint for content-health.json, page by page, so that a build lints only the pages it
// renders: each page's result is kept under its page key (which covers everything its HTML and its
// content file hold) in memory for `npm run dev` and in .cache/health/ for the next build. Only
// unique-meta compares pages with each other, and it reads titles and descriptions, which the site
// model has without rendering. The same rules as `npm run check` (src/generator/lint/lint-site.ts).
import type { ContentReadResult } from '../content/load-content.ts';
import type { ContentProblem } from '../../kernel/errors/problems.ts';
import type { DiskCache } from '../images/disk-cache.ts';
import type { LintContext, LintedPage, RuleResult } from '../../kernel/lint/context.ts';
import { lintedPage, sourcesFromDisk } from '../lint/lint-site.ts';
import { DEFAULT_LINT_OPTIONS } from '../../kernel/lint/options.ts';
import { LINT_RULES } from '../../kernel/lint/rules.ts';
import { parseDocument } from '../../kernel/lint/parse-html.ts';
import { LINT_ASSETS, sitePartsOf } from '../../kernel/render/page-parts.ts';
import { renderJobs, type RenderJob } from '../../kernel/render/render-page.tsx';
import type { SiteModel } from '../../kernel/site/site-model.ts';
import type { ContentHealth } from '../../kernel/wire/build-files.ts';

/**
 * At most this many pages are linted by one build (rendering them again for the rules costs about
 * 3 ms a page): a cold build of a site of thousands of pages leaves the lint to `npm run check`
 * rather than take twice as long. The real site (42 pages) is always linted.
 */
export const HEALTH_LINT_MAX_PAGES = 500;

/** The rules that compare pages with each other: run on every page's title and description, unrendered. */
const ACROSS_PAGES = new Set(['unique-meta']);

type PageResults = Record<string, RuleResult>;

export interface HealthLintInput {
  site: SiteModel;
  read: ContentReadResult;
  /** The project root: content file names in problems are relative to it. */
  root: string;
  /** A page's key (src/kernel/render/page-parts.ts) with the generator's code key: the same key, the same lint result. */
  keyOf: (job: RenderJob) => string;
  /** .cache/health/: what the last build linted, for the next process. */
  cache: DiskCache;
  /** What earlier builds of this session found, by key (the dev server keeps it). */
  memory: Map<string, PageResults>;
  /** Tests: another limit than HEALTH_LINT_MAX_PAGES. */
  maxPages?: number;
  /** The HTML the build has just rendered for a page, if it kept it: the rules read it as it is. */
  htmlOf?: (job: RenderJob) => string | undefined;
}

export async function healthLint({
  site,
  read,
  root,
  keyOf,
  cache,
  memory,
  maxPages = HEALTH_LINT_MAX_PAGES,
  htmlOf,
}: HealthLintInput): Promise<ContentHealth['lint']> {
  const jobs = renderJobs(site);
  const keys = jobs.map(keyOf);
  if (memory.size === 0) {
    const kept = await cache.read('lint-pages.json');
    if (kept)
      for (const [key, results] of Object.entries(
        JSON.parse(kept.toString('utf8')) as Record<string, PageResults>,
      ))
        memory.set(key, results);
  }
  const unknown = keys.filter((key) => !memory.has(key)).length;
  if (unknown > maxPages)
    return { pages: jobs.length, rules: [], warnings: [], notLinted: unknown };
  const context = (pages: LintedPage[]): LintContext => ({
    site,
    pages,
    sources,
    options: DEFAULT_LINT_OPTIONS,
  });
  const sources = sourcesFromDisk(read.content!, root);
  const input = { parts: sitePartsOf(site, LINT_ASSETS), images: read.images };
  let linted = 0;
  const perPage = jobs.map((job, i) => {
    const known = memory.get(keys[i]!);
    if (known) return known;
    const page = lintedPage(input, job, htmlOf?.(job));
    linted += 1;
    const results: PageResults = {};
    for (const rule of LINT_RULES)
      if (!ACROSS_PAGES.has(rule.id)) results[rule.id] = rule.run(context([page]));
    memory.set(keys[i]!, results);
    return results;
  });
  // Unrendered pages for the rules across pages: routes with their titles and descriptions, and no HTML.
  const empty = parseDocument('');
  const outlines = site.pages.map((page): LintedPage => ({
    route: page.route,
    file: page.file,
    entry: page.entry,
    page,
    title: page.title,
    description: page.description,
    document: empty,
  }));

  const seen = new Set<string>();
  const warnings: ContentProblem[] = [];
  const rules = LINT_RULES.map((rule) => {
    const results = ACROSS_PAGES.has(rule.id)
      ? [rule.run(context(outlines))]
      : perPage.map((page) => page[rule.id]!);
    let problems = 0;
    for (const problem of results.flatMap((result) => result.problems)) {
      const key = JSON.stringify([
        problem.code,
        problem.file,
        problem.line,
        problem.field,
        problem.message,
      ]);
      if (seen.has(key)) continue;
      seen.add(key);
      warnings.push(problem);
      problems += 1;
    }
    return {
      id: rule.id,
      summary: rule.summary,
      checked: results.reduce((sum, result) => sum + result.checked, 0),
      problems,
    };
  });
  // Only the pages the site has now are kept, so neither grows with every edit.
  const current = new Set(keys);
  for (const key of memory.keys()) if (!current.has(key)) memory.delete(key);
  if (linted > 0) await cache.write('lint-pages.json', JSON.stringify(Object.fromEntries(memory)));
  return {
    pages: jobs.length,
    rules,
    warnings: warnings.map(({ code, file, line, field, message }) => ({
      code,
      file,
      line,
      field,
      message,
    })),
  };
}
