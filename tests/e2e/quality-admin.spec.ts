// The quality gates on the admin page in the states it reaches only in the browser: axe at 1280 and
// 375 px, html-validate on the screen as the browser holds it, and the console and CSP watch, with
// the library open (a queue with a refused file and one ready), a photo's details open, and the
// delete confirmation open. And keyboard use of every action: picking files, alt text, Upload,
// search, sort, Details, the copy buttons, saving, adding a field, Replace, Delete and its
// confirmation, closing with Escape, each focus stop visibly marked.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { adminContext } from '../support/accounts.ts';
import {
  card,
  choosePhotos,
  isSharedBucketRace,
  openLibrary,
  photo,
  queued,
  grid,
  queue,
  uniqueName,
} from '../support/admin.ts';
import { axeViolations } from '../../src/generator/gates/axe.ts';
import { PROJECT_ROOT } from '../support/quality/dist.ts';
import { watchContext } from '../../src/generator/gates/page-watch.ts';
import { expect, test } from '../support/e2e/fixtures.ts';

const WIDTHS = [1280, 375] as const;
const validator = new HtmlValidate(new FileSystemConfigLoader());

interface State {
  name: string;
  /** Brings the admin page to the state; resolves to the selector of the element that shows it (axe and html-validate look there). */
  reach(page: Page): Promise<string>;
}

/** A photo of this test's own in the library. */
async function uploaded(page: Page, label: string): Promise<string> {
  const name = `${uniqueName(label)}.jpg`;
  await choosePhotos(page, [await photo(name)]);
  await queued(page, name)
    .getByLabel('Alt text: what the photo shows')
    .fill('A photo for the quality gates');
  await page.getByRole('button', { name: 'Upload the photo' }).click();
  await expect(card(page, name)).toBeVisible();
  return name;
}

const STATES: State[] = [
  {
    name: 'the library, with an upload refused and one ready',
    async reach(page) {
      await choosePhotos(page, [
        await photo(`${uniqueName('ready')}.jpg`),
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') },
      ]);
      await expect(queue(page).getByRole('alert')).toBeVisible();
      await expect(page.locator('#health table')).toBeVisible();
      return '[data-screen]';
    },
  },
  {
    name: 'a photo’s details',
    async reach(page) {
      const name = await uploaded(page, 'details');
      await card(page, name)
        .getByRole('button', { name: `Details of ${name}` })
        .click();
      await expect(page.getByRole('dialog').locator('img')).toBeVisible();
      return 'dialog[open]';
    },
  },
  {
    name: 'the delete confirmation',
    async reach(page) {
      const name = await uploaded(page, 'confirm');
      await card(page, name)
        .getByRole('button', { name: `Details of ${name}` })
        .click();
      await page
        .getByRole('dialog', { name: `Photo: ${name}` })
        .getByRole('button', { name: 'Delete…' })
        .click();
      await expect(page.getByRole('dialog', { name: `Delete ${name}?` })).toBeVisible();
      return '.admin-confirm[open]';
    },
  },
];

for (const state of STATES) {
  test(`admin page, ${state.name}: no axe violation at 1280 and 375 px, valid HTML, no console error or CSP violation`, async ({
    browser,
    baseURL,
  }) => {
    const problems: Record<string, string[]> = {};
    const context = await adminContext(browser, {
      baseURL,
      viewport: { width: 1280, height: 800 },
    });
    const watch = await watchContext(context, (message) => isSharedBucketRace(message));
    try {
      const page = await context.newPage();
      await openLibrary(page);
      const shown = await state.reach(page);
      // The state is reached once and seen at both widths: the page is narrowed as a phone would show it.
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width > 1000 ? 800 : 740 });
        await expect(page.locator(shown).first()).toBeVisible();
        problems[`axe at ${width} px`] = await axeViolations(page);
      }
      const screen = await page.locator('[data-screen]').evaluate((element) => element.outerHTML);
      const report = await validator.validateString(
        screen,
        join(PROJECT_ROOT, 'dist', 'admin-state.html'),
      );
      problems['html-validate'] = report.results.flatMap((result) =>
        result.messages.map(
          (message) => `${message.ruleId}: ${message.message} (${message.selector})`,
        ),
      );
      problems.console = watch.all();
    } finally {
      await context.close();
    }
    expect(
      Object.fromEntries(Object.entries(problems).filter(([, list]) => list.length > 0)),
    ).toEqual({});
  });
}

