// The content lint on one page checked against the site the build described (builder-data.json, or
// the same data the publish function derives from the repository): the page drawn with the site's
// own templates, linted with the same rules as `npm run check`. Its own module, so that the
// builder's preview, which checks without the lint, does not carry it.
import type { ReactElement } from 'react';
import { lintPage } from './lint-page.ts';
import type { ContentProblem } from '../errors/problems.ts';
import type { ParsedDocument } from '../lint/parse-html.ts';
import { contentTemplate, contextFor } from '../render/page-context.tsx';
import type { SitePage } from '../site/pages.ts';
import type { BuilderSite } from '../wire/builder-data.ts';

/** Renders a page's template and hands back what the lint reads: the body's elements, and <main>. */
export type RenderForLint = (element: ReactElement) => ParsedDocument;

/** The lint for checkEntry: `text` is the file checked; `replaces`, the route of the live page it edits. */
export function siteLint(site: BuilderSite, render: RenderForLint) {
  const slugs = (list: readonly { slug: string }[]) =>
    list.map((item) => ({ data: { slug: item.slug } }));
  return (text: string, replaces?: string) =>
    (page: SitePage, file: string): ContentProblem[] =>
      lintPage(page, file, {
        render: (shown) =>
          render(contentTemplate(contextFor({ parts: site.parts, images: site.images }, shown))),
        site: {
          siteUrl: site.parts.layout.siteUrl,
          areas: slugs(site.data.areas),
          services: slugs(site.data.services),
        },
        others: site.data.routes
          .filter((facts) => facts.route !== replaces)
          .map(({ route, path, title, description }) => ({
            route,
            file: path,
            title,
            description,
          })),
        text,
      });
}
