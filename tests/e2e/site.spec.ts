// Every route of the spec, loaded once each in Chromium: status 200, the content's title, no
// console errors, one parsing JSON-LD block naming the page kind's types, and the layout
// (header, sidebar, scroll-to-top, logo target, smart contact section, footer).
// Then the 404 page and a few layout details.
import { adminContext } from '../support/accounts.ts';
import { GUARDED_ROUTES, NOINDEX_PUBLIC_ROUTES } from '../support/spec-routes.ts';
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

const isAccount = (route: string) => (ACCOUNT_ROUTES as readonly string[]).includes(route);
const isGuarded = (route: string) => (GUARDED_ROUTES as readonly string[]).includes(route);

/** The logo leads to the wellbeing branch on these pages, to the cleaning branch elsewhere. */
const WELLBEING_LOGO_ROUTES = new Set(['/ardent-wellbeing', '/cleaning-services-senior-citizens']);

/** The schema.org types each kind of public page names in its JSON-LD @graph. */
function expectedLdTypes(route: string): string[] | undefined {
  if (route === '/') return ['LocalBusiness'];
  if (route === '/ardent-cleaning' || route === '/ardent-wellbeing') return ['LocalBusiness', 'BreadcrumbList'];
  if ((SERVICE_ROUTES as readonly string[]).includes(route) || AREA_ROUTES.includes(route)) return ['Service', 'BreadcrumbList'];
  if (route === '/faqs') return ['FAQPage', 'BreadcrumbList'];
  if (['/about', '/contact', '/privacy-policy'].includes(route)) return ['BreadcrumbList'];
  return undefined; // account shells: not specified; they must still parse
}

const ofType = (nodes: readonly LdNode[], type: string) => nodes.filter((node) => typesOf([node]).includes(type));

test('the content produces exactly the 41 routes of the spec', async () => {
  const site = await loadSite();
  expect(SPEC_ROUTES).toHaveLength(41);
  expect(new Set(SPEC_ROUTES).size).toBe(41);
  expect([...site.byRoute.keys()].sort()).toEqual([...SPEC_ROUTES].sort());
  // The pages behind the guard (admin and builder) and the public pages that say so are the noindex ones, and only those.
  expect(site.pages.filter((page) => page.noindex).map((page) => page.route).sort()).toEqual([...GUARDED_ROUTES, ...NOINDEX_PUBLIC_ROUTES].sort());
  expect(site.pages.filter((page) => page.access === 'admin').map((page) => page.route).sort()).toEqual([...GUARDED_ROUTES].sort());
});

