// The content lint on a draft's page, for the builder's checks (check-draft.ts): the page drawn with
// the site's own templates, linted with the same rules as `npm run check`. Its own module, so that
// the preview, which checks without the lint, does not carry it.
import type { ReactElement } from 'react';
import { lintPage } from '../../kernel/check/lint-page.ts';
import type { ContentProblem } from '../../kernel/errors/problems.ts';
import type { ParsedDocument } from '../../kernel/lint/parse-html.ts';
import { contentTemplate, contextFor } from '../../kernel/render/page-context.tsx';
import type { SitePage } from '../../kernel/site/pages.ts';
import type { BuilderSite } from '../../kernel/wire/builder-data.ts';

/** Renders a page's template and hands back what the lint reads: the body's elements, and <main>. */
export type RenderForLint = (element: ReactElement) => ParsedDocument;

/** The lint for checkDraft: `text` is the file the draft exports; `replaces`, the route of the live page it edits. */
export function draftLint(site: BuilderSite, render: RenderForLint) {
  const slugs = (list: readonly { slug: string }[]) => list.map((item) => ({ data: { slug: item.slug } }));
  return (text: string, replaces?: string) =>
    (page: SitePage, file: string): ContentProblem[] =>
      lintPage(page, file, {
        render: (shown) => render(contentTemplate(contextFor({ parts: site.parts, images: site.images }, shown))),
        site: { siteUrl: site.parts.layout.siteUrl, areas: slugs(site.data.areas), services: slugs(site.data.services) },
        others: site.data.routes.filter((facts) => facts.route !== replaces).map(({ route, path, title, description }) => ({ route, file: path, title, description })),
        text,
      });
}
