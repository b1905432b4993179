// The content lint on one page, where the page is checked alone (a draft in the builder, a file
// proposed for publishing): the same rules as `npm run check`, on the page rendered with the site's
// own templates. The rules that compare pages (unique titles and descriptions) compare it with the
// rest of the site.
import type { ContentProblem } from '../errors/problems.ts';
import type { LintContext, LintedPage, LintSite, PageMeta } from '../lint/context.ts';
import { DEFAULT_LINT_OPTIONS } from '../lint/options.ts';
import type { ParsedDocument } from '../lint/parse-html.ts';
import { LINT_RULES } from '../lint/rules.ts';
import { SourceFiles } from '../lint/sources.ts';
import type { SitePage } from '../site/pages.ts';

export interface PageLint {
  /** The page rendered with the site's templates, as the rules read it. */
  render: (page: SitePage) => ParsedDocument;
  site: LintSite;
  /** The site's other routed pages; the one the page replaces (the live page a draft edits) left out. */
  others: readonly PageMeta[];
  /** The file's text, to point a problem found in the rendered page at its line. */
  text: string;
}

export function lintPage(
  page: SitePage,
  file: string,
  { render, site, others, text }: PageLint,
): ContentProblem[] {
  const linted: LintedPage = {
    route: page.route,
    file,
    entry: page.entry,
    page,
    title: page.title,
    description: page.description,
    document: render(page),
  };
  const context: LintContext = {
    site,
    pages: [linted],
    others,
    sources: SourceFiles.fromTexts(new Map([[file, text]])),
    options: DEFAULT_LINT_OPTIONS,
  };
  return LINT_RULES.flatMap((rule) => rule.run(context).problems).filter(
    (problem) => problem.file === file,
  );
}
