// Quality gate 1 (issue 5), keyboard part: with the keyboard alone, a skip link comes first and
// works; every focus stop shows a visible focus indicator; and every navigation item is reached in
// order and works (a dropdown opens with Enter, a link is followed with Enter), at desktop width
// and in the mobile menu.
import type { Page } from '@playwright/test';
import { brokenSite } from '../support/quality/broken-fixture.ts';
import { settle } from '../../src/generator/gates/page-watch.ts';
import { expect, loadSite, test } from '../support/e2e/fixtures.ts';

const PAGE = '/about';

/** What Tab has focused: a link's href, a summary's or button's text. */
interface Stop {
  tag: string;
  key: string;
  /** The focus indicator: outline or box-shadow, as computed while focused. */
  indicator: string | null;
  visible: boolean;
}

async function pressTab(page: Page): Promise<Stop | null> {
  await page.keyboard.press('Tab');
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const outline =
      style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2
        ? `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`
        : null;
    const shadow = style.boxShadow !== 'none' ? `box-shadow ${style.boxShadow}` : null;
    const box = element.getBoundingClientRect();
    return {
      tag: element.tagName.toLowerCase(),
      key: element.getAttribute('href') ?? element.textContent?.trim() ?? '',
      indicator: outline ?? shadow,
      visible: box.width > 0 && box.height > 0 && style.visibility !== 'hidden',
    };
  });
}

/** The header's navigation items in document order, as Tab must reach them. */
async function expectedNavigation(): Promise<string[]> {
  const { navigation } = await loadSite();
  return [
    'Our Services',
    ...navigation.servicesMenu.flatMap((group) => [
      group.href,
      ...group.items.map((item) => item.href),
    ]),
    'Areas Covered',
    ...navigation.areasMenu.map((item) => item.href),
    ...navigation.links.map((item) => item.href),
    navigation.phone.href,
  ];
}

/**
 * Tabs through the header's navigation, opening each dropdown with Enter on its summary as a
 * keyboard user would, and returns the stops from the first summary to the phone link.
 */
async function tabThroughNavigation(
  page: Page,
  phoneHref: string,
  first: Stop | null,
): Promise<Stop[]> {
  const stops: Stop[] = [];
  let stop = first;
  for (let presses = 0; presses < 80 && stop; presses += 1) {
    if (stops.length > 0 || stop.tag === 'summary') stops.push(stop);
    if (stop.key === phoneHref) return stops;
    if (stop.tag === 'summary') {
      await page.keyboard.press('Enter');
      await expect(
        page.locator('details.dropdown:has(> summary:focus)'),
        `Enter opens "${stop.key}"`,
      ).toHaveAttribute('open', '');
    }
    stop = await pressTab(page);
  }
  return stops;
}

test('keyboard: the skip link comes first, is visible when focused and moves focus to the main content', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(PAGE);
  await settle(page);
  const first = await pressTab(page);
  expect(first?.key, 'the first Tab stop').toBe('#main-content');
  const skip = page.locator('.skip-link');
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main-content$/);
  await expect(page.locator('#main-content')).toBeFocused();
  // The next Tab continues inside the main content, past the whole header.
  await page.keyboard.press('Tab');
  expect(
    await page.evaluate(() =>
      document.getElementById('main-content')!.contains(document.activeElement),
    ),
  ).toBe(true);
});

/** Tabs from the top of the page until focus wraps round, and returns every stop. */
async function allFocusStops(page: Page): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let presses = 0; presses < 200; presses += 1) {
    const stop = await pressTab(page);
    if (!stop || (stops.length > 0 && stop.key === stops[0]!.key && stop.tag === stops[0]!.tag))
      break; // wrapped round
    stops.push(stop);
  }
  return stops;
}

const withoutIndicator = (stops: readonly Stop[]) =>
  stops
    .filter((stop) => !stop.visible || !stop.indicator)
    .map((stop) => `${stop.tag} ${stop.key}`.trim());

test('keyboard: every focus stop on the page shows a visible focus indicator', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(PAGE);
  await settle(page);
  const stops = await allFocusStops(page);
  expect(stops.length, 'focus stops on the page').toBeGreaterThan(20);
  expect(withoutIndicator(stops), 'focus stops without a visible focus indicator').toEqual([]);
});

