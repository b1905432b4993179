// The 404 page and a few layout details, in Chromium. Every route's status, title, JSON-LD and
// layout: routes.spec.ts, which walks each route once for all its checks.
import { expect, loadSite, test } from '../support/e2e/fixtures.ts';

test.describe('404 page', () => {
  test('an unknown path answers 404 with the "Page not found" message', async ({
    page,
    consoleErrors,
  }) => {
    // Chromium logs the document's own 404 as a failed resource.
    consoleErrors.allow(/Failed to load resource: the server responded with a status of 404/);
    const response = await page.goto('/this-page-does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Page Not Found');
    await expect(page.locator('main')).toContainText('Page not found: /this-page-does-not-exist');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.locator('section.contact-section')).toBeVisible();
  });

  test('a path with HTML in it is shown as text, never as markup', async ({
    page,
    consoleErrors,
  }) => {
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
  test('the header has the dropdowns, About, FAQs, Contact and a phone link', async ({
    routePage: page,
  }) => {
    await page.goto('/about');
    const header = page.locator('header.site-header');
    await expect(header.locator('summary', { hasText: 'Our Services' })).toBeVisible();
    await expect(header.locator('summary', { hasText: 'Areas Covered' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'About', exact: true })).toHaveAttribute(
      'href',
      '/about',
    );
    await expect(header.getByRole('link', { name: 'FAQs', exact: true })).toHaveAttribute(
      'href',
      '/faqs',
    );
    await expect(header.getByRole('link', { name: 'Contact', exact: true })).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(header.locator('a.phone-link[href^="tel:"]')).toBeVisible();
    await expect(header.getByRole('link', { name: 'About', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('the header logo image loads', async ({ routePage: page }) => {
    await page.goto('/ardent-wellbeing');
    const logo = page.locator('header a.logo img');
    await expect(logo).toBeVisible();
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await expect(logo).toHaveAttribute('src', /wellbeing/);
  });

  test('the sidebar lists the services plus Wellbeing Services', async ({ routePage: page }) => {
    await page.goto('/domestic-cleaning-services');
    const sidebar = page.locator('aside.sidebar');
    await expect(sidebar).toBeVisible();
    const site = await loadSite();
    for (const service of site.services) {
      await expect(
        sidebar.locator(`a[href="/${service.data.slug}"]`),
        service.data.slug,
      ).toHaveCount(1);
    }
    await expect(sidebar.getByRole('link', { name: 'Wellbeing Services' })).toHaveAttribute(
      'href',
      '/ardent-wellbeing',
    );
    await expect(sidebar.locator('a[aria-current="page"]')).toHaveAttribute(
      'href',
      '/domestic-cleaning-services',
    );
  });

  test('/contact shows the contact details in the page instead of the smart section', async ({
    routePage: page,
  }) => {
    await page.goto('/contact');
    const main = page.locator('main');
    await expect(main.locator('a[href^="tel:"]').first()).toBeVisible();
    await expect(main.locator('a[href^="mailto:"]').first()).toBeVisible();
  });
});
