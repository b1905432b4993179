// The layout's behaviour once its islands have hydrated, in Chromium: menus, sidebar, contact section, scroll-to-top, build checks, prefetch.
import type { Page, Route } from '@playwright/test';
import { expect, test } from '../support/e2e/fixtures.ts';
import { startedWorkDone } from '../../src/generator/gates/page-watch.ts';

/**
 * The widgets hydrate when the visitor first acts (src/apps/islands/wake.ts): a Shift press, which
 * changes nothing else, wakes them. Then waits until React has hydrated the named islands (each
 * marks its element data-hydrated). The contact section is hydrated only when its load changes
 * what it shows; otherwise boot marks it data-checked.
 */
async function hydrated(page: Page, ...islands: string[]) {
  if (islands.some((name) => name !== 'contact')) await page.keyboard.press('Shift');
  for (const name of islands) {
    const done = name === 'contact' ? '[data-hydrated], [data-checked]' : '[data-hydrated]';
    await page
      .locator(`[data-island="${name}"]`)
      .and(page.locator(done))
      .waitFor({ state: 'attached' });
  }
}

const CONTACT_JSON = '**/content/*.json';

/** Cancels link navigations at the document, after the islands' own click handlers have run. */
async function stopNavigation(page: Page) {
  await page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault()));
}

test.describe('when the islands start', () => {
  test('a page opened scrolled down (a #hash) wakes the widgets at once', async ({ page }) => {
    await page.goto('/faqs#cancellations');
    await expect(page.locator('[data-island="header"]')).toHaveAttribute('data-hydrated', '');
  });
});

test.describe('header dropdowns (desktop)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const [name, label, link] of [
    ['services', 'Our Services', '/ardent-cleaning'],
    ['areas', 'Areas Covered', '/cleaning-services-bromley'],
  ] as const) {
    test(`"${label}" opens on hover and closes when the pointer leaves`, async ({ page }) => {
      await page.goto('/about');
      await hydrated(page, 'header');
      const dropdown = page.locator(`details[data-dropdown="${name}"]`);
      await dropdown.locator('summary').hover();
      await expect(dropdown).toHaveAttribute('open', '');
      await expect(dropdown.locator(`a[href="${link}"]`)).toBeVisible();
      // Moving down into the panel keeps it open…
      await dropdown.locator(`a[href="${link}"]`).hover();
      await expect(dropdown).toHaveAttribute('open', '');
      // …moving well away closes it.
      await page.mouse.move(640, 700);
      await expect(dropdown).not.toHaveAttribute('open');
    });

    test(`"${label}" works from the keyboard: Enter and Space toggle, Escape closes and returns focus`, async ({
      page,
    }) => {
      await page.goto('/faqs');
      await hydrated(page, 'header');
      const dropdown = page.locator(`details[data-dropdown="${name}"]`);
      const summary = dropdown.locator('summary');
      await summary.focus();
      await page.keyboard.press('Enter');
      await expect(dropdown).toHaveAttribute('open', '');
      await page.keyboard.press('Enter');
      await expect(dropdown).not.toHaveAttribute('open');
      await page.keyboard.press('Space');
      await expect(dropdown).toHaveAttribute('open', '');
      await page.keyboard.press('Tab');
      await expect(dropdown.locator('a').first()).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dropdown).not.toHaveAttribute('open');
      await expect(summary).toBeFocused();
    });
  }

  test('a click opens a dropdown, which stays open when the pointer leaves; an outside click closes it', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/about');
    await hydrated(page, 'header');
    const services = page.locator('details[data-dropdown="services"]');
    await services.locator('summary').click();
    await expect(services).toHaveAttribute('open', '');
    await page.mouse.move(640, 700);
    // Past the delay after which a dropdown opened by hovering closes.
    await page.clock.runFor(1_000);
    await expect(services).toHaveAttribute('open', '');
    await page.mouse.click(640, 700);
    await expect(services).not.toHaveAttribute('open');
  });

  test('one dropdown at a time, and tabbing past the last link closes it', async ({ page }) => {
    await page.goto('/about');
    await hydrated(page, 'header');
    const services = page.locator('details[data-dropdown="services"]');
    const areas = page.locator('details[data-dropdown="areas"]');
    await services.locator('summary').click();
    await areas.locator('summary').click();
    await expect(areas).toHaveAttribute('open', '');
    await expect(services).not.toHaveAttribute('open');
    await areas.locator('a').last().focus();
    await page.keyboard.press('Tab');
    await expect(areas).not.toHaveAttribute('open');
  });

  test('a dropdown opened before the scripts arrived is taken over when they do: the next click closes it', async ({
    page,
  }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/header-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/about');
    const services = page.locator('details[data-dropdown="services"]');
    await services.locator('summary').click(); // wakes the islands; the header's chunk is held
    await expect(services).toHaveAttribute('open', '');
    release();
    await hydrated(page, 'header');
    await expect(services).toHaveAttribute('open', '');
    await services.locator('summary').click();
    await expect(services).not.toHaveAttribute('open');
  });

  test('the phone link is a tel: link', async ({ page }) => {
    await page.goto('/about');
    await expect(page.locator('.site-header a.phone-link')).toHaveAttribute(
      'href',
      /^tel:\+44\d{9,10}$/,
    );
  });
});

