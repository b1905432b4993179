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
import { pageGraph, pageUrl } from './structured-data/page-graph.ts';
import { trailFor } from './trail.ts';

/** One output file of the render stage. */
export interface RenderedFile {
  path: string;
  html: string;
}

/** The /contact page shows the full details block instead of the smart section. */
const CONTACT_ROUTE = '/contact';

/** Stage 3: renders every route and the error pages to HTML documents. Pure: writes nothing. */
export function renderSite(site: SiteModel, assets: Assets): RenderedFile[] {
  const files = site.pages.map((page) => ({ path: outputPathFor(page.route), html: renderPage(site, page, assets) }));
  files.push({ path: '404.html', html: renderErrorPage(site, site.errorPages.notFound, assets) });
  files.push({ path: '500.html', html: renderErrorPage(site, site.errorPages.serverError, assets) });
  return files;
}

/** "/" → "index.html", "/about" → "about/index.html". */
export function outputPathFor(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}/index.html`;
}

export function contextFor(site: SiteModel, page: SitePage, assets: Assets): PageContext {
  const file = contactFileForPath(page.route, site.contactRouting);
  return {
    site,
    page,
    assets,
    logo: logoForPath(page.route, site.logoRule, site.profile.branches),
    trail: trailFor(site, page),
    contact: page.route === CONTACT_ROUTE ? null : { file, details: site.contacts.get(file)! },
  };
}

export function renderPage(site: SiteModel, page: SitePage, assets: Assets): string {
  const ctx = contextFor(site, page, assets);
  const body: ReactElement =
    page.template === 'home' ? (
      <HomeTemplate ctx={ctx} />
    ) : page.template === 'app' ? (
      <AppShellTemplate ctx={ctx} />
    ) : (
      <StandardTemplate ctx={ctx} />
    );
  const card = assets.og?.[ctx.logo.branch];
  return documentHtml(
    <Document
      title={page.title}
      description={page.description}
      canonical={pageUrl(site, page.route)}
      noindex={page.noindex}
      stylesheet={assets.stylesheet}
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
}

function renderErrorPage(site: SiteModel, error: ErrorPage, assets: Assets): string {
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
    blocks: [],
    body: null,
    blockMarkdown: new Map(),
    structuredData: [],
    entry: undefined as never,
  };
  const ctx = contextFor(site, page, assets);
  const scripts = error.status === 404 && assets.scripts['not-found'] ? [assets.scripts['not-found']] : [];
  return documentHtml(
    <Document title={error.title} description={page.description} noindex stylesheet={assets.stylesheet} scripts={scripts}>
      <ErrorPageTemplate ctx={{ ...ctx, contact: ctx.contact }} message={error.message} />
    </Document>,
  );
}

function documentHtml(element: ReactElement): string {
  return `<!doctype html>${renderToString(element)}`;
}
