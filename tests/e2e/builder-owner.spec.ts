// The builder as an owner meets it (issue 31), in Chromium against the built site and the local
// emulators: a new page opens with no problem shown and nothing saved anywhere; a field left shows
// its own problem in plain words, a try to propose shows them all; the draft exists from the first
// change and "Discard this draft" removes it from both places. Beside the form, the preview at
// 1280 px fits its space, labelled with its scale, stays in view while the form scrolls, and
// follows the field or block being edited; the rarely needed fields are folded under "Advanced".
import type { Page } from '@playwright/test';
import { EMULATOR_OWNER, listFolder } from '../../src/generator/emulators/storage-rest.ts';
import { LOCAL_EMULATOR_CONFIG } from '../../src/kernel/wire/firebase-config.ts';
import { openAsAdmin, previewOf } from '../support/builder.ts';
import { E2E_STORAGE_PORT } from '../support/e2e-ports.ts';
import { expect, test } from '../support/e2e/fixtures.ts';
import { axeViolations } from '../../src/generator/gates/axe.ts';

const bucket = {
  origin: `http://127.0.0.1:${E2E_STORAGE_PORT}`,
  bucket: LOCAL_EMULATOR_CONFIG.storageBucket,
};

/** The drafts' ids in the bucket (shared by the run's tests: each looks for its own). */
async function inBucket(): Promise<string[]> {
  const { items = [] } = (await (await listFolder(bucket, 'drafts', EMULATOR_OWNER)).json()) as {
    items?: { name: string }[];
  };
  return items.map((item) => item.name.replace(/^drafts\/|\.json$/g, ''));
}

/** The drafts in this browser's IndexedDB, as the builder keeps them. */
const inThisBrowser = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const request = indexedDB.open('ardent-builder');
        request.addEventListener('error', () => reject(request.error));
        request.addEventListener('success', () => {
          const db = request.result;
          if (!db.objectStoreNames.contains('drafts')) return resolve([]);
          const keys = db.transaction('drafts').objectStore('drafts').getAllKeys();
          keys.addEventListener('success', () => resolve(keys.result.map(String)));
        });
      }),
  );

/** The draft's id, from the address of its preview tab. */
const draftIdOf = async (page: Page) =>
  new URL(
    (await page.getByRole('link', { name: 'Open the preview in a new tab' }).getAttribute('href'))!,
    'http://x',
  ).searchParams.get('draft')!;

test('a new page shows no problem and saves nothing until the owner acts; a left field shows its own problem, proposing shows all; Discard removes the draft from both places', async ({
  page,
}) => {
  test.setTimeout(60_000); // two pages signed in, a bucket copy waited for
  await openAsAdmin(page, '/experiments/block-builder/builder');
  const id = await draftIdOf(page);
  const summary = page.locator('#problems');
  // The checks have run on the empty page (the heading says so once they are done), and show nothing.
  await expect(summary.getByRole('heading', { name: 'Checks' })).toBeVisible();
  await expect(summary).toContainText('once you leave the field');
  await expect(page.locator('.field-problems, [aria-invalid="true"]')).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: 'Nothing is saved until you change something.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Discard this draft' })).toHaveCount(0);
  expect(await inThisBrowser(page)).toEqual([]);
  // A preview tab opened now gets the unsaved draft from the builder itself.
  const tab = await page.context().newPage();
  await openAsAdmin(tab, `/experiments/block-builder/preview?draft=${id}`);
  await expect(
    previewOf(tab).getByText(
      'The preview appears once the page has a web address, a title and a main heading.',
    ),
  ).toBeVisible();
  await tab.close();

  // Leaving the heading empty shows its problem there, and in the summary; no other field's.
  const heading = page.getByLabel('Main heading');
  await heading.focus();
  await page.keyboard.press('Tab');
  await expect(page.locator('#field-heading-problems')).toHaveText('Fill in “Main heading”.');
  await expect(heading).toHaveAttribute('aria-invalid', 'true');
  await expect(summary.getByRole('heading', { name: '1 problem' })).toBeVisible();
  await expect(page.locator('.field-problems')).toHaveCount(1);
  // Leaving a field is not a change: still nothing saved.
  expect(await inThisBrowser(page)).toEqual([]);

  // The first change makes the draft: in this browser at once, in the bucket after a pause.
  await page
    .getByLabel('Title in search results')
    .fill('Spring Cleaning Offer in Orpington | Ardent');
  await expect(page.getByRole('status').filter({ hasText: 'Saved in this browser' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Copied to the Storage bucket' }),
  ).toBeVisible({ timeout: 15_000 });
  expect(await inThisBrowser(page)).toEqual([id]);
  expect(await inBucket()).toContain(id);

  // Trying to propose shows every problem, in plain words, the summary focused.
  await page.getByRole('button', { name: 'Propose this change' }).click();
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('heading', { name: /^\d+ problems$/ })).toBeVisible();
  await expect(summary).toContainText('Fill in “Main heading”.');
  await expect(summary).toContainText('Add at least one block');
  expect(await summary.innerText()).not.toMatch(
    /expected|>=|too small|too big|invalid input|blocks\.\d|\(heading\)/i,
  );
  await expect(page.getByRole('dialog', { name: 'Propose this change' })).toHaveCount(0);

  // Discarded after a confirmation: gone from this browser and from the bucket; a new page in its place.
  await page.getByRole('button', { name: 'Discard this draft' }).click();
  const dialog = page.getByRole('region', { name: 'Discard this draft?' });
  await dialog.getByRole('button', { name: 'Discard the draft' }).click();
  await expect(
    page.getByRole('status').filter({
      hasText:
        'Discarded the draft “Spring Cleaning Offer in Orpington | Ardent”. This is a new page.',
    }),
  ).toBeVisible();
  await expect(page.getByLabel('Title in search results')).toHaveValue('');
  expect(await inThisBrowser(page)).toEqual([]);
  expect(await inBucket()).not.toContain(id);
  expect(await axeViolations(page), 'the new page after a discard').toEqual([]);
});

