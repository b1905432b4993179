// When the layout's islands start (src/apps/islands/wake.ts): their chunks fetched after the page
// has loaded, nothing hydrated while it loads, and every widget at the visitor's first key press,
// pointer move or scroll. In the full Chromium, not its headless shell:
// the shell sends a pointermove without movement to the pointer it keeps at the page's corner
// whenever the layout moves, which wakes the widgets before the test acts.
import type { Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/ensure-chromium.ts';
import { startedWorkDone } from '../../src/generator/gates/page-watch.ts';
import { expect, test } from '../support/e2e/fixtures.ts';

test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } });

test.describe('when the islands start', () => {
  test("the widgets' chunks, React among them, are fetched only after the page has loaded, before the visitor acts", async ({
    page,
  }) => {
    await page.goto('/about');
    const timings = () =>
      page.evaluate(() => {
        const later = document
          .querySelector<HTMLScriptElement>('script[data-later-modules]')!
          .dataset.laterModules!.split(' ');
        const navigation = performance.getEntriesByType(
          'navigation',
        )[0] as PerformanceNavigationTiming;
        const starts = later.map(
          (url) =>
            performance.getEntriesByName(new URL(url, location.href).href)[0]?.startTime ?? null,
        );
        return { count: later.length, loaded: navigation.loadEventStart, starts };
      });
    await expect
      .poll(async () => (await timings()).starts.every((start) => start !== null))
      .toBe(true);
    const { count, loaded, starts } = await timings();
    expect(count).toBeGreaterThanOrEqual(5); // four islands and React's chunk at least
    for (const start of starts) expect(start!).toBeGreaterThanOrEqual(loaded);
    expect(await page.locator('[data-island][data-hydrated]').count()).toBe(0);
  });

  const hydratedCount = (page: Page) => page.locator('[data-island][data-hydrated]').count();

  for (const [how, act] of [
    ['a key press', (page: Page) => page.keyboard.press('Shift')],
    ['a pointer move', (page: Page) => page.mouse.move(600, 500)],
    ['a scroll', (page: Page) => page.mouse.wheel(0, 200)],
  ] as const) {
    test(`nothing hydrates while the page loads; ${how} wakes every widget`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/about');
      // The contact section's load came back as the page shows it: no React for it at all.
      await expect(page.locator('[data-island="contact"]')).toHaveAttribute('data-checked', '');
      await startedWorkDone(page);
      expect(await hydratedCount(page)).toBe(0);
      await act(page);
      for (const name of ['header', 'sidebar', 'scroll-top'])
        await expect(page.locator(`[data-island="${name}"]`)).toHaveAttribute('data-hydrated', '');
      expect(await page.locator('[data-island="contact"][data-hydrated]').count()).toBe(0);
    });
  }
});