/** Tab (or Shift+Tab) until the focused element matches; returns whether its focus is visibly marked. */
async function tabTo(
  page: Page,
  accessibleName: RegExp | string,
  { back = false, max = 80 } = {},
): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      const marked =
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) ||
        style.boxShadow !== 'none';
      return {
        name:
          element.getAttribute('aria-label') ??
          (element as HTMLInputElement).labels?.[0]?.textContent ??
          element.textContent ??
          '',
        marked,
      };
    });
    if (!focused) continue;
    expect(focused.marked, `a visible focus indicator on "${focused.name.trim()}"`).toBe(true);
    if (
      typeof accessibleName === 'string'
        ? focused.name.trim() === accessibleName
        : accessibleName.test(focused.name)
    )
      return;
  }
  throw new Error(`Tab never reached "${String(accessibleName)}"`);
}

test('keyboard: every action of the media library works from the keyboard, each focus stop visibly marked', async ({
  browser,
  baseURL,
}) => {
  test.slow(); // some forty actions, each a round trip to the page, two uploads and a replace through the local bucket
  const context = await adminContext(browser, { baseURL, viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const watch = await watchContext(context, (message) => isSharedBucketRace(message));
  try {
    const page = await context.newPage();
    // The files the next file pickers get: listened for from the start, so that a picker opened by
    // a key press (no click for Playwright to wait on) is never missed.
    const picks: Awaited<ReturnType<typeof photo>>[][] = [];
    page.on('filechooser', (chooser) => void chooser.setFiles(picks.shift() ?? []));
    await openLibrary(page);
    const name = `${uniqueName('keyboard')}.jpg`;
    await page.getByRole('heading', { name: 'Media library', level: 2 }).focus();

    // Choose photos: Enter on the button opens the file picker.
    await tabTo(page, 'Choose photos');
    picks.push([await photo(name)]);
    await page.keyboard.press('Enter');
    await expect(queued(page, name)).toBeVisible();
    await tabTo(page, /Alt text/);
    await page.keyboard.type('Typed with the keyboard');
    await tabTo(page, 'Upload the photo');
    await page.keyboard.press('Enter');
    await expect(card(page, name)).toBeVisible();

    // Search and sort.
    // From the library's heading (a click on the grid's heading does not set where Tab starts, and
    // the page's sections above the library hold a link for each page of the site).
    await page.getByRole('heading', { name: 'Media library', level: 2 }).focus();
    await tabTo(page, /Search by name or alt text/);
    await page.keyboard.type(name);
    await tabTo(page, /Sort by/);
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Sort by')).not.toHaveValue('date');
    await expect(grid(page).getByRole('listitem')).toHaveCount(1);

    // Details, the copy buttons, editing, a field added, saving.
    await tabTo(page, `Details of ${name}`);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Photo: ${name}` });
    await expect(dialog).toBeVisible();
    await tabTo(page, 'Copy link');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('library-status')).toHaveText('Link copied.');
    await tabTo(page, 'Copy for Markdown');
    await page.keyboard.press('Space');
    await expect(page.getByTestId('library-status')).toHaveText('Markdown copied.');
    await tabTo(page, /Alt text/);
    await page.keyboard.press('End');
    await page.keyboard.type(', edited');
    await tabTo(page, 'Add a field');
    await page.keyboard.press('Enter');
    await tabTo(page, 'Name');
    await page.keyboard.type('room');
    await tabTo(page, 'Value');
    await page.keyboard.type('kitchen');
    await tabTo(page, 'Save changes');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('library-status')).toHaveText(`Changes to ${name} saved.`);
    await expect(dialog.locator('.admin-fields')).toContainText('room: kitchen');

    // Replace opens the file picker from the keyboard too.
    await tabTo(page, 'Replace photo…');
    picks.push([await photo('again.jpg', { width: 700, height: 500 })]);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('library-status')).toHaveText(
      `${name} was replaced with again.jpg.`,
    );

    // Delete: the confirmation, Escape keeps the photo; then deleting it.
    await tabTo(page, 'Delete…');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
    await expect(confirm).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('button', { name: 'Delete…' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirm).toBeVisible();
    await tabTo(page, 'Delete photo');
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(dialog).toBeHidden();
    await expect(card(page, name)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Media library', level: 2 })).toBeFocused();

    // The details of a sample photo close with Escape, focus back on its Details button.
    await page.getByLabel('Search by name or alt text').fill('');
    const other = card(page, 'kitchen-worktop.jpg').getByRole('button', {
      name: 'Details of kitchen-worktop.jpg',
    });
    await other.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(other).toBeFocused();
  } finally {
    await context.close();
  }
  expect(watch.all()).toEqual([]);
});
