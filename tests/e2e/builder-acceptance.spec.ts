// Issue 15's acceptance: a page of four different blocks is built in the block builder, reordered
// by keyboard, made invalid (export refused, messages at the fields), fixed (the preview follows),
// undone and redone, restored after a reload and exported; the exported file then goes into a copy
// of content/, passes `npm run check` and `npm run build`, and the new page is served with its
// JSON-LD and its sitemap entry.
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSiteServer } from '../../src/generator/server/create-server.ts';
import { addBlock, blockTitles, openAsAdmin, previewOf, selectBlock } from '../support/builder.ts';
import { expect, projectRoot, test } from '../support/e2e/fixtures.ts';

const VALID_DESCRIPTION =
  'A spring clean for homes in Orpington and Bromley, booked in March or April, with the oven and windows done on the same day.';

test('a page of four blocks: built, reordered by keyboard, checked, fixed, undone, restored and exported; the file builds and is served', async ({
  page,
}) => {
  test.setTimeout(180_000); // the whole builder loop, then npm run check and npm run build on a copy of content/
  await openAsAdmin(page, '/experiments/block-builder/builder');

  // Page details.
  await page.getByLabel('Web address (after ardent.example)').fill('/spring-offer');
  await page
    .getByLabel('Title in search results')
    .fill('Spring Cleaning Offer in Orpington | Ardent');
  await page.getByLabel('Description in search results').fill(VALID_DESCRIPTION);
  await page.getByLabel('Main heading').fill('Spring cleaning offer');
  await expect(page.getByText(`${VALID_DESCRIPTION.length} characters (50–160)`)).toBeVisible();

  // Four different blocks, from the palette.
  for (const title of ['Hero', 'Text', 'Areas', 'Call to action']) await addBlock(page, title);
  expect(await blockTitles(page)).toEqual(['1. Hero', '2. Text', '3. Areas', '4. Call to action']);
  await selectBlock(page, 1);
  await page.locator('#field-blocks-0-lead').fill('A fresh start for your home this spring.');
  await selectBlock(page, 2);
  await page
    .locator('#field-blocks-1-markdown')
    .fill(
      '## What is included\n\nKitchens, bathrooms and floors, done properly, with the oven and windows on the same day.',
    );
  await selectBlock(page, 3);
  await page.locator('#field-blocks-2-areas').getByLabel('Orpington').check();
  await page.locator('#field-blocks-2-areas').getByLabel('Bromley', { exact: true }).check();
  await selectBlock(page, 4);
  await page.locator('#field-blocks-3-heading').fill('Book your spring clean');
  await page.locator('#field-blocks-3-action-label').fill('Contact us');
  await page.locator('#field-blocks-3-action-href').fill('/contact');
  await expect(page.getByRole('heading', { name: 'No problems' })).toBeVisible();
  await expect(previewOf(page).locator('h1')).toHaveText('Spring cleaning offer');

  // Reorder by keyboard: the call to action's drag handle, Space, arrow up twice, Space; then a Move up button, by keyboard.
  await page.locator('.block-toggle').nth(3).click(); // its form closed: the list is short
  await page.getByRole('button', { name: 'Drag 4. Call to action' }).focus();
  const dndAnnouncer = page.locator('[id^="DndLiveRegion"]');
  await page.keyboard.press('Space');
  await expect(dndAnnouncer).toContainText('over position 4 of 4');
  // dnd-kit's keyboard sensor listens for the arrows from a zero-delay timer it sets as the drag
  // starts (KeyboardSensor.attach), which the announcement can come before: timers of equal delay
  // run in the order they were set, so once one set now has run, the sensor listens.
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  await page.keyboard.press('ArrowUp');
  await expect(dndAnnouncer).toContainText('over position 3 of 4');
  await page.keyboard.press('ArrowUp');
  await expect(dndAnnouncer).toContainText('over position 2 of 4');
  await page.keyboard.press('Space');
  await expect(dndAnnouncer).toContainText('dropped at position 2 of 4');
  await expect
    .poll(() => blockTitles(page))
    .toEqual(['1. Hero', '2. Call to action', '3. Text', '4. Areas']);
  await page.getByRole('button', { name: 'Move 4. Areas up' }).focus();
  await page.keyboard.press('Enter');
  await expect
    .poll(() => blockTitles(page))
    .toEqual(['1. Hero', '2. Call to action', '3. Areas', '4. Text']);
  await expect(page.locator('#builder-announcer')).toHaveText(
    'Moved the Areas block from position 4 to position 3 of 4.',
  );
  await expect(previewOf(page).locator('main section').nth(1)).toHaveClass('cta');

  // Invalid: a description that is too short, and an area that does not exist.
  await page.getByLabel('Description in search results').fill('Too short.');
  await selectBlock(page, 3);
  await page.locator('#field-blocks-2-areas-other').fill('nowhere');
  await page.locator('#field-blocks-2-areas').getByRole('button', { name: 'Add' }).click();
  await page.getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Export refused' })).toBeVisible();
  await expect(dialog).toContainText('The page still has 2 problems');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('#field-description-problems')).toHaveText(
    'The description is 10 characters long; write at least 50 (40 more): "Too short.".',
  );
  await expect(page.locator('#field-blocks-2-areas-problems')).toContainText(
    'No area "nowhere" exists; use the name of a file in content/areas/',
  );
  await expect(page.getByLabel('Description in search results')).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page.locator('.block-card').nth(2)).toContainText('1 problem');
  await expect(page.locator('#problems')).toContainText('2 problems');

  // Fix both; the preview follows.
  await page.getByLabel('Description in search results').fill(VALID_DESCRIPTION);
  // Unticked, a name that is not on the site leaves the list.
  await page.locator('#field-blocks-2-areas').getByLabel('nowhere (not on the site)').click();
  await expect(
    page.locator('#field-blocks-2-areas').getByLabel('nowhere (not on the site)'),
  ).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No problems' })).toBeVisible();
  await page.getByLabel('Main heading').fill('Spring cleaning, done properly');
  await expect(previewOf(page).locator('h1')).toHaveText('Spring cleaning, done properly');

  // Undo and redo, by keys and by buttons.
  await page.keyboard.press('Control+z');
  await expect(previewOf(page).locator('h1')).toHaveText('Spring cleaning offer');
  await page.keyboard.press('Control+Shift+z');
  await expect(previewOf(page).locator('h1')).toHaveText('Spring cleaning, done properly');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByLabel('Main heading')).toHaveValue('Spring cleaning offer');
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(page.getByLabel('Main heading')).toHaveValue('Spring cleaning, done properly');

  // Reload: the draft is offered back.
  await expect(page.getByRole('status').filter({ hasText: 'Saved in this browser' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Restore your draft?' })).toBeVisible();
  await expect(page.locator('.restore-offer')).toContainText(
    'Spring Cleaning Offer in Orpington | Ardent',
  );
  await page.getByRole('button', { name: 'Restore the draft' }).click();
  await expect(page.getByLabel('Main heading')).toHaveValue('Spring cleaning, done properly');
  expect(await blockTitles(page)).toEqual(['1. Hero', '2. Call to action', '3. Areas', '4. Text']);

  // Export, by keyboard.
  await page.getByRole('button', { name: 'Export' }).focus();
  await page.keyboard.press('Enter');
  await expect(
    dialog.getByRole('heading', { name: 'Export content/pages/spring-offer.md' }),
  ).toBeVisible();
  const shown = await dialog.locator('.export-text').innerText();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/spring-offer\.md$/);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.trim()).toBe(shown.trim());
  expect(text).toMatch(
    /^---\nroute: \/spring-offer\ntitle: Spring Cleaning Offer in Orpington \| Ardent\n/,
  );
  const editorIds = await page
    .locator('.block-card')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-block')!));
  expect(editorIds).toHaveLength(4);
  for (const id of editorIds) expect(text).not.toContain(id);

  // The file in a copy of content/: npm run check and npm run build pass, and the page is served.
  const root = await mkdtemp(path.join(tmpdir(), 'builder-export-'));
  try {
    await cp(path.join(projectRoot, 'content'), path.join(root, 'content'), { recursive: true });
    await writeFile(path.join(root, 'content/pages/spring-offer.md'), text);
    const run = (command: string, ...args: string[]) =>
      execFileSync(process.execPath, ['scripts/run.mjs', command, ...args], {
        cwd: projectRoot,
        encoding: 'utf8',
        env: { ...process.env, CI: '' },
      });
    const check = run('check', '--content', path.join(root, 'content'));
    expect(check).toContain('Lint OK');
    expect(check).not.toContain('warning:');
    run(
      'build',
      '--content',
      path.join(root, 'content'),
      '--out',
      path.join(root, 'dist'),
      '--cache',
      path.join(root, 'cache'),
    );
    const server = await createSiteServer({
      root: path.join(root, 'dist'),
      netlifyToml: path.join(projectRoot, 'netlify.toml'),
      logger: { info: () => {}, error: () => {} },
    });
    // A free port: several copies of the suite may run side by side.
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const served = await page.request.get(`${origin}/spring-offer`);
      expect(served.status()).toBe(200);
      const html = await served.text();
      expect(html).toContain('<h1 class="hero-heading">Spring cleaning, done properly</h1>');
      const jsonLd = [
        ...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs),
      ].map(
        (match) =>
          JSON.parse(match[1]!) as {
            '@graph': { '@type': string; itemListElement?: { name: string }[] }[];
          },
      );
      const breadcrumbs = jsonLd
        .flatMap((block) => block['@graph'])
        .find((node) => node['@type'] === 'BreadcrumbList');
      expect(breadcrumbs?.itemListElement?.map((item) => item.name)).toEqual([
        'Home',
        'Spring cleaning, done properly',
      ]);
      const sitemap = await (await page.request.get(`${origin}/sitemap.xml`)).text();
      expect(sitemap).toMatch(/<loc>[^<]*\/spring-offer<\/loc>/);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
