// Quality gate 1 (issue 5), axe part: zero axe violations (WCAG 2.0/2.1/2.2 A and AA) on every
// route and on the 404 page, at 1280 px and at 375 px, with the menus closed and then open: each
// header dropdown (details.dropdown) at 1280 px; the mobile menu (the #site-menu popover opened by
// .menu-button) and each dropdown inside it at 375 px, and any other popover menu there (the
// sidebar's list of services). Opening a menu changes only the menu, so an
// open state scans the open part; the closed state scans the whole page. The menus are the
// layout's, the same markup on every page of a kind (only the current page's mark moves), so the
// open states are scanned on every page but the services and areas after the first of each; the
// closed states, which hold each page's own content, on every page. The same pages must log
// no console error or warning and no CSP violation while this happens (gates 6 and 8).
import { axeViolations, loadAt, scanStates, VIEWPORTS } from '../support/quality/axe.ts';
import { brokenSite } from '../support/quality/broken-fixture.ts';
import { isOwn404, watchContext } from '../support/quality/page-watch.ts';
import { expect, SPEC_ROUTES, test } from '../support/e2e/fixtures.ts';
import { adminContext } from '../support/accounts.ts';
import { AREA_ROUTES, GUARDED_ROUTES, SERVICE_ROUTES } from '../support/spec-routes.ts';

const NOT_FOUND = '/this-page-does-not-exist';

/** The services and areas after the first of each: their menus are those of the first. */
const MENUS_SEEN = new Set<string>([...SERVICE_ROUTES.slice(1), ...AREA_ROUTES.slice(1)]);

for (const route of [...SPEC_ROUTES, NOT_FOUND]) {
  test(`axe finds no violation on ${route} at 1280 and 375 px, menus closed and open`, async ({ browser, baseURL }) => {
    test.slow(); // two page loads and up to eight axe runs
    // A guarded page is scanned as its screen shows to an administrator (a visitor is sent to /login;
    // the other states are scanned by quality-account-states.spec.ts).
    const guarded = (GUARDED_ROUTES as readonly string[]).includes(route);
    const context = guarded ? await adminContext(browser, { baseURL }) : await browser.newContext({ baseURL });
    const watch = await watchContext(context, route === NOT_FOUND ? isOwn404 : undefined);
    const violations: Record<string, string[]> = {};
    try {
      const page = await context.newPage();
      for (const viewport of VIEWPORTS) {
        // A fresh load at each width, as a phone or a desktop browser would get the page.
        expect(await loadAt(page, route, viewport), `${route} status`).toBe(route === NOT_FOUND ? 404 : 200);
        Object.assign(violations, await scanStates(page, viewport, { menus: !MENUS_SEEN.has(route) }));
      }
    } finally {
      await context.close();
    }
    // Every state was reached: both widths, and on pages with a header whose menus are scanned, both dropdowns and the menu.
    const states = Object.keys(violations);
    expect(states).toEqual(expect.arrayContaining(['1280 px, menus closed', '375 px, menus closed']));
    if (route !== '/' && !MENUS_SEEN.has(route)) {
      expect(states).toEqual(
        expect.arrayContaining(['1280 px, "Our Services" open', '1280 px, "Areas Covered" open', '375 px, menu open', '375 px, menu open, "Our Services" open', '375 px, menu open, "Areas Covered" open']),
      );
    }
    const failing = Object.fromEntries(Object.entries(violations).filter(([, list]) => list.length > 0));
    expect(failing, `axe violations on ${route}`).toEqual({});
    expect(watch.all(), `console errors, warnings and CSP violations on ${route}`).toEqual([]);
  });
}

test('axe reports the broken fixture page (gate 1 can fail)', async ({ browser }) => {
  const site = await brokenSite();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(`${site.origin}/`);
    const rules = (await axeViolations(page)).map((line) => line.split(' ')[0]);
    // No lang, an image without alt, grey-on-white text, a button without a name, an unlabelled input.
    expect(rules).toEqual(expect.arrayContaining(['html-has-lang', 'image-alt', 'color-contrast', 'button-name', 'label']));
  } finally {
    await context.close();
  }
});