test('keyboard at 1280 px: every header navigation item is reached in order and works', async ({
  page: first,
}) => {
  test.slow(); // a page load for each link it follows
  let page = first;
  const { navigation } = await loadSite();
  const expected = await expectedNavigation();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(PAGE);
  await settle(page);
  // Skip link, logo, then the navigation.
  expect((await pressTab(page))?.key).toBe('#main-content');
  expect((await pressTab(page))?.tag, 'the logo link').toBe('a');
  const stops = await tabThroughNavigation(page, navigation.phone.href, await pressTab(page));
  expect(stops.map((stop) => stop.key)).toEqual(expected);

  // Operable: the links are followed with Enter. One in each dropdown and every plain link
  // (each a page load, so not all of them).
  const targets = [
    navigation.servicesMenu[0]!.items.at(-1)!.href,
    navigation.areasMenu[0]!.href,
    ...navigation.links.map((link) => link.href),
  ];
  for (const href of targets) {
    page = await page.context().newPage();
    await page.goto(PAGE);
    await settle(page);
    let stop = await pressTab(page);
    for (let presses = 0; presses < 80 && stop && stop.key !== href; presses += 1) {
      if (
        stop.tag === 'summary' &&
        (await page
          .locator('details.dropdown:has(> summary:focus)')
          .evaluate((details, target) => !!details.querySelector(`a[href="${target}"]`), href))
      ) {
        await page.keyboard.press('Enter');
      }
      stop = await pressTab(page);
    }
    expect(stop?.key, `Tab reaches ${href}`).toBe(href);
    await Promise.all([
      page.waitForURL((url) => url.pathname === href),
      page.keyboard.press('Enter'),
    ]);
  }
});

test('keyboard at 375 px: the menu button opens the menu, its items are reached in order, Escape closes it', async ({
  page,
}) => {
  const { navigation } = await loadSite();
  const expected = await expectedNavigation();
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(PAGE);
  await settle(page);
  expect((await pressTab(page))?.key).toBe('#main-content');
  expect((await pressTab(page))?.tag, 'the logo link').toBe('a');
  const button = await pressTab(page);
  expect(button?.tag, 'the menu button').toBe('button');
  await page.keyboard.press('Enter');
  const menu = page.locator('#site-menu');
  await expect
    .poll(
      () => menu.evaluate((element) => element.matches(':popover-open')),
      'Enter opens the menu',
    )
    .toBe(true);
  // Focus is in the menu: moved to its close button, or reached with the next Tab.
  const inMenu = () =>
    page.evaluate(() => document.getElementById('site-menu')!.contains(document.activeElement));
  if (!(await inMenu())) await pressTab(page);
  await expect(
    page.locator('#site-menu .menu-close'),
    'focus in the open menu, on its close button',
  ).toBeFocused();
  const stops = await tabThroughNavigation(page, navigation.phone.href, await pressTab(page));
  expect(stops.map((item) => item.key)).toEqual(expected);
  expect(
    stops.filter((item) => !item.indicator || !item.visible).map((item) => item.key),
    'stops without a visible focus indicator',
  ).toEqual([]);
  // Escape closes the menu (first any open dropdown, then the menu) and focus returns to the button.
  for (
    let presses = 0;
    presses < 3 && (await menu.evaluate((element) => element.matches(':popover-open')));
    presses += 1
  ) {
    await page.keyboard.press('Escape');
  }
  await expect
    .poll(
      () => menu.evaluate((element) => element.matches(':popover-open')),
      'Escape closes the menu',
    )
    .toBe(false);
  await expect(page.locator('.menu-button')).toBeFocused();
});

test('the keyboard checks report the broken fixture page (gate 1 can fail)', async ({
  browser,
}) => {
  const site = await brokenSite();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(`${site.origin}/`);
    const stops = await allFocusStops(page);
    expect(stops[0]?.key, 'the first stop is no skip link').not.toBe('#main-content');
    expect(withoutIndicator(stops), 'its focus styles are removed').toEqual(
      expect.arrayContaining(['a /missing-page', 'button']),
    );
  } finally {
    await context.close();
  }
});
