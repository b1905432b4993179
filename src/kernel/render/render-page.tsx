// Stage 3: one page of the site rendered to an HTML document. The same function renders for the
// build, the dev server, the content lint and the tests.
import type { ReactNode } from 'react';
import { ErrorPageTemplate } from '../templates/error-page.tsx';
import { Document } from '../components/Document.tsx';
import type { ContentEntry } from '../content/entry.ts';
import type { ErrorPage } from '../schema/index.ts';
import type { SitePage } from '../site/pages.ts';
import type { SiteModel } from '../site/site-model.ts';
import { isBuilderScreen } from '../wire/screens.ts';
import { AppShellTemplate } from '../templates/app-shell.tsx';
import { contextFor, layoutFrameOf, ownContent, type RenderInput } from './page-context.tsx';
import { framedDocument } from './page-frame.tsx';
import { layoutParts, pageEntries, type LayoutParts } from './layout-parts.ts';
import type { SiteParts } from './page-parts.ts';
import { pageScripts, type PageScripts } from './page-scripts.ts';
import { outputPathFor } from '../wire/output-paths.ts';
import { pageGraph, pageUrl } from './structured-data/page-graph.ts';

/** One output file of the render stage: a route's page, or an error page. */
export type RenderJob =
  | { path: string; page: SitePage }
  | { path: string; error: ContentEntry<ErrorPage> };

export interface RenderedPage {
  html: string;
  /** The page's JavaScript, for the build report and the budget. */
  scripts: PageScripts;
}

/** Every file the render stage makes: the routes in route order, then the 404 and 500 pages. */
export function renderJobs(site: SiteModel): RenderJob[] {
  const { notFound, serverError } = site.errorPages;
  return [
    ...site.pages.map((page) => ({ path: outputPathFor(page.route), page })),
    { path: '404.html', error: notFound },
    { path: '500.html', error: serverError },
  ];
}

export function renderJob(input: RenderInput, job: RenderJob): RenderedPage {
  return 'page' in job ? renderPage(input, job.page) : renderErrorPage(input, job.error.data);
}

/** The JavaScript a job's page loads, known before it renders (the budget is checked first). */
export function scriptsOfJob(input: RenderInput, job: RenderJob): PageScripts {
  const page = 'page' in job ? job.page : errorSitePage(job.error.data);
  return scriptsFor(
    input.parts.layout.assets,
    layoutParts(page),
    'error' in job && job.error.data.status === 404 ? ['not-found'] : [],
  );
}

/** Pages with the same parts load the same scripts: worked out once per build and kind of page. */
const scriptSets = new WeakMap<object, Map<string, PageScripts>>();

/** The page's scripts (layout-parts.ts: the boot script, the islands it contains, its screen's), worked out once per build and kind of page. */
function scriptsFor(
  assets: SiteParts['layout']['assets'],
  parts: LayoutParts,
  extra: readonly string[] = [],
): PageScripts {
  const { run, load, budget } = pageEntries(parts, extra);
  const sets = scriptSets.get(assets) ?? new Map<string, PageScripts>();
  scriptSets.set(assets, sets);
  const key = `${run.join()} ${load.join()}`;
  let scripts = sets.get(key);
  if (!scripts) sets.set(key, (scripts = pageScripts(assets, run, load, budget)));
  return scripts;
}

export function renderPage(input: RenderInput, page: SitePage): RenderedPage {
  const ctx = contextFor(input, page);
  const { layout } = ctx.site;
  const scripts = scriptsFor(layout.assets, ctx.parts);
  const content = ctx.page.template === 'app' ? <AppShellTemplate ctx={ctx} /> : ownContent(ctx);
  const card = layout.assets.og?.[ctx.logo.branch];
  const document = (body: ReactNode) => (
    <Document
      title={page.title}
      description={page.description}
      canonical={pageUrl(layout.siteUrl, page.route)}
      noindex={page.noindex}
      stylesheet={layout.assets.stylesheet}
      extraStylesheet={isBuilderScreen(page.mount) ? layout.assets.builderStylesheet : undefined}
      scripts={scripts.scripts}
      preloads={scripts.preloads}
      later={scripts.later}
      jsonLd={pageGraph(ctx.site, page)}
      openGraph={{
        siteName: layout.profile.name,
        image: card
          ? {
              url: `${layout.siteUrl}${card.url}`,
              width: card.width,
              height: card.height,
              type: card.type,
              alt: card.alt,
            }
          : undefined,
        type: page.route === '/' ? 'website' : 'article',
      }}
    >
      {body}
    </Document>
  );
  return { html: framedDocument(layoutFrameOf(ctx), document, content), scripts };
}

/** An error page as a page of the layout: served at any address, so no canonical, not indexed, links from the root. */
function errorSitePage(error: ErrorPage): SitePage {
  return {
    route: `/${error.status}`,
    file: '',
    template: 'standard',
    title: error.title,
    description: error.message.replace('{path}', 'the address you asked for'),
    heading: error.heading,
    breadcrumb: error.title,
    noindex: true,
    access: 'public',
    blocks: [],
    body: null,
    blockMarkdown: new Map(),
    structuredData: [],
    entry: undefined as never,
    trail: [],
  };
}

export function renderErrorPage(input: RenderInput, error: ErrorPage): RenderedPage {
  const page = errorSitePage(error);
  const ctx = contextFor(input, page);
  const scripts = scriptsFor(
    ctx.site.layout.assets,
    ctx.parts,
    error.status === 404 ? ['not-found'] : [],
  );
  const document = (body: ReactNode) => (
    <Document
      title={error.title}
      description={page.description}
      noindex
      stylesheet={ctx.site.layout.assets.stylesheet}
      scripts={scripts.scripts}
      preloads={scripts.preloads}
      later={scripts.later}
    >
      {body}
    </Document>
  );
  return {
    html: framedDocument(
      layoutFrameOf(ctx),
      document,
      <ErrorPageTemplate ctx={ctx} message={error.message} />,
    ),
    scripts,
  };
}
