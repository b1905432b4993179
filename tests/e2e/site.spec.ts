// Every route of the spec loads in Chromium with its content's title and without console
// errors; the 404 page; the §2 layout (header, sidebar, scroll-to-top, logo, contact, footer).
import {
  ACCOUNT_ROUTES,
  expect,
  loadSite,
  PUBLIC_ROUTES,
  SPEC_ROUTES,
  test,
  titleOf,
} from './fixtures.ts';

test.describe('routes', () => {
  test('the content produces exactly the 40 routes of the spec', async () => {
    const site = await loadSite();
    expect(SPEC_ROUTES).toHaveLength(40);
    expect(new Set(SPEC_ROUTES).size).toBe(40);
    expect([...site.byRoute.keys()].sort()).toEqual([...SPEC_ROUTES].sort());
    // Account, admin and builder pages are the noindex ones, and only those.
    expect(site.pages.filter((page) => page.noindex).map((page) => page.route).sort()).toEqual([...ACCOUNT_ROUTES].sort());
  });

  for (const route of SPEC_ROUTES) {
    test(`${route} answers 200 with its content's title`, async ({ page }) => {
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-type']).toMatch(/^text\/html/);
      await expect(page).toHaveTitle(await titleOf(route));
      await expect(page.locator('h1')).toHaveCount(1);
      const robots = page.locator('meta[name="robots"]');
      if ((ACCOUNT_ROUTES as readonly string[]).includes(route)) await expect(robots).toHaveAttribute('content', /noindex/);
      else await expect(robots).toHaveCount(0);
      // Wait for subresources (stylesheet, logo images) so their errors would be seen too.
      await page.waitForLoadState('load');
    });
  }
});

test.describe('404 page', () => {
  test('an unknown path answers 404 with the "Page not found" message', async ({ page, consoleErrors }) => {
    // Chromium logs the document's own 404 as a failed resource.
    consoleErrors.allow(/Failed to load resource: the server responded with a status of 404/);
    const response = await page.goto('/this-page-does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Page Not Found');
    await expect(page.locator('main')).toContainText('Page not found: /this-page-does-not-exist');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
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

test.describe('layout', () => {
  test('the home page has no header, no sidebar and no scroll-to-top link', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('header.site-header')).toHaveCount(0);
    await expect(page.locator('aside.sidebar')).toHaveCount(0);
    await expect(page.locator('a.scroll-top')).toHaveCount(0);
    await expect(page.locator('main')).toBeVisible();
  });

  test('the sidebar lists the services plus Wellbeing Services', async ({ page }) => {
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

  test('the header has the dropdowns, About, FAQs, Contact and a phone link', async ({ page }) => {
    await page.goto('/about');
    const header = page.locator('header.site-header');
    await expect(header.locator('summary', { hasText: 'Our Services' })).toBeVisible();
    await expect(header.locator('summary', { hasText: 'Areas Covered' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'About', exact: true })).toHaveAttribute('href', '/about');
    await expect(header.getByRole('link', { name: 'FAQs', exact: true })).toHaveAttribute('href', '/faqs');
    await expect(header.getByRole('link', { name: 'Contact', exact: true })).toHaveAttribute('href', '/contact');
    await expect(header.locator('a[href^="tel:"]')).toBeVisible();
  });

  const wellbeingLogoRoutes = new Set(['/ardent-wellbeing', '/cleaning-services-senior-citizens']);
  test('the header logo leads to the wellbeing branch on its pages and to the cleaning branch elsewhere', async ({ page }) => {
    for (const route of SPEC_ROUTES.filter((route) => route !== '/')) {
      await page.goto(route);
      const expected = wellbeingLogoRoutes.has(route) ? '/ardent-wellbeing' : '/ardent-cleaning';
      await expect(page.locator('header a.logo'), route).toHaveAttribute('href', expected);
    }
  });

  test('the logo image loads', async ({ page }) => {
    for (const route of ['/ardent-cleaning', '/ardent-wellbeing']) {
      await page.goto(route);
      const logo = page.locator('header a.logo img');
      await expect(logo).toBeVisible();
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: route }).toBe(true);
    }
  });

  test('the smart contact section is on every page except /contact, with phone, email and location cards', async ({ page }) => {
    for (const route of SPEC_ROUTES) {
      await page.goto(route);
      const section = page.locator('section.contact-section');
      if (route === '/contact') {
        await expect(section, route).toHaveCount(0);
        continue;
      }
      await expect(section, route).toBeVisible();
      const cards = section.locator('.contact-card');
      await expect(cards.locator('h3'), route).toHaveText(['Phone', 'Email', 'Location']);
      await expect(cards.nth(0).locator('a[href^="tel:"]'), route).toBeVisible();
      await expect(cards.nth(1).locator('a[href^="mailto:"]'), route).toBeVisible();
      await expect(cards.nth(2).locator('p'), route).not.toBeEmpty();
    }
  });

  test('/contact shows the contact details itself', async ({ page }) => {
    await page.goto('/contact');
    const main = page.locator('main');
    await expect(main.locator('a[href^="tel:"]').first()).toBeVisible();
    await expect(main.locator('a[href^="mailto:"]').first()).toBeVisible();
  });

  test('the footer shows the current year, a Privacy Policy link and the social links', async ({ page }) => {
    for (const route of ['/', '/about', '/login', '/contact']) {
      await page.goto(route);
      const footer = page.locator('footer.site-footer');
      await expect(footer.locator('.copyright'), route).toContainText(`© ${new Date().getFullYear()}`);
      await expect(footer.getByRole('link', { name: 'Privacy Policy' }), route).toHaveAttribute('href', '/privacy-policy');
      await expect(footer.getByRole('link', { name: 'Instagram' }), route).toHaveAttribute('href', /^https:\/\/(www\.)?instagram\.com\//);
      await expect(footer.getByRole('link', { name: 'Facebook' }), route).toHaveAttribute('href', /^https:\/\/(www\.)?facebook\.com\//);
    }
  });

  test('public pages other than the home page keep the header, sidebar and scroll-to-top link', async ({ page }) => {
    for (const route of PUBLIC_ROUTES.filter((route) => route !== '/')) {
      await page.goto(route);
      await expect(page.locator('header.site-header'), route).toHaveCount(1);
      await expect(page.locator('aside.sidebar'), route).toHaveCount(1);
      await expect(page.locator('a.scroll-top'), route).toHaveCount(1);
    }
  });

  test('account and builder shells have the header and scroll-to-top link, and say they need JavaScript', async ({ page }) => {
    for (const route of ACCOUNT_ROUTES) {
      await page.goto(route);
      await expect(page.locator('header.site-header'), route).toHaveCount(1);
      await expect(page.locator('a.scroll-top'), route).toHaveCount(1);
      await expect(page.locator('#app-root'), route).toHaveCount(1);
    }
  });
});
