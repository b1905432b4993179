// Stage 3: one page of the site rendered to an HTML document. The same function renders for the
// build, the dev server, the content lint and the tests, on the main thread and on worker threads.
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { AppShellTemplate } from '../../templates/app-shell.tsx';
import { ErrorPageTemplate } from '../../templates/error-page.tsx';
import { HomeTemplate } from '../../templates/home.tsx';
import { StandardTemplate } from '../../templates/standard.tsx';
import { Document } from '../components/Document.tsx';
import type { ContentEntry } from '../content/entry.ts';
import type { ErrorPage } from '../content/schema/index.ts';
import type { ImageMap } from '../images/responsive-images.ts';
import { contactFileForPath } from '../site/contact-file.ts';
import { logoForPath } from '../site/logo.ts';
import type { SitePage } from '../site/pages.ts';
import type { SiteModel } from '../site/site-model.ts';
import type { PageContext } from './context.ts';
import { scriptBudgetFor } from '../budgets.ts';
import { islandsOf, layoutParts, screenScripts, type LayoutParts } from './layout-parts.ts';
import { pickParts, partsOf, type SiteParts } from './page-parts.ts';
import { pageScripts, type PageScripts } from './page-scripts.ts';
import { pageGraph, pageUrl } from './structured-data/page-graph.ts';

/** What every render needs: the site's parts (page-parts.ts) and its planned images. */
export interface RenderInput {
  parts: SiteParts;
  images: ImageMap;
}

/** One output file of the render stage: a route's page, or an error page. */
export type RenderJob = { path: string; page: SitePage } | { path: string; error: ContentEntry<ErrorPage> };

export interface RenderedPage {
  html: string;
  /** The page's JavaScript, for the build report and the budget. */
  scripts: PageScripts;
}

/**
 * "/" → "index.html", "/about" → "about.html": Netlify answers /about with about.html and no
 * redirect whatever its Pretty URLs setting, where about/index.html would be redirected to /about/
 * (README "URLs").
 */
export function outputPathFor(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}.html`;
}

/** Every file the render stage makes: the routes in route order, then the 404 and 500 pages. */
export function renderJobs(site: SiteModel): RenderJob[] {
  const { notFound, serverError } = site.errorPages;
  return [...site.pages.map((page) => ({ path: outputPathFor(page.route), page })), { path: '404.html', error: notFound }, { path: '500.html', error: serverError }];
}

export function renderJob(input: RenderInput, job: RenderJob): RenderedPage {
  return 'page' in job ? renderPage(input, job.page) : renderErrorPage(input, job.error.data);
}

/** The JavaScript a job's page loads, known before it renders (the budget is checked first). */
export function scriptsOfJob(input: RenderInput, job: RenderJob): PageScripts {
  const page = 'page' in job ? job.page : errorSitePage(job.error.data);
  return scriptsFor(input.parts.layout.assets, layoutParts(page), 'error' in job && job.error.data.status === 404 ? ['not-found'] : []);
}

function contextFor({ parts, images }: RenderInput, page: SitePage): PageContext {
  const { layout } = parts;
  const file = contactFileForPath(page.route, layout.contactRouting);
  const shown = layoutParts(page);
  return {
    site: pickParts(parts, partsOf(page)),
    page,
    images,
    logo: logoForPath(page.route, layout.logoRule, layout.profile.branches),
    trail: page.trail,
    parts: shown,
    contact: shown.contact ? { file, details: layout.contacts.get(file)! } : null,
  };
}

/** Pages with the same parts load the same scripts: worked out once per build and kind of page. */
const scriptSets = new WeakMap<object, Map<string, PageScripts>>();

/**
 * The boot script runs on every page; it imports the islands the page contains. An account screen
 * has its own scripts (layout-parts.ts), and holds the page to the account budget.
 */
function scriptsFor(assets: SiteParts['layout']['assets'], parts: LayoutParts, extra: readonly string[] = []): PageScripts {
  const screen = screenScripts(parts.screen);
  const run = ['boot', ...screen.run, ...extra];
  const islands = [...islandsOf(parts), ...screen.load];
  const sets = scriptSets.get(assets) ?? new Map<string, PageScripts>();
  scriptSets.set(assets, sets);
  const key = `${run.join()} ${islands.join()}`;
  let scripts = sets.get(key);
  if (!scripts) sets.set(key, (scripts = pageScripts(assets, run, islands, scriptBudgetFor({ adminScreen: parts.screen === 'admin', accountScreen: parts.screen !== null }))));
  return scripts;
}

export function renderPage(input: RenderInput, page: SitePage): RenderedPage {
  const ctx = contextFor(input, page);
  const { layout } = ctx.site;
  const scripts = scriptsFor(layout.assets, ctx.parts);
  const body: ReactElement =
    page.template === 'home' ? <HomeTemplate ctx={ctx} /> : page.template === 'app' ? <AppShellTemplate ctx={ctx} /> : <StandardTemplate ctx={ctx} />;
  const card = layout.assets.og?.[ctx.logo.branch];
  const html = documentHtml(
    <Document
      title={page.title}
      description={page.description}
      canonical={pageUrl(layout.siteUrl, page.route)}
      noindex={page.noindex}
      stylesheet={layout.assets.stylesheet}
      scripts={scripts.scripts}
      preloads={scripts.preloads}
      later={scripts.later}
      jsonLd={pageGraph(ctx.site, page)}
      openGraph={{
        siteName: layout.profile.name,
        image: card ? { url: `${layout.siteUrl}${card.url}`, width: card.width, height: card.height, type: card.type, alt: card.alt } : undefined,
        type: page.route === '/' ? 'website' : 'article',
      }}
    >
      {body}
    </Document>,
  );
  return { html, scripts };
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
  const scripts = scriptsFor(ctx.site.layout.assets, ctx.parts, error.status === 404 ? ['not-found'] : []);
  const html = documentHtml(
    <Document title={error.title} description={page.description} noindex stylesheet={ctx.site.layout.assets.stylesheet} scripts={scripts.scripts} preloads={scripts.preloads} later={scripts.later}>
      <ErrorPageTemplate ctx={ctx} message={error.message} />
    </Document>,
  );
  return { html, scripts };
}

function documentHtml(element: ReactElement): string {
  return `<!doctype html>${renderToString(element)}`;
}
