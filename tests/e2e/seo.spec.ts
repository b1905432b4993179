// sitemap.xml and robots.txt: every public route is listed; the noindex pages (the sign-in pages,
// the thank-you page) are not, nor the pages behind the guard (admin and builder), which are disallowed.
// A noindex page is not disallowed: crawlers must be able to read its noindex.
import type { APIRequestContext } from '@playwright/test';
import { GUARDED_ROUTES, NOINDEX_PUBLIC_ROUTES } from '../support/spec-routes.ts';
import { expect, PUBLIC_ROUTES, test } from '../support/e2e/fixtures.ts';

async function sitemapLocs(request: APIRequestContext): Promise<URL[]> {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^(application|text)\/xml/);
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>/);
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(
    (match) => new URL(match[1]!.replaceAll('&amp;', '&')),
  );
}

test('sitemap.xml lists every public route once, and no noindex, admin or builder route', async ({
  request,
}) => {
  const locs = await sitemapLocs(request);
  const paths = locs.map((url) => url.pathname);
  expect(PUBLIC_ROUTES).toHaveLength(32);
  expect([...paths].sort()).toEqual([...PUBLIC_ROUTES].sort());
  for (const route of [...GUARDED_ROUTES, ...NOINDEX_PUBLIC_ROUTES])
    expect(paths).not.toContain(route);
  // One absolute https origin for the whole sitemap.
  expect(new Set(locs.map((url) => url.origin)).size).toBe(1);
  expect(locs[0]!.protocol).toBe('https:');
});

test('robots.txt names the sitemap and disallows the admin and builder routes', async ({
  request,
}) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  const lines = (await response.text()).split(/\r?\n/).map((line) => line.trim());
  expect(lines).toContain('User-agent: *');
  const disallowed = lines
    .filter((line) => /^disallow:/i.test(line))
    .map((line) => line.replace(/^disallow:\s*/i, ''));
  expect([...disallowed].sort()).toEqual([...GUARDED_ROUTES].sort());
  // No public route or noindex page is caught by a Disallow prefix.
  for (const route of [...PUBLIC_ROUTES, ...NOINDEX_PUBLIC_ROUTES]) {
    expect(
      disallowed.filter((rule) => rule !== '' && route.startsWith(rule)),
      route,
    ).toEqual([]);
  }
  const sitemapLines = lines.filter((line) => /^sitemap:/i.test(line));
  expect(sitemapLines).toHaveLength(1);
  const sitemapUrl = new URL(sitemapLines[0]!.replace(/^sitemap:\s*/i, ''));
  expect(sitemapUrl.pathname).toBe('/sitemap.xml');
  const [firstLoc] = await sitemapLocs(request);
  expect(sitemapUrl.origin).toBe(firstLoc!.origin);
});

test('canonical links use the sitemap origin and the route', async ({ request }) => {
  const [firstLoc] = await sitemapLocs(request);
  for (const route of ['/', '/about', '/cleaning-services-orpington']) {
    const html = await (await request.get(route)).text();
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    expect(canonical, route).toBe(`${firstLoc!.origin}${route}`);
  }
});
