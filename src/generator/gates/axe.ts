// Gate 1: axe-core with the WCAG 2.0, 2.1 and 2.2 A and AA rules, run in the page itself, and the
// states of a page it is run in (both widths, the menus closed and open): the browser tests
// (quality-a11y.spec.ts) and `npm run check:change` (page-gates.ts) scan a page the same way.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { settle } from './page-watch.ts';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// axe-core's own script, put into each document once. @axe-core/playwright put the 550 KB script
// into the page again for every scan and took about seven times as long per scan (docs/decisions.md).
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface Violation {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * The violations on the page (or only inside `include`, a CSS selector), one line each:
 * rule, impact, what it asks, and the first few elements.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // Only violations are reported: passes and incomplete results cost time and are unused.
  const options: RunOptions = {
    runOnly: { type: 'tag', values: AXE_TAGS },
    resultTypes: ['violations'],
  };
  const violations = await page.evaluate(
    async ({ include: scope, options: runOptions }) => {
      const { axe } = window as unknown as {
        axe: { run: (context: unknown, options: RunOptions) => Promise<AxeResults> };
      };
      const results = await axe.run(scope ? { include: [[scope]] } : document, runOptions);
      return results.violations.map(({ id, impact, help, nodes }): Violation => ({
        id,
        impact,
        help,
        targets: nodes.map((node) => node.target.join(' ')),
      }));
    },
    { include, options },
  );
  return violations.map((violation) => {
    const targets = violation.targets.slice(0, 4).join(' | ');
    const more = violation.targets.length > 4 ? ` (+${violation.targets.length - 4} more)` : '';
    return `${violation.id} [${violation.impact}] ${violation.help}: ${targets}${more}`;
  });
}

/** The two widths every page is scanned at: a desktop browser's and a phone's. */
export const VIEWPORTS = [
  { name: '1280 px', width: 1280, height: 800 },
  { name: '375 px', width: 375, height: 740 },
] as const;
export type Viewport = (typeof VIEWPORTS)[number];

/** Loads the path at this width (the page stays watched) and waits for its islands; the status it answered with. */
export async function loadAt(
  page: Page,
  path: string,
  viewport: Viewport,
): Promise<number | undefined> {
  await page.setViewportSize({ width: viewport.width, height: viewport.height });
  const response = await page.goto(path);
  await settle(page);
  return response?.status();
}

/**
 * Opens each <details> dropdown in turn with a real click on its summary, scans, and closes it
 * again with another click (one open at a time, as a visitor would leave them).
 */
async function eachDropdownOpen(page: Page, scan: (label: string) => Promise<void>): Promise<void> {
  const dropdowns = page.locator('details.dropdown');
  for (let index = 0; index < (await dropdowns.count()); index += 1) {
    const dropdown = dropdowns.nth(index);
    const summary = dropdown.locator('summary');
    const label = (await summary.innerText()).trim();
    await summary.click();
    await dropdown.and(page.locator('[open]')).waitFor();
    await scan(label);
    await summary.click();
    await dropdown.and(page.locator(':not([open])')).waitFor();
  }
}

/**
 * Every state of the loaded page at this width, and the violations found in each: the whole page
 * with the menus closed; with `menus`, each menu open in turn, scanning the open part (opening a
 * menu changes only the menu): each header dropdown at 1280 px; at 375 px any other popover menu
 * (the sidebar's list of services), the mobile menu (#site-menu, opened by .menu-button) and each
 * dropdown inside it.
 */
export async function scanStates(
  page: Page,
  viewport: Viewport,
  { menus = true }: { menus?: boolean } = {},
): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {
    [`${viewport.name}, menus closed`]: await axeViolations(page),
  };
  const header = page.locator('.site-header');
  if ((await header.count()) === 0 || !menus) return found; // the home page has no header
  if (viewport.width >= 1024) {
    await eachDropdownOpen(page, async (label) => {
      found[`${viewport.name}, "${label}" open`] = await axeViolations(
        page,
        'details.dropdown[open]',
      );
    });
  } else {
    // Other popover menus first (the sidebar's list of services on a phone): open, scan, Escape.
    const toggles = page.locator(
      'button[popovertarget]:not(.menu-button):not(#site-menu *):visible',
    );
    for (let index = 0; index < (await toggles.count()); index += 1) {
      const toggle = toggles.nth(index);
      const target = (await toggle.getAttribute('popovertarget'))!;
      await toggle.click();
      await page.waitForFunction(
        (id) => document.getElementById(id)?.matches(':popover-open'),
        target,
      );
      found[`${viewport.name}, #${target} open`] = await axeViolations(page, `#${target}`);
      await page.keyboard.press('Escape');
      await page.waitForFunction(
        (id) => !document.getElementById(id)?.matches(':popover-open'),
        target,
      );
    }
    await page.locator('.menu-button').click();
    await page.waitForFunction(() =>
      document.getElementById('site-menu')?.matches(':popover-open'),
    );
    found[`${viewport.name}, menu open`] = await axeViolations(page, '.site-header');
    await eachDropdownOpen(page, async (label) => {
      found[`${viewport.name}, menu open, "${label}" open`] = await axeViolations(
        page,
        'details.dropdown[open]',
      );
    });
  }
  return found;
}
