// One URL per page (docs/deploying.md, "URLs"), served as Netlify serves it with Pretty URLs on: every route's
// canonical URL answers 200 with no redirect, in the browser too, and the other forms of the same
// path (with a trailing slash, with .html) redirect to it or are 404, never a second copy.
import { expect, loadSite, test } from '../support/e2e/fixtures.ts';

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

/** The other ways of writing a route's path. */
const otherForms = (route: string) =>
  route === '/' ? ['/index.html'] : [`${route}/`, `${route}.html`, `${route}/index.html`];

test('every route answers 200 at its canonical URL, with no redirect', async ({ request }) => {
  const { pages } = await loadSite();
  expect(pages.length).toBeGreaterThanOrEqual(40);
  for (const { route } of pages) {
    const response = await request.get(route, { maxRedirects: 0 });
    expect(response.status(), route).toBe(200);
    const canonical = canonicalOf(await response.text());
    expect(canonical && new URL(canonical).pathname, route).toBe(route);
  }
});

test('every URL of the sitemap answers 200 with no redirect', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  const paths = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(
    (match) => new URL(match[1]!).pathname,
  );
  expect(paths.length).toBeGreaterThan(30);
  for (const path of paths)
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
});

test('the other forms of every route redirect to it or are 404, and never answer 200', async ({
  request,
}) => {
  const { pages } = await loadSite();
  for (const { route } of pages) {
    for (const other of otherForms(route)) {
      const response = await request.get(other, { maxRedirects: 0 });
      if (response.status() === 404) continue;
      expect(response.status(), other).toBe(301);
      expect(response.headers().location, other).toBe(route);
    }
  }
});

test('in the browser, each route loads at its own URL, and its form with a slash lands there', async ({
  browser,
  baseURL,
}) => {
  // Without scripts: the guarded pages' own move to /login (account-guard.spec.ts) would race the next visit.
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const { pages } = await loadSite();
  for (const { route } of pages) {
    const direct = await page.goto(route, { waitUntil: 'commit' });
    expect(direct?.status(), route).toBe(200);
    expect(direct?.request().redirectedFrom(), route).toBeNull();
    expect(new URL(page.url()).pathname).toBe(route);
    if (route === '/') continue;
    const slashed = await page.goto(`${route}/`, { waitUntil: 'commit' });
    expect(slashed?.status(), `${route}/`).toBe(200);
    expect(slashed?.request().redirectedFrom()?.url(), `${route}/`).toMatch(
      new RegExp(`${route}/$`),
    );
    expect(new URL(page.url()).pathname).toBe(route);
  }
  await context.close();
});
