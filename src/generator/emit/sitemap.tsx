import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { pageUrl } from '../../kernel/render/structured-data/page-graph.ts';
import type { SiteModel } from '../../kernel/site/site-model.ts';

/** Indexable routes only: noindex pages (those behind the guard among them) are left out. */
const publicRoutes = (site: SiteModel) =>
  site.pages.filter((page) => !page.noindex).map((page) => page.route);
/** Routes behind the auth-client guard (`access: admin` in their front matter): disallowed to crawlers. */
const hiddenRoutes = (site: SiteModel) =>
  site.pages.filter((page) => page.access !== 'public').map((page) => page.route);

/** The last sitemap made, by its input: rendering thousands of URLs costs more than a dev edit should. */
let last: { input: string; xml: string } | undefined;

export function sitemapXml(site: SiteModel): string {
  const routes = publicRoutes(site);
  const input = [site.siteUrl, ...routes].join('\n');
  if (last?.input !== input) last = { input, xml: renderSitemap(site.siteUrl, routes) };
  return last.xml;
}

function renderSitemap(siteUrl: string, routes: readonly string[]): string {
  const urls = routes.map((route) =>
    createElement('url', { key: route }, createElement('loc', null, pageUrl(siteUrl, route))),
  );
  const urlset = createElement(
    'urlset',
    { xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9' },
    urls,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${renderToStaticMarkup(urlset)}\n`;
}

export function robotsTxt(site: SiteModel): string {
  const lines = [
    'User-agent: *',
    ...hiddenRoutes(site).map((route) => `Disallow: ${route}`),
    '',
    `Sitemap: ${site.siteUrl}/sitemap.xml`,
    '',
  ];
  return lines.join('\n');
}
