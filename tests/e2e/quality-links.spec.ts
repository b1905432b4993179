// Quality gate 4 (issue 5): a crawl from the home page and from every route (and the 404 page)
// finds no broken internal link, image, script, stylesheet, URL inside a stylesheet, or #fragment.
// Absolute links to the public site (canonical, og:image, JSON-LD) are checked on the local copy.
import { brokenSite } from '../support/quality/broken-fixture.ts';
import { crawlSite, formatBroken } from '../../src/generator/gates/links.ts';
import { expect, SPEC_ROUTES, test } from '../support/e2e/fixtures.ts';

const NOT_FOUND = '/this-page-does-not-exist';

test('no broken internal link, resource or #fragment from the home page and every route', async ({
  baseURL,
  request,
}) => {
  // The public site URL the build wrote, read from the home page's canonical link.
  const home = await (await request.get('/')).text();
  const siteUrl = /<link rel="canonical" href="([^"]+)"/.exec(home)?.[1];
  expect(siteUrl, 'the home page names its canonical URL').toMatch(/^https:\/\//);
  const result = await crawlSite({
    origin: baseURL!,
    roots: ['/', ...SPEC_ROUTES, NOT_FOUND],
    expectNotFound: [NOT_FOUND],
    siteUrl,
  });
  expect(formatBroken(result.broken), 'broken links').toEqual([]);
  // The crawl really went round the site: every route, its assets, and the fragment links.
  expect(result.pages, 'HTML pages crawled').toBeGreaterThanOrEqual(SPEC_ROUTES.length + 1);
  expect(result.checked, 'URLs checked').toBeGreaterThan(SPEC_ROUTES.length + 5);
  expect(result.fragments, '#fragment links checked').toBeGreaterThan(0);
});

test('the crawl reports the broken fixture page (gate 4 can fail)', async () => {
  const site = await brokenSite();
  const result = await crawlSite({ origin: site.origin, roots: ['/'] });
  const broken = result.broken.map((link) => new URL(link.url).pathname + new URL(link.url).hash);
  expect(broken).toEqual(
    expect.arrayContaining([
      '/missing-page',
      '/missing.png',
      '/missing.css',
      '/missing.js',
      '/missing-background.png',
      '/#nowhere',
      '/other#not-there',
      '/other/',
    ]),
  );
});