test.describe('mobile menu at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the hamburger opens it with focus inside; Escape closes it and focus returns to the button', async ({
    page,
  }) => {
    await page.goto('/about');
    await hydrated(page, 'header');
    const menu = page.locator('#site-menu');
    const button = page.getByRole('button', { name: 'Open menu' });
    await expect(menu).toBeHidden();
    await button.click();
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('an outside click closes it', async ({ page }) => {
    await page.goto('/faqs');
    await hydrated(page, 'header');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#site-menu');
    await expect(menu).toBeVisible();
    await page.mouse.click(10, 400); // on the backdrop, left of the panel
    await expect(menu).toBeHidden();
  });

  test('following a link closes it', async ({ page }) => {
    await page.goto('/faqs');
    await hydrated(page, 'header');
    // The navigation itself is cancelled (after the island has seen the click), so the menu can be checked on this page.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#site-menu');
    await expect(menu).toBeVisible();
    await stopNavigation(page);
    await menu.getByRole('link', { name: 'About', exact: true }).click();
    await expect(menu).toBeHidden();
  });

  test('a dropdown inside the menu opens by tap, and Escape closes only the dropdown', async ({
    page,
  }) => {
    await page.goto('/about');
    await hydrated(page, 'header');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const areas = page.locator('details[data-dropdown="areas"]');
    await areas.locator('summary').click();
    await expect(areas).toHaveAttribute('open', '');
    await page.keyboard.press('Escape');
    await expect(areas).not.toHaveAttribute('open');
    await expect(page.locator('#site-menu')).toBeVisible();
  });
});

test.describe('sidebar', () => {
  test('at 375 px the toggle opens the list; Escape and an outside click close it; a link closes it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/about');
    await hydrated(page, 'sidebar');
    const aside = page.locator('aside.sidebar');
    const panel = page.locator('#sidebar-panel');
    const toggle = aside.getByRole('button', { name: 'Show the list of services' });
    await expect(panel).toBeHidden();
    await expect(aside).toHaveAttribute('data-state', 'closed');
    await toggle.click();
    await expect(panel).toBeVisible();
    await expect(aside).toHaveAttribute('data-state', 'open');
    await expect(panel.getByRole('link', { name: 'Wellbeing Services' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(aside).toHaveAttribute('data-state', 'closed');
    await toggle.click();
    await expect(panel).toBeVisible();
    await page.mouse.click(187, 40); // the backdrop above the panel
    await expect(panel).toBeHidden();
    await toggle.click();
    await stopNavigation(page);
    await panel.locator('a[href="/domestic-cleaning-services"]').click();
    await expect(panel).toBeHidden();
  });

  test('at 1280 px the list always shows, without a toggle', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about');
    await hydrated(page, 'sidebar');
    await expect(page.locator('#sidebar-panel')).toBeVisible();
    await expect(page.locator('.sidebar-toggle')).toBeHidden();
    await page.keyboard.press('Escape');
    await page.mouse.click(300, 300);
    await expect(page.locator('#sidebar-panel')).toBeVisible();
  });
});

test.describe('logo', () => {
  test('a logo that fails to load is retried once with a cache-busting query, and then shows', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/Failed to load resource/);
    const requests: string[] = [];
    await page.route('**/images/ardent-cleaning-logo.svg*', async (route) => {
      requests.push(route.request().url());
      if (requests.length === 1) await route.abort('failed');
      else await route.continue();
    });
    await page.goto('/about');
    const logo = page.locator('.site-header .logo img');
    await expect.poll(() => requests.length).toBe(2);
    expect(new URL(requests[0]!).search).toBe('');
    expect(new URL(requests[1]!).searchParams.get('retry')).toMatch(/^\d+$/);
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    // Only a failed load is retried: once the image has loaded, nothing asks for it again.
    expect(requests).toHaveLength(2);
  });
});

