// When the layout's islands start (src/apps/islands/wake.ts): not while the page loads, and at the
// visitor's first key press, pointer move or scroll. In the full Chromium, not its headless shell:
// the shell sends a pointermove without movement to the pointer it keeps at the page's corner
// whenever the layout moves, which wakes the widgets before the test acts.
import type { Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/ensure-chromium.ts';
import { startedWorkDone } from '../../src/generator/gates/page-watch.ts';
import { expect, test } from '../support/e2e/fixtures.ts';

test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } });

test.describe('when the islands start', () => {
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
