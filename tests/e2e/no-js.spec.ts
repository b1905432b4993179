// Without JavaScript the site still works: <details> dropdowns, the popover mobile menu,
// and every page's main content and contact section.
import { NAVIGATION_AREAS } from '../support/spec-routes.ts';
import { expect, loadSite, SPEC_ROUTES, test } from '../support/e2e/fixtures.ts';
import type { Page } from '@playwright/test';
import { pageFacts } from '../support/e2e/page-facts.ts';

test.use({ javaScriptEnabled: false });

test.describe('header dropdowns (desktop, no JavaScript)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('"Our Services" opens by click and shows its links', async ({ page }) => {
    await page.goto('/about');
    const dropdown = page.locator('details[data-dropdown="services"]');
    const summary = dropdown.locator('summary');
    await expect(summary).toHaveText('Our Services');
    const cleaning = dropdown.getByRole('link', { name: 'Cleaning', exact: true });
    await expect(cleaning).toBeHidden();
    await summary.click();
    await expect(dropdown).toHaveAttribute('open', '');
    await expect(cleaning).toBeVisible();
    await expect(cleaning).toHaveAttribute('href', '/ardent-cleaning');
    await expect(dropdown.getByRole('link', { name: 'Wellbeing', exact: true })).toHaveAttribute(
      'href',
      '/ardent-wellbeing',
    );
    const site = await loadSite();
    const visibleHrefs = await dropdown
      .locator('a')
      .evaluateAll((links) =>
        links
          .filter((link) => link.checkVisibility() && link.getBoundingClientRect().height > 0)
          .map((link) => link.getAttribute('href')),
      );
    expect(visibleHrefs).toEqual(
      expect.arrayContaining(site.services.map((service) => `/${service.data.slug}`)),
    );
    await summary.click();
    await expect(dropdown).not.toHaveAttribute('open');
    await expect(cleaning).toBeHidden();
  });

  test('"Areas Covered" opens by keyboard (Enter on the focused summary) and shows its links', async ({
    page,
  }) => {
    await page.goto('/faqs');
    const dropdown = page.locator('details[data-dropdown="areas"]');
    const summary = dropdown.locator('summary');
    await expect(summary).toHaveText('Areas Covered');
    await summary.focus();
    await expect(summary).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dropdown).toHaveAttribute('open', '');
    const site = await loadSite();
    const navigationAreas = site.areas.filter((area) => area.data.inNavigation);
    expect(navigationAreas.length).toBe(10);
    const links = dropdown.locator('a');
    await expect(links).toHaveCount(navigationAreas.length);
    for (const area of navigationAreas) {
      await expect(
        dropdown.locator(`a[href="/cleaning-services-${area.data.slug}"]`),
      ).toBeVisible();
    }
    // The links are reachable with Tab, and Enter on the summary closes it again.
    await page.keyboard.press('Tab');
    await expect(links.first()).toBeFocused();
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(dropdown).not.toHaveAttribute('open');
  });

  test('"Our Services" opens by keyboard too', async ({ page }) => {
    await page.goto('/contact');
    const dropdown = page.locator('details[data-dropdown="services"]');
    await dropdown.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(dropdown.getByRole('link', { name: 'Domestic Cleaning' })).toBeVisible();
  });

  test('the spec\'s navigation areas are the ones linked from "Areas Covered"', async ({
    page,
  }) => {
    await page.goto('/about');
    const hrefs = await page
      .locator('details[data-dropdown="areas"] a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    const spec = NAVIGATION_AREAS;
    expect([...hrefs].sort()).toEqual(spec.map((slug) => `/cleaning-services-${slug}`).sort());
  });
});

test.describe('mobile menu (375 px, no JavaScript)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  async function openMenu(page: Page) {
    await page.goto('/ardent-cleaning');
    const button = page.locator('header button.menu-button');
    const menu = page.locator('#site-menu');
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('popovertarget', 'site-menu');
    await expect(menu).toBeHidden();
    await button.click();
    await expect(menu).toBeVisible();
    await expect
      .poll(() => menu.evaluate((element) => element.matches(':popover-open')))
      .toBe(true);
    await expect(menu.getByRole('link', { name: 'About', exact: true })).toBeVisible();
    await expect(menu.locator('summary', { hasText: 'Our Services' })).toBeVisible();
    await expect(menu.locator('a[href^="tel:"]')).toBeVisible();
    return { button, menu };
  }

  test('the menu button opens the menu and Escape closes it', async ({ page }) => {
    const { menu } = await openMenu(page);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('a click outside the menu closes it', async ({ page }) => {
    const { menu } = await openMenu(page);
    const box = await menu.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box, 'the open menu has a box').not.toBeNull();
    // The menu is a right-hand panel: there must be somewhere outside it to click.
    expect(box!.x, 'the open menu leaves room to click outside it at 375 px').toBeGreaterThan(0);
    await page.mouse.click(Math.max(1, box!.x / 2), viewport.height / 2);
    await expect(menu).toBeHidden();
  });

  test("the menu's close button closes it, and the dropdowns work inside it", async ({ page }) => {
    const { menu } = await openMenu(page);
    const areas = menu.locator('details[data-dropdown="areas"]');
    await areas.locator('summary').click();
    await expect(areas.getByRole('link', { name: 'Orpington' })).toBeVisible();
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
  });
});

test.describe('every page is usable without JavaScript (375 px)', () => {
  test.use({ javaScript: false });

  for (const route of SPEC_ROUTES) {
    test(`${route}: main content and contact section are visible`, async ({ routePage: page }) => {
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      const facts = await pageFacts(page);
      expect(page.viewportSize()?.width).toBe(375);
      expect(facts.mainVisible, 'main content').toBe(true);
      expect(facts.h1.visible, 'main heading').toBe(true);
      expect(facts.mainText.length, 'main content text').toBeGreaterThan(20);
      if (route === '/contact') {
        expect(facts.mainContactLinks, 'contact details on /contact').toEqual({
          phoneVisible: true,
          emailVisible: true,
        });
      } else {
        expect(facts.contact).toEqual(
          expect.objectContaining({ visible: true, phoneVisible: true, emailVisible: true }),
        );
      }
      expect(facts.footer.visible, 'footer').toBe(true);
      expect(facts.horizontalOverflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
      if (route !== '/') expect(facts.header.menuButtonVisible, 'menu button').toBe(true);
    });
  }
});

test('without JavaScript the 404 page still reads sensibly', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/Failed to load resource: the server responded with a status of 404/);
  const response = await page.goto('/no-such-page-without-js');
  expect(response?.status()).toBe(404);
  await expect(page.locator('.error-message')).toHaveText('Page not found: this address');
});

test('account shells tell no-JavaScript visitors what to do', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('#app-root .notice')).toBeVisible();
  await expect(page.locator('#app-root .notice')).toContainText('needs JavaScript');
});