test.describe('scroll-to-top', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('hidden at 250 px, shown at 400 px; it goes back to the top and works from the keyboard', async ({
    page,
  }) => {
    await page.goto('/domestic-cleaning-services');
    await hydrated(page, 'scroll-top');
    const button = page.getByRole('link', { name: 'Back to top' });
    await expect(button).toBeHidden();
    // Scrolled, and the scroll handled: scroll events are dispatched before the next frame is drawn.
    await page.evaluate(
      () =>
        new Promise((drawn) => {
          window.scrollTo(0, 250);
          requestAnimationFrame(() => requestAnimationFrame(drawn));
        }),
    );
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(button).toBeVisible();
    await expect(button).toHaveCSS('position', 'fixed');
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toBeHidden();
    // Keyboard: focus it and press Enter.
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect(button).toBeVisible();
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('jumps without animation when the visitor prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/domestic-cleaning-services');
    await hydrated(page, 'scroll-top');
    await page.evaluate(() => window.scrollTo(0, 1200));
    const button = page.getByRole('link', { name: 'Back to top' });
    await button.click();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('smart contact section', () => {
  const section = (page: Page) => page.locator('section#contact');

  test('loads /content/{file}.json for the path and keeps the loaded state, without moving anything', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/content/')) asked.push(new URL(request.url()).pathname);
    });
    await page.goto('/about');
    await hydrated(page, 'contact');
    await expect.poll(() => asked).toEqual(['/content/about-contact.json']);
    await expect(section(page)).toHaveAttribute('data-state', 'loaded');
    await expect(section(page).locator('h2')).toHaveText('Talk to the team');
  });

  test('a response slower than 5 s gives the timeout message, with the fallback details', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/Failed to load resource/);
    // The page's clock is the test's: the answer never comes, and 5 s pass at once. (The 5 s limit
    // itself: tests/unit/kernel/components/contact/contact-data.test.ts.)
    await page.clock.install();
    await page.route(CONTACT_JSON, () => {});
    const asked = page.waitForRequest(CONTACT_JSON);
    await page.goto('/faqs');
    await asked;
    const alert = section(page).getByRole('alert');
    await expect(alert).toHaveCount(0);
    await page.clock.runFor(5_000);
    await expect(alert).toContainText(
      'The request took too long. Please check your connection and try again.',
    );
    await expect(section(page).locator('h2')).toHaveText('Get in Touch');
    await expect(section(page)).toContainText(
      'Contact our friendly team for professional services',
    );
    await expect(section(page).getByRole('button', { name: 'Try Again' })).toBeVisible();
  });

  for (const [name, respond] of [
    [
      'an HTTP 500',
      (route: Route) => route.fulfill({ status: 500, body: 'Internal Server Error' }),
    ],
    [
      'malformed JSON',
      (route: Route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '{"title": "Contact' }),
    ],
  ] as const) {
    test(`${name} gives the other message`, async ({ page, consoleErrors }) => {
      consoleErrors.allow(/Failed to load resource/);
      await page.route(CONTACT_JSON, respond);
      await page.goto('/about');
      await expect(section(page).getByRole('alert')).toHaveText(
        /Unable to load contact information\. Please try again later\./,
      );
      await expect(section(page)).toHaveAttribute('data-state', 'error');
      await expect(section(page).locator('h2')).toHaveText('Get in Touch');
      // The fallback details are still there to use.
      await expect(section(page).locator('a[href^="tel:"]')).toBeVisible();
    });
  }

  test('a missing phone shows "Not available"; nested contact.email is read', async ({ page }) => {
    await page.route(CONTACT_JSON, (route) =>
      route.fulfill({ json: { title: 'Nested', contact: { email: 'nested@ardent.example' } } }),
    );
    await page.goto('/about');
    await expect(section(page).locator('h2')).toHaveText('Nested');
    const phone = section(page).locator('.contact-card').filter({ hasText: 'Phone' });
    await expect(phone).toContainText('Not available');
    await expect(phone.locator('a')).toHaveCount(0);
    await expect(section(page).locator('a[href="mailto:nested@ardent.example"]')).toBeVisible();
  });

  test('Try Again shows the loading state, announced, and recovers', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/Failed to load resource/);
    let calls = 0;
    let release!: () => void;
    const second = new Promise<void>((resolve) => (release = resolve));
    await page.route(CONTACT_JSON, async (route) => {
      calls += 1;
      if (calls === 1) return route.fulfill({ status: 503, body: '' });
      await second;
      return route.fulfill({
        json: { title: 'Back again', phone: '01632 960 999', email: 'back@ardent.example' },
      });
    });
    await page.goto('/about');
    const tryAgain = section(page).getByRole('button', { name: 'Try Again' });
    await tryAgain.click();
    await expect(section(page)).toHaveAttribute('data-state', 'loading');
    await expect(section(page)).toHaveAttribute('aria-busy', 'true');
    await expect(section(page).getByRole('status')).toHaveText('Loading contact details…');
    release();
    await expect(section(page)).toHaveAttribute('data-state', 'loaded');
    await expect(section(page).locator('h2')).toHaveText('Back again');
    await expect(section(page).locator('a[href="tel:+441632960999"]')).toBeVisible();
    await expect(section(page).getByRole('alert')).toHaveCount(0);
    await expect(section(page).locator('h2')).toBeFocused();
    expect(calls).toBe(2);
  });

  test('a second page load does not request the same file again (session cache)', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/content/')) asked.push(new URL(request.url()).pathname);
    });
    await page.goto('/ardent-cleaning');
    await hydrated(page, 'contact');
    await expect.poll(() => asked.length).toBe(1);
    await page.goto('/domestic-cleaning-services'); // the same file, ardent-cleaning-contact
    await hydrated(page, 'contact');
    await page.goto('/ardent-cleaning');
    // Checked: the section has its details, from the session cache (a request would have come before).
    await hydrated(page, 'contact');
    expect(asked).toEqual(['/content/ardent-cleaning-contact.json']);
    await page.goto('/faqs'); // another file is asked for once
    await expect
      .poll(() => asked)
      .toEqual(['/content/ardent-cleaning-contact.json', '/content/contact-details.json']);
  });
});

