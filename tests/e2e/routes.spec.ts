// Every route of the spec, and the 404 page, walked once in Chromium and checked for everything a
// loaded page must be (quality gates 1, 6 and 8 of issue 5, and the pages' own promises). Each route
// is loaded at 1280 px and then at 375 px, as a desktop and a phone browser would get it, both in
// one browser tab; a guarded route as the seeded administrator sees it (a visitor is sent to
// /login, see account-guard.spec.ts):
// - at 1280 px: status 200, the content's title, en-GB, one visible h1, noindex where it must be,
//   one JSON-LD block whose @graph names the page kind's types, and the layout (header, sidebar,
//   scroll-to-top, logo target, smart contact section, footer); a guarded screen lets the
//   administrator in;
// - at both widths: zero axe violations (WCAG 2.0–2.2 A and AA) with the menus closed, and then
//   open: each header dropdown at 1280 px; at 375 px the mobile menu (the #site-menu popover), each
//   dropdown inside it and any other popover menu (the sidebar's list of services). The menus are
//   the layout's, the same markup on every page of a kind (only the current page's mark moves), so
//   their open states are scanned on every page but the services and areas after the first of each;
// - throughout, until the page's deferred work (the build check a second after it starts) has run:
//   no console error or warning, no uncaught exception, no Content Security Policy violation. The
//   only message allowed is the one Chromium logs for a document answered with 404, on the 404 page.
// The account screens' other states: quality-account-states.spec.ts; the admin page's:
// quality-admin.spec.ts. Each gate must fail the broken fixture page: the last two tests.
import type { Page } from '@playwright/test';
import { adminContext, LOCAL_ACCOUNTS } from '../support/accounts.ts';
import { pageFacts } from '../support/e2e/page-facts.ts';
import {
  ACCOUNT_ROUTES,
  AREA_ROUTES,
  expect,
  graphNodesOfTexts,
  loadSite,
  SERVICE_ROUTES,
  SPEC_ROUTES,
  test,
  typesOf,
  type LdNode,
} from '../support/e2e/fixtures.ts';
import {
  axeViolations,
  scanStates,
  VIEWPORTS,
  type Viewport,
} from '../../src/generator/gates/axe.ts';
import { brokenSite } from '../support/quality/broken-fixture.ts';
import { isOwn404, settle, watchContext } from '../../src/generator/gates/page-watch.ts';
import { GUARDED_ROUTES, NOINDEX_PUBLIC_ROUTES } from '../support/spec-routes.ts';

const NOT_FOUND = '/this-page-does-not-exist';

const isAccount = (route: string) => (ACCOUNT_ROUTES as readonly string[]).includes(route);
const isGuarded = (route: string) => (GUARDED_ROUTES as readonly string[]).includes(route);

/** The logo leads to the wellbeing branch on these pages, to the cleaning branch elsewhere. */
const WELLBEING_LOGO_ROUTES = new Set(['/ardent-wellbeing', '/cleaning-services-senior-citizens']);

/** The schema.org types each kind of public page names in its JSON-LD @graph. */
function expectedLdTypes(route: string): string[] | undefined {
  if (route === '/') return ['LocalBusiness'];
  if (route === '/ardent-cleaning' || route === '/ardent-wellbeing')
    return ['LocalBusiness', 'BreadcrumbList'];
  if ((SERVICE_ROUTES as readonly string[]).includes(route) || AREA_ROUTES.includes(route))
    return ['Service', 'BreadcrumbList'];
  if (route === '/faqs') return ['FAQPage', 'BreadcrumbList'];
  if (['/about', '/contact', '/privacy-policy'].includes(route)) return ['BreadcrumbList'];
  return undefined; // account shells: not specified; they must still parse
}

const ofType = (nodes: readonly LdNode[], type: string) =>
  nodes.filter((node) => typesOf([node]).includes(type));

