/** What every lint rule receives, and what it gives back. */
import type { ContentEntry } from '../content/entry.ts';
import type { ContentProblem } from '../errors/problems.ts';
import type { SitePage } from '../site/pages.ts';
import type { ParsedDocument } from './parse-html.ts';
import type { LintOptions } from './options.ts';
import type { SourceFiles } from './sources.ts';

/** One rendered page: a route, or an error page. */
export interface LintedPage {
  /** "/about"; "/404" and "/500" for the error pages. */
  route: string;
  /** The content file the page comes from, as problems name it. */
  file: string;
  /** The page's content entry, for front-matter lines. */
  entry: Pick<ContentEntry, 'lineOf' | 'bodyLineToFileLine' | 'body'>;
  /** The routed page; undefined for the 404 and 500 pages. */
  page?: SitePage;
  title: string;
  description: string;
  document: ParsedDocument;
}

/** What the rules that compare pages read of a page the lint does not look at itself. */
export type PageMeta = Pick<LintedPage, 'route' | 'file' | 'title' | 'description'>;

/** What the rules read of the site besides the pages: its address, and which areas and services exist. */
export interface LintSite {
  siteUrl: string;
  areas: readonly { data: { slug: string } }[];
  services: readonly { data: { slug: string } }[];
}

export interface LintContext {
  site: LintSite;
  /** Every rendered page: the routes in route order, then the 404 and 500 pages. */
  pages: readonly LintedPage[];
  /** The site's other routed pages, when the lint looks at some pages alone: compared with, never reported on. */
  others?: readonly PageMeta[];
  sources: SourceFiles;
  options: LintOptions;
}

export interface RuleResult {
  /** How many pages the rule looked at. */
  checked: number;
  problems: ContentProblem[];
}

export interface LintRule {
  /** Short name shown in the summary, e.g. "title-length". */
  id: string;
  /** What the rule checks, in a few words. */
  summary: string;
  run(context: LintContext): RuleResult;
}

/** A rule that looks at some pages one at a time. */
export function perPageRule(
  id: string,
  summary: string,
  applies: (page: LintedPage) => boolean,
  check: (page: LintedPage, context: LintContext) => ContentProblem[],
): LintRule {
  return {
    id,
    summary,
    run(context) {
      const pages = context.pages.filter(applies);
      return { checked: pages.length, problems: pages.flatMap((page) => check(page, context)) };
    },
  };
}

/** The routed pages (the site's 40), not the 404 and 500 pages. */
export const isRoute = (page: LintedPage): page is LintedPage & { page: SitePage } =>
  page.page !== undefined;

/** The first written line of a page's Markdown body, else its first line: where to point a problem with the page's copy. */
export function copyLine(page: LintedPage, sources: SourceFiles): number {
  if (!page.entry.body) return 1;
  const start = page.entry.bodyLineToFileLine(1);
  const lines = (sources.text(page.file) ?? '').split('\n');
  for (let line = start; line <= lines.length; line += 1) if (lines[line - 1]!.trim()) return line;
  return start;
}

/** "1 word", "2 words". */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;