for (const route of SPEC_ROUTES) {
  test(`${route} answers 200 with its content's title, its JSON-LD and the layout`, async ({ routePage, browser, baseURL }) => {
    // A visitor on a guarded page is sent to sign in: these are read as the administrator sees them.
    if (isGuarded(route)) test.slow(); // signing in first, then a screen that loads its session and data
    const context = isGuarded(route) ? await adminContext(browser, { baseURL }) : undefined;
    const page = context ? await context.newPage() : routePage;
    try {
      const site = await loadSite();
      const content = site.byRoute.get(route);
      expect(content, `content for ${route}`).toBeDefined();

      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-type']).toMatch(/^text\/html/);
      const facts = await pageFacts(page);
      expect(facts.title, 'document title').toBe(content!.title);
      expect(facts.lang).toBe('en-GB');
      expect(facts.h1).toEqual({ count: 1, visible: true });
      if (isGuarded(route) || NOINDEX_PUBLIC_ROUTES.includes(route)) expect(facts.robots).toMatch(/noindex/);
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
        expect(places.map((place) => (typeof place === 'string' ? place : place.name)), 'areaServed').toContain(content!.area.name);
      }
      if (types?.includes('BreadcrumbList')) {
        const items = (ofType(nodes, 'BreadcrumbList')[0]?.itemListElement ?? []) as { position: number; name: string; item: string }[];
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
        expect(facts.header.logoHref, 'logo link').toBe(WELLBEING_LOGO_ROUTES.has(route) ? '/ardent-wellbeing' : '/ardent-cleaning');
      }

      // The smart contact section: everywhere but /contact, with phone, email and location cards.
      if (route === '/contact') {
        expect(facts.contact.present, 'smart contact section on /contact').toBe(false);
      } else {
        expect(facts.contact).toEqual(
          expect.objectContaining({ visible: true, cardHeadings: ['Phone', 'Email', 'Location'], phoneVisible: true, emailVisible: true }),
        );
        expect(facts.contact.location).toMatch(/\S/);
      }

      // Footer: the current year, a Privacy Policy link, Instagram and Facebook.
      expect(facts.footer.visible, 'footer').toBe(true);
      expect(facts.footer.copyright).toContain(`© ${new Date().getFullYear()}`);
      expect(facts.footer.links['Privacy Policy']).toBe('/privacy-policy');
      expect(facts.footer.links['Instagram']).toMatch(/^https:\/\/(www\.)?instagram\.com\//);
      expect(facts.footer.links['Facebook']).toMatch(/^https:\/\/(www\.)?facebook\.com\//);
    } finally {
      await context?.close();
    }
  });
}

test.describe('404 page', () => {
  test('an unknown path answers 404 with the "Page not found" message', async ({ page, consoleErrors }) => {
    // Chromium logs the document's own 404 as a failed resource.
    consoleErrors.allow(/Failed to load resource: the server responded with a status of 404/);
    const response = await page.goto('/this-page-does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Page Not Found');
    await expect(page.locator('main')).toContainText('Page not found: /this-page-does-not-exist');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.locator('section.contact-section')).toBeVisible();
  });

  test('a path with HTML in it is shown as text, never as markup', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/Failed to load resource: the server responded with a status of 404/);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const literal = '/<img src=x onerror=alert(1)>';
    const response = await page.goto(`/${encodeURIComponent(literal.slice(1))}`);
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Page Not Found');
    const message = page.locator('.error-message');
    await expect(message).toHaveText(`Page not found: ${literal}`);
    await expect(message.locator('img')).toHaveCount(0);
    await expect(page.locator('main img')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });
});

test.describe('layout details', () => {
  test('the header has the dropdowns, About, FAQs, Contact and a phone link', async ({ routePage: page }) => {
    await page.goto('/about');
    const header = page.locator('header.site-header');
    await expect(header.locator('summary', { hasText: 'Our Services' })).toBeVisible();
    await expect(header.locator('summary', { hasText: 'Areas Covered' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'About', exact: true })).toHaveAttribute('href', '/about');
    await expect(header.getByRole('link', { name: 'FAQs', exact: true })).toHaveAttribute('href', '/faqs');
    await expect(header.getByRole('link', { name: 'Contact', exact: true })).toHaveAttribute('href', '/contact');
    await expect(header.locator('a.phone-link[href^="tel:"]')).toBeVisible();
    await expect(header.getByRole('link', { name: 'About', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('the header logo image loads', async ({ routePage: page }) => {
    await page.goto('/ardent-wellbeing');
    const logo = page.locator('header a.logo img');
    await expect(logo).toBeVisible();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(logo).toHaveAttribute('src', /wellbeing/);
  });

  test('the sidebar lists the services plus Wellbeing Services', async ({ routePage: page }) => {
    await page.goto('/domestic-cleaning-services');
    const sidebar = page.locator('aside.sidebar');
    await expect(sidebar).toBeVisible();
    const site = await loadSite();
    for (const service of site.services) {
      await expect(sidebar.locator(`a[href="/${service.data.slug}"]`), service.data.slug).toHaveCount(1);
    }
    await expect(sidebar.getByRole('link', { name: 'Wellbeing Services' })).toHaveAttribute('href', '/ardent-wellbeing');
    await expect(sidebar.locator('a[aria-current="page"]')).toHaveAttribute('href', '/domestic-cleaning-services');
  });

  test('/contact shows the contact details in the page instead of the smart section', async ({ routePage: page }) => {
    await page.goto('/contact');
    const main = page.locator('main');
    await expect(main.locator('a[href^="tel:"]').first()).toBeVisible();
    await expect(main.locator('a[href^="mailto:"]').first()).toBeVisible();
  });
});