test.describe('navigation', () => {
  test('a page opened with a #hash shows its target below the sticky header', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/faqs#cancellations');
    await hydrated(page, 'header');
    // The target sits just below the header: not hidden under it, not far down the screen.
    const gap = () =>
      page.evaluate(
        () =>
          document.getElementById('cancellations')!.getBoundingClientRect().top -
          document.querySelector('.site-header')!.getBoundingClientRect().bottom,
      );
    await expect.poll(gap).toBeGreaterThanOrEqual(-1);
    await expect.poll(gap).toBeLessThan(40);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  });

  test('a page opened without a hash starts at the top', async ({ page }) => {
    await page.goto('/faqs');
    await hydrated(page, 'header', 'contact');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('new builds', () => {
  test('about a second after load the manifest is read, then latest-build with a timestamp query when the tab shows again', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('build.json') || url.pathname.endsWith('manifest.json'))
        asked.push(url.pathname + url.search);
    });
    const loaded = Date.now();
    const manifest = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/build-manifest.json',
    );
    await page.goto('/about');
    await expect.poll(() => asked).toContain('/build-manifest.json');
    expect(Date.now() - loaded).toBeGreaterThanOrEqual(900);
    await (await manifest).finished();
    // The tab is shown again once the page has read the manifest (its baseline); on a busy machine
    // the page may take a moment more to parse it, so the tab is shown until the check goes out.
    await expect
      .poll(async () => {
        await page.evaluate(() => {
          Object.defineProperty(document, 'visibilityState', {
            value: 'visible',
            configurable: true,
          });
          document.dispatchEvent(new Event('visibilitychange'));
        });
        return asked.find((url) => url.startsWith('/latest-build.json'));
      })
      .toMatch(/^\/latest-build\.json\?t=\d+$/);
  });

  /**
   * The header island's chunk is gone, as after a deploy replaced it: a key press asks for it, the
   * page checks for a newer build (its last step: the latest-build file), and reloads if there is
   * one. `latestBuildId`: what that file says (null: the live file, this very build). Dates are
   * frozen, so the reload guard's 10 s never run out however slow the machine.
   */
  async function chunkFails(
    page: Page,
    latestBuildId: string | null,
  ): Promise<{ loads: () => number; keyPressChecked: () => Promise<void> }> {
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.clock.setFixedTime(new Date());
    await page.route('**/assets/header-*.js', (route) => route.abort('failed'));
    if (latestBuildId)
      await page.route('**/latest-build.json*', (route) =>
        route.fulfill({ json: { buildId: latestBuildId, time: new Date().toISOString() } }),
      );
    await page.goto('/about');
    const keyPressChecked = async () => {
      const checked = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/latest-build.json',
      );
      await page.keyboard.press('Shift');
      await (await checked).finished();
      // The answer has been read (a reload would start from it): one more round trip to the page.
      await page.evaluate(() => document.readyState).catch(() => {});
    };
    return { loads: () => loads, keyPressChecked };
  }

  test('a chunk that fails to load with a newer build live reloads the page, and only once within 10 s', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(
      /Failed to load resource|Failed to fetch dynamically imported module|net::ERR_FAILED/,
    );
    const { loads, keyPressChecked } = await chunkFails(page, 'a-newer-build');
    await keyPressChecked();
    await expect.poll(loads).toBe(2);
    await page.waitForLoadState('load');
    // The reloaded page fails the same way: the guard does not reload it again.
    await keyPressChecked();
    expect(loads()).toBe(2);
  });

  test('a chunk that fails to load with the same build live does not reload', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(
      /Failed to load resource|Failed to fetch dynamically imported module|net::ERR_FAILED/,
    );
    const { loads, keyPressChecked } = await chunkFails(page, null);
    await keyPressChecked();
    expect(loads()).toBe(1);
  });
});

