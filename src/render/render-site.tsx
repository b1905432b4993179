import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { AppShellTemplate } from '../../templates/app-shell.tsx';
import { ErrorPageTemplate } from '../../templates/error-page.tsx';
import { HomeTemplate } from '../../templates/home.tsx';
import { StandardTemplate } from '../../templates/standard.tsx';
import { Document } from '../components/Document.tsx';
import type { ErrorPage } from '../content/schema/index.ts';
import { contactFileForPath } from '../site/contact-file.ts';
import { logoForPath } from '../site/logo.ts';
import type { SitePage } from '../site/pages.ts';
import type { SiteModel } from '../site/site-model.ts';
import type { Assets, PageContext } from './context.ts';
import { scriptBudgetFor } from '../budgets.ts';
import { islandsOf, layoutParts, screenScripts } from './layout-parts.ts';
import { pageScripts, type PageScripts } from './page-scripts.ts';
import { pageGraph, pageUrl } from './structured-data/page-graph.ts';
import { trailFor } from './trail.ts';

/** One output file of the render stage. */
export interface RenderedFile {
  path: string;
  html: string;
  /** The page's JavaScript, for the build report's per-page weights. */
  scripts: PageScripts;
}

/** Stage 3: renders every route and the error pages to HTML documents. Pure: writes nothing. */
export function renderSite(site: SiteModel, assets: Assets): RenderedFile[] {
  const files: RenderedFile[] = site.pages.map((page) => ({ path: outputPathFor(page.route), ...renderPageWithScripts(site, page, assets) }));
  files.push({ path: '404.html', ...renderErrorPage(site, site.errorPages.notFound, assets) });
  files.push({ path: '500.html', ...renderErrorPage(site, site.errorPages.serverError, assets) });
  return files;
}

/** "/" → "index.html", "/about" → "about/index.html". */
export function outputPathFor(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
}

export function contextFor(site: SiteModel, page: SitePage, assets: Assets): PageContext {
  const file = contactFileForPath(page.route, site.contactRouting);
  const parts = layoutParts(page);
  return {
    site,
    page,
    assets,
    logo: logoForPath(page.route, site.logoRule, site.profile.branches),
    trail: trailFor(site, page),
    parts,
    contact: parts.contact ? { file, details: site.contacts.get(file)! } : null,
  };
}

export function renderPage(site: SiteModel, page: SitePage, assets: Assets): string {
  return renderPageWithScripts(site, page, assets).html;
}

/**
 * The boot script runs on every page; it imports the islands the page contains. An account screen
 * has its own scripts (layout-parts.ts), and holds the page to the account budget.
 */
function scriptsFor(ctx: PageContext, extra: readonly string[] = []): PageScripts {
  const screen = screenScripts(ctx.parts.screen);
  return pageScripts(ctx.assets, ['boot', ...screen.run, ...extra], [...islandsOf(ctx.parts), ...screen.load], scriptBudgetFor(ctx.parts.screen !== null));
}

export function renderPageWithScripts(site: SiteModel, page: SitePage, assets: Assets): { html: string; scripts: PageScripts } {
  const ctx = contextFor(site, page, assets);
  const scripts = scriptsFor(ctx);
  const body: ReactElement =
    page.template === 'home' ? (
      <HomeTemplate ctx={ctx} />
    ) : page.template === 'app' ? (
      <AppShellTemplate ctx={ctx} />
    ) : (
      <StandardTemplate ctx={ctx} />
    );
  const card = assets.og?.[ctx.logo.branch];
  const html = documentHtml(
    <Document
      title={page.title}
      description={page.description}
      canonical={pageUrl(site, page.route)}
      noindex={page.noindex}
      stylesheet={assets.stylesheet}
      scripts={scripts.scripts}
      preloads={scripts.preloads}
      later={scripts.later}
      jsonLd={pageGraph(site, page, ctx.trail)}
      openGraph={{
        siteName: site.profile.name,
        image: card ? { url: `${site.siteUrl}${card.url}`, width: card.width, height: card.height, type: card.type, alt: card.alt } : undefined,
        type: page.route === '/' ? 'website' : 'article',
      }}
    >
      {body}
    </Document>,
  );
  return { html, scripts };
}

export function renderErrorPage(site: SiteModel, error: ErrorPage, assets: Assets): { html: string; scripts: PageScripts } {
  // Error pages are served at any address: no canonical, not indexed, links from the root.
  const page: SitePage = {
    route: `/${error.status}`,
    file: `content/errors/${error.status}.md`,
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
  };
  const ctx = contextFor(site, page, assets);
  const scripts = scriptsFor(ctx, error.status === 404 ? ['not-found'] : []);
  const html = documentHtml(
    <Document title={error.title} description={page.description} noindex stylesheet={assets.stylesheet} scripts={scripts.scripts} preloads={scripts.preloads} later={scripts.later}>
      <ErrorPageTemplate ctx={ctx} message={error.message} />
    </Document>,
  );
  return { html, scripts };
}

function documentHtml(element: ReactElement): string {
  return `<!doctype html>${renderToString(element)}`;
}