/** The route's content, title, JSON-LD and layout, as the page shows them at 1280 px. */
async function expectContentAndLayout(page: Page, route: string): Promise<void> {
  const content = (await loadSite()).byRoute.get(route);
  expect(content, `content for ${route}`).toBeDefined();
  const facts = await pageFacts(page);
  expect(facts.title, 'document title').toBe(content!.title);
  expect(facts.lang).toBe('en-GB');
  expect(facts.h1).toEqual({ count: 1, visible: true });
  if (isGuarded(route) || NOINDEX_PUBLIC_ROUTES.includes(route))
    expect(facts.robots).toMatch(/noindex/);
  else expect(facts.robots, 'public pages are indexable').toBeNull();

  // JSON-LD: exactly one block, an @graph that parses, with the page kind's types.
  expect(facts.jsonLd).toHaveLength(1);
  const nodes = graphNodesOfTexts(facts.jsonLd);
  const types = expectedLdTypes(route);
  if (types) expect(typesOf(nodes).sort(), 'JSON-LD @types').toEqual([...types].sort());
  else expect(nodes.length).toBeGreaterThan(0);
  if (content!.area) {
    const [service] = ofType(nodes, 'Service');
    const places = [service?.areaServed ?? []].flat() as ({ name: string } | string)[];
    expect(
      places.map((place) => (typeof place === 'string' ? place : place.name)),
      'areaServed',
    ).toContain(content!.area.name);
  }
  if (types?.includes('BreadcrumbList')) {
    const items = (ofType(nodes, 'BreadcrumbList')[0]?.itemListElement ?? []) as {
      position: number;
      name: string;
      item: string;
    }[];
    expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
    expect(new URL(items[0]!.item).pathname, 'breadcrumbs start at home').toBe('/');
    expect(new URL(items.at(-1)!.item).pathname, 'breadcrumbs end at the page').toBe(route);
  }

  // Layout: the home page has no header, sidebar or scroll-to-top link; other pages have them.
  if (route === '/') {
    expect(facts.header.present, 'header').toBe(false);
    expect(facts.sidebar.present, 'sidebar').toBe(false);
    expect(facts.scrollTop.present, 'scroll-to-top link').toBe(false);
  } else {
    expect(facts.header.visible, 'header').toBe(true);
    expect(facts.scrollTop.href, 'scroll-to-top link').toBe('#top');
    // Account pages are focused: no services sidebar; public pages have it.
    if (isAccount(route)) expect(facts.sidebar.present, 'sidebar').toBe(false);
    else expect(facts.sidebar.visible, 'sidebar').toBe(true);
    expect(facts.header.logoHref, 'logo link').toBe(
      WELLBEING_LOGO_ROUTES.has(route) ? '/ardent-wellbeing' : '/ardent-cleaning',
    );
  }

  // The smart contact section: everywhere but /contact, with phone, email and location cards.
  if (route === '/contact') {
    expect(facts.contact.present, 'smart contact section on /contact').toBe(false);
  } else {
    expect(facts.contact).toEqual(
      expect.objectContaining({
        visible: true,
        cardHeadings: ['Phone', 'Email', 'Location'],
        phoneVisible: true,
        emailVisible: true,
      }),
    );
    expect(facts.contact.location).toMatch(/\S/);
  }

  // Footer: the current year, a Privacy Policy link, Instagram and Facebook.
  expect(facts.footer.visible, 'footer').toBe(true);
  expect(facts.footer.copyright).toContain(`© ${new Date().getFullYear()}`);
  expect(facts.footer.links['Privacy Policy']).toBe('/privacy-policy');
  expect(facts.footer.links['Instagram']).toMatch(/^https:\/\/(www\.)?instagram\.com\//);
  expect(facts.footer.links['Facebook']).toMatch(/^https:\/\/(www\.)?facebook\.com\//);
}

/** The services and areas after the first of each: their menus are those of the first. */
const MENUS_SEEN = new Set<string>([...SERVICE_ROUTES.slice(1), ...AREA_ROUTES.slice(1)]);

/** The states a width's scan must reach on a page with a header whose menus are scanned. */
function expectEveryState(states: string[], route: string, viewport: Viewport): void {
  expect(states).toContain(`${viewport.name}, menus closed`);
  if (route === '/' || MENUS_SEEN.has(route)) return;
  const open =
    viewport.width === 1280
      ? ['"Our Services" open', '"Areas Covered" open']
      : ['menu open', 'menu open, "Our Services" open', 'menu open, "Areas Covered" open'];
  expect(states).toEqual(expect.arrayContaining(open.map((state) => `${viewport.name}, ${state}`)));
}

// One test a route: the page is loaded at 1280 px and again at 375 px in the same tab, as a desktop
// and then a phone browser would get it (the loads are fresh: each width hydrates its own).
for (const route of [...SPEC_ROUTES, NOT_FOUND]) {
  const what = route === NOT_FOUND ? 'the 404 page' : route;
  const facts = route !== NOT_FOUND ? 'its content, JSON-LD and layout at 1280 px; ' : '';
  test(`${what}: ${facts}at 1280 and 375 px no axe violation with the menus closed and open, no console error or CSP violation`, async ({
    browser,
    baseURL,
  }) => {
    const options = {
      baseURL,
      viewport: { width: VIEWPORTS[0].width, height: VIEWPORTS[0].height },
    };
    const context = isGuarded(route)
      ? await adminContext(browser, options)
      : await browser.newContext(options);
    const watch = await watchContext(context, route === NOT_FOUND ? isOwn404 : undefined);
    const violations: Record<string, string[]> = {};
    try {
      const page = await context.newPage();
      for (const viewport of VIEWPORTS) {
        // Watched until each load's build check (a second after it starts) has been answered too.
        const buildCheck = page.waitForResponse(
          (response) => new URL(response.url()).pathname === '/build-manifest.json',
        );
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        const response = await page.goto(route);
        expect(response?.status(), `${route} status`).toBe(route === NOT_FOUND ? 404 : 200);
        if (route !== NOT_FOUND) expect(response?.headers()['content-type']).toMatch(/^text\/html/);
        await settle(page);
        if (isGuarded(route))
          await expect(page.locator('[data-state="allowed"]')).toContainText(
            `You are signed in as ${LOCAL_ACCOUNTS.admin.email}.`,
          );
        if (route === '/admin')
          await expect(
            page.locator('[data-state="allowed"]').getByRole('heading', { name: 'Media library' }),
          ).toBeVisible();
        if (facts && viewport.width === 1280) await expectContentAndLayout(page, route);
        const found = await scanStates(page, viewport, { menus: !MENUS_SEEN.has(route) });
        expectEveryState(Object.keys(found), route, viewport);
        Object.assign(violations, found);
        await buildCheck;
      }
    } finally {
      await context.close();
    }
    const failing = Object.fromEntries(
      Object.entries(violations).filter(([, list]) => list.length > 0),
    );
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
    expect(rules).toEqual(
      expect.arrayContaining([
        'html-has-lang',
        'image-alt',
        'color-contrast',
        'button-name',
        'label',
      ]),
    );
  } finally {
    await context.close();
  }
});

test('the console watch reports the broken fixture page (gates 6 and 8 can fail)', async ({
  browser,
}) => {
  const site = await brokenSite();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const watch = await watchContext(context, isOwn404);
    const page = await context.newPage();
    await page.goto(`${site.origin}/`);
    // The reports reach the test a moment after the page made them.
    await expect
      .poll(() => watch.all().join('\n'))
      .toContain('console.error on /: broken fixture: a console error');
    await expect
      .poll(() => watch.all().join('\n'))
      .toContain('console.warning on /: broken fixture: a console warning');
    await expect.poll(() => watch.all().join('\n')).toMatch(/status of 404[^\n]*missing\.js/); // the missing script
    await expect
      .poll(() => watch.csp.join('\n'), 'the inline script the CSP blocks')
      .toMatch(/script-src-elem: inline/);
  } finally {
    await context.close();
  }
});
