// Quality gates 8 and 6 (issue 5): loading every route, and the 404 page, gives no console error
// or warning, no uncaught exception, and no Content Security Policy violation. Each page is
// watched until it has settled: islands hydrated, the build check that starts a second after load
// done, and the network quiet. (The a11y spec watches the same at 375 px and with menus open.)
// The only message allowed is the one Chromium logs for a document answered with 404, on the
// 404 page itself.
import type { Browser } from '@playwright/test';
import { brokenSite } from '../support/quality/broken-fixture.ts';
import { isOwn404, settle, watchContext, type PageWatch } from '../support/quality/page-watch.ts';
import { expect, SPEC_ROUTES, test } from '../support/e2e/fixtures.ts';
import { adminContext } from '../support/accounts.ts';
import { GUARDED_ROUTES } from '../support/spec-routes.ts';

const NOT_FOUND = '/this-page-does-not-exist';
const ROUTES = [...SPEC_ROUTES, NOT_FOUND];
/** Pages loaded side by side in one test: most of a page's time is waiting, not CPU. */
const AT_ONCE = 7;

/** Guarded pages load signed in as the administrator, so their screen is what is watched (a visitor is sent to /login). */
async function loadAll(browser: Browser, baseURL: string | undefined, paths: readonly string[], { admin = false } = {}): Promise<PageWatch> {
  const options = { baseURL, viewport: { width: 1280, height: 800 } };
  const context = admin ? await adminContext(browser, options) : await browser.newContext(options);
  try {
    const watch = await watchContext(context, isOwn404);
    await Promise.all(
      paths.map(async (path) => {
        const page = await context.newPage();
        await page.goto(path);
        await settle(page, { idle: true });
      }),
    );
    return watch;
  } finally {
    await context.close();
  }
}

const isGuarded = (path: string) => (GUARDED_ROUTES as readonly string[]).includes(path);
const OPEN_ROUTES = ROUTES.filter((path) => !isGuarded(path));
for (let start = 0; start < OPEN_ROUTES.length; start += AT_ONCE) {
  const paths = OPEN_ROUTES.slice(start, start + AT_ONCE);
  test(`no console error or warning and no CSP violation on ${paths[0]} … ${paths.at(-1)} (${paths.length} pages)`, async ({ browser, baseURL }) => {
    test.slow(); // seven pages, each watched until the network is quiet
    const watch = await loadAll(browser, baseURL, paths);
    expect(watch.all(), 'console errors, warnings, uncaught exceptions and CSP violations').toEqual([]);
  });
}

test(`no console error or warning and no CSP violation on the ${GUARDED_ROUTES.length} guarded pages, signed in as the administrator`, async ({ browser, baseURL }) => {
  test.slow(); // the admin screen and the builders load side by side, each with its Firebase session and its data
  const watch = await loadAll(browser, baseURL, GUARDED_ROUTES, { admin: true });
  expect(watch.all(), 'console errors, warnings, uncaught exceptions and CSP violations').toEqual([]);
});

test('the console watch reports the broken fixture page (gates 6 and 8 can fail)', async ({ browser }) => {
  const site = await brokenSite();
  const watch = await loadAll(browser, site.origin, ['/']);
  const problems = watch.all().join('\n');
  expect(problems).toContain('console.warning on /: broken fixture: a console warning');
  expect(problems).toContain('console.error on /: broken fixture: a console error');
  expect(problems).toMatch(/status of 404[^\n]*missing\.js/); // the missing script
  expect(watch.csp.join('\n'), 'the inline script the CSP blocks').toMatch(/script-src-elem: inline/);
});