test.describe('prefetch', () => {
  test('pages whose links come into view are prefetched, never more than 5 at once', async ({
    page,
  }) => {
    let inFlight = 0;
    let most = 0;
    const prefetched = new Set<string>();
    // Each prefetch is held until the test lets it go, so the page's limit is what keeps a sixth from starting.
    const held: (() => void)[] = [];
    const releaseAll = () => held.splice(0).forEach((release) => release());
    await page.route('**/*', async (route) => {
      const request = route.request();
      const isPrefetch = (request.headers()['sec-purpose'] ?? '').includes('prefetch');
      if (!isPrefetch) return route.continue();
      prefetched.add(new URL(request.url()).pathname);
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise<void>((release) => held.push(release));
      await route.continue();
      inFlight -= 1;
    });
    await page.setViewportSize({ width: 1280, height: 2000 });
    await page.goto('/about');
    await expect.poll(() => held.length).toBe(5);
    // The page has had its idle moments to start more: none started while five were held.
    await page.evaluate(
      () =>
        new Promise((idle) =>
          requestIdleCallback(() => requestIdleCallback(() => idle(null), { timeout: 1000 }), {
            timeout: 1000,
          }),
        ),
    );
    expect(most).toBe(5);
    await expect.poll(() => (releaseAll(), prefetched.size)).toBeGreaterThan(6);
    expect(most).toBeLessThanOrEqual(5);
    // Hovering opens a dropdown; the pages of the links it shows are prefetched too.
    const inDropdown = await page
      .locator('details[data-dropdown="areas"] a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    const hidden = inDropdown.find((href) => !prefetched.has(href));
    expect(hidden, 'a dropdown link whose page is linked nowhere else in view').toBeDefined();
    await page.locator('details[data-dropdown="areas"] summary').hover();
    await expect.poll(() => (releaseAll(), prefetched.has(hidden!))).toBe(true);
    expect(most).toBeLessThanOrEqual(5);
    releaseAll();
  });

  test('nothing is prefetched when the visitor asks to save data', async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(navigator, 'connection', {
        value: { saveData: true, effectiveType: '4g' },
      }),
    );
    const prefetches: string[] = [];
    page.on('request', (request) => {
      if ((request.headers()['sec-purpose'] ?? '').includes('prefetch'))
        prefetches.push(new URL(request.url()).pathname);
    });
    await page.goto('/about');
    await hydrated(page, 'header');
    await startedWorkDone(page);
    await page.locator('details[data-dropdown="areas"] summary').hover();
    await page.mouse.move(0, 0);
    // Links in view and hovered are asked for at once (the observer's callback, the pointer's event):
    // the page has since been idle twice. A busy browser may give no idle time for a while; a
    // second each is far longer than those callbacks take.
    await page.evaluate(
      () =>
        new Promise((idle) =>
          requestIdleCallback(() => requestIdleCallback(() => idle(null), { timeout: 1000 }), {
            timeout: 1000,
          }),
        ),
    );
    expect(prefetches).toEqual([]);
  });
});

// No console error or warning on any route once its islands have hydrated: routes.spec.ts loads
// every route at both widths until its islands have hydrated, and checks that.