test('the preview beside the form fits at 1280 px, stays in view and follows the field or block being edited; the advanced fields are folded', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openAsAdmin(page, '/integrated-builder?route=/about');
  const frame = page.locator('iframe.preview-frame');
  const space = page.locator('.preview-space');
  await expect(previewOf(page).locator('h1')).toHaveText('About Ardent');

  // 1280 px wide, scaled to its space: nothing cut off, and the scale said.
  await expect(page.locator('#preview-scale')).toContainText(/^1280 px wide, shown at \d\d%/);
  expect(
    await frame.evaluate((element: HTMLIFrameElement) => element.contentWindow!.innerWidth),
  ).toBe(1280);
  const [shown, room] = await Promise.all([frame.boundingBox(), space.boundingBox()]);
  expect(shown!.x + shown!.width).toBeLessThanOrEqual(room!.x + room!.width + 1);
  expect(shown!.y + shown!.height).toBeLessThanOrEqual(room!.y + room!.height + 1);

  // The rarely needed fields are folded; the checkbox sits beside its label.
  const advanced = page.locator('details.advanced-fields');
  await expect(advanced).toHaveJSProperty('open', false);
  await expect(page.getByLabel('Layout')).toBeHidden();
  const [box, label] = await Promise.all([
    page.getByRole('checkbox', { name: 'Hide from search engines' }).boundingBox(),
    page.locator('label[for="field-noindex"]').boundingBox(),
  ]);
  expect(Math.abs(box!.y + box!.height / 2 - (label!.y + label!.height / 2))).toBeLessThan(8);
  expect(label!.x - (box!.x + box!.width)).toBeLessThan(24);

  // The last block's field, far down the form: the page scrolls to it, the preview stays in view and shows that block, marked.
  await page.locator('.block-toggle').nth(2).click();
  await page.locator('#field-blocks-2-heading').focus();
  await expect(page.locator('#field-blocks-2-heading')).toBeInViewport();
  await expect(frame).toBeInViewport({ ratio: 0.9 });
  const marked = previewOf(page).locator('[data-builder-focus]');
  await expect(marked).toHaveClass('cta');
  await expect(marked).toBeInViewport();
  // The main heading: the mark moves to the page's h1.
  await page.getByLabel('Main heading').focus();
  await expect(previewOf(page).locator('h1[data-builder-focus]')).toHaveText('About Ardent');
  await expect(previewOf(page).locator('[data-builder-focus]')).toHaveCount(1);
  await expect(previewOf(page).locator('h1')).toBeInViewport();
  // The page's text, at the very end of the form: its Page text block, with the whole preview in view.
  await page.locator('#field-body').focus();
  await expect(previewOf(page).locator('[data-builder-focus]')).toHaveClass('prose');
  await expect(page.locator('.preview')).toBeInViewport({ ratio: 0.98 });
  await page.getByText('Advanced', { exact: true }).click();
  await expect(page.getByLabel('Layout')).toBeVisible();
  expect(
    await axeViolations(page),
    'a live page, the preview marked, the advanced fields open',
  ).toEqual([]);
});
