// The builder's other promises, in Chromium: a page of each kind opened in the integrated
// builder and exported unchanged is byte-identical to its file, and a route the site does not have
// fetches nothing; the preview follows a keystroke within 100 ms, switches viewport, and stays in
// sync in its own tab; the dashboard lists (this browser's and the bucket's), duplicates and deletes
// drafts and starts new pages; every builder state passes axe.
import type { Page } from '@playwright/test';
import type { BuilderSiteData } from '../../src/kernel/wire/builder-data.ts';
import type { PagePayload } from '../../src/kernel/wire/payload.ts';
import { payloadPathFor } from '../../src/kernel/wire/output-paths.ts';
import { addBlock, openAsAdmin, previewOf, selectBlock } from '../support/builder.ts';
import { expect, test } from '../support/e2e/fixtures.ts';
import { axeViolations } from '../../src/generator/gates/axe.ts';

async function routesOf(page: Page): Promise<BuilderSiteData['routes']> {
  return ((await (await page.request.get('/builder-data.json')).json()) as BuilderSiteData).routes;
}

// Every page's draft exports byte for byte unchanged: tests/unit/apps/builder/draft.test.ts, on the
// payloads the build writes. Here, one page of each kind goes the whole way through the browser.
for (const kind of ['pages', 'services', 'areas'] as const) {
  test(`a ${kind.slice(0, -1)} of the site, opened in the integrated builder and exported unchanged, is byte-identical to its file`, async ({
    page,
  }) => {
    const facts = (await routesOf(page)).find((route) => route.kind === kind)!;
    const payload = (await (
      await page.request.get(`/${payloadPathFor(facts.route)}`)
    ).json()) as PagePayload;
    await openAsAdmin(page, `/integrated-builder?route=${encodeURIComponent(facts.route)}`);
    await page.getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByRole('heading', { name: `Export ${facts.path}` }),
      facts.route,
    ).toBeVisible();
    await expect(dialog.locator('.export-unchanged')).toHaveText(
      'No changes: the file is the same as the live one.',
    );
    expect(
      await dialog.locator('.export-text').evaluate((element) => element.textContent),
      facts.path,
    ).toBe(payload.text);
  });
}

test('the integrated builder shows a line diff against the live file', async ({ page }) => {
  await openAsAdmin(page, '/integrated-builder?route=/about');
  await page.getByLabel('Main heading').fill('About the Ardent team');
  await page.getByRole('button', { name: 'Export' }).click();
  const diff = page.getByRole('dialog').locator('.export-diff');
  await expect(diff.locator('del')).toHaveText('- heading: About Ardent\n');
  await expect(diff.locator('ins')).toHaveText('+ heading: About the Ardent team\n');
});

test("the integrated builder opens only the site's own pages: an unknown route fetches nothing and offers the pages", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000); // the integrated builder opened three times, each loading its session and the site's data
  const origin = new URL(baseURL!).origin;
  const routes = await routesOf(page);
  // Every request that leaves for another origin or asks for a page's payload.
  const payloadsAndElsewhere: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin || url.pathname.endsWith('.page-data.json'))
      payloadsAndElsewhere.push(request.url());
  });
  for (const wanted of ['//evil.example/x?', '/no-such-page']) {
    await openAsAdmin(page, `/integrated-builder?route=${wanted}`);
    await expect(page.getByRole('alert')).toHaveText(
      `There is no page ${wanted} on this site. Choose one of the site’s pages below.`,
    );
    await expect(page.getByLabel('Page to edit').locator('option')).toHaveText(
      routes.map((facts) => `${facts.title} (${facts.route})`),
    );
  }
  expect(payloadsAndElsewhere).toEqual([]);
  // One of the site's pages, chosen from the list, opens.
  await page.getByLabel('Page to edit').selectOption('/about');
  await page.getByRole('button', { name: 'Open the page' }).click();
  await expect(page.getByLabel('Main heading')).toHaveValue('About Ardent');
  expect(payloadsAndElsewhere).toEqual([`${origin}/${payloadPathFor('/about')}`]);
});

test('the preview follows a keystroke within 100 ms (median), switches viewport, and stays in sync in its own tab', async ({
  page,
  context,
}) => {
  await openAsAdmin(page, '/integrated-builder?route=/about');
  await selectBlock(page, 1);
  const heading = page.locator('#field-blocks-0-heading');
  await expect(previewOf(page).locator('h1')).toHaveText('About Ardent');
  // Time from each keydown to the frame showing the new text, painted (the next animation frame).
  await page.evaluate(() => {
    const frame = document.querySelector<HTMLIFrameElement>('iframe.preview-frame')!;
    const input = document.getElementById('field-blocks-0-heading') as HTMLInputElement;
    const state = { times: [] as number[], started: 0 };
    (window as unknown as { previewTimes: typeof state }).previewTimes = state;
    input.addEventListener('keydown', () => (state.started = performance.now()), true);
    new MutationObserver(() => {
      const started = state.started;
      if (!started) return;
      state.started = 0;
      requestAnimationFrame(() => state.times.push(performance.now() - started));
    }).observe(frame.contentDocument!.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await heading.focus();
  await page.keyboard.press('End');
  // One key at a time, each once the preview shows the one before: every keystroke timed on its own.
  let typed = 'About Ardent';
  for (const key of ' and friends') {
    await page.keyboard.type(key);
    typed += key;
    await expect(previewOf(page).locator('h1')).toHaveText(typed.trim());
  }
  await expect(previewOf(page).locator('h1')).toHaveText('About Ardent and friends');
  const times = await page.evaluate(
    () => (window as unknown as { previewTimes: { times: number[] } }).previewTimes.times,
  );
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.log(
    `preview: keystroke to updated preview, median ${median.toFixed(1)} ms over ${times.length} keystrokes (min ${sorted[0]!.toFixed(1)}, max ${sorted.at(-1)!.toFixed(1)})`,
  );
  expect(times.length).toBeGreaterThanOrEqual(10);
  expect(median).toBeLessThan(100);

  // Viewports: the frame is 375 px wide and the page inside lays out as on a phone.
  await page.getByRole('button', { name: '375 px' }).click();
  await expect(page.getByRole('button', { name: '375 px' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(
    await page
      .locator('iframe.preview-frame')
      .evaluate((frame: HTMLIFrameElement) => frame.contentWindow!.innerWidth),
  ).toBe(375);
  await expect(previewOf(page).locator('.menu-button')).toBeVisible();
  await page.getByRole('button', { name: '768 px' }).click();
  expect(
    await page
      .locator('iframe.preview-frame')
      .evaluate((frame: HTMLIFrameElement) => frame.contentWindow!.innerWidth),
  ).toBe(768);

  // The preview in its own tab follows the builder.
  const href = await page
    .getByRole('link', { name: 'Open the preview in a new tab' })
    .getAttribute('href');
  const tab = await context.newPage();
  await tab.goto(href!);
  await expect(previewOf(tab).locator('h1')).toHaveText('About Ardent and friends');
  await heading.fill('About Ardent, in sync');
  await expect(previewOf(tab).locator('h1')).toHaveText('About Ardent, in sync');
  await tab.close();
});

test('the dashboard lists drafts in this browser and in the bucket, and pages; starts pages from templates, duplicates and deletes drafts with confirmation', async ({
  page,
}) => {
  // Three screens opened signed in, a draft saved twice (browser and bucket), an axe scan and three actions.
  test.slow();
  await openAsAdmin(page, '/test-builder-dashboard');
  // The bucket is shared by every test of the run: this browser's drafts are this test's own.
  const browserDrafts = page.locator('section[data-place="This browser"]');
  const bucketDrafts = page.locator('section[data-place="Storage bucket"]');
  await expect(browserDrafts.getByText('No drafts yet.')).toBeVisible();
  await expect(
    bucketDrafts.getByRole('heading', { name: 'Drafts in the Storage bucket' }),
  ).toBeVisible();
  await expect(page.locator('section[aria-labelledby="pages-heading"] tbody tr')).toHaveCount(
    (await routesOf(page)).length,
  );
  await page.getByRole('link', { name: 'New service' }).click();
  await page.waitForURL(/\/experiments\/block-builder\/builder\?template=service$/);
  await openAsAdmin(page, page.url());
  await expect(
    page.getByRole('status').filter({ hasText: 'Nothing is saved until you change something.' }),
  ).toBeVisible();
  await page.getByLabel('Web address (after ardent.example/)').fill('ironing-services');
  await page.getByLabel('Title in search results').fill('Ironing Services in Orpington | Ardent');
  await expect(page.getByRole('status').filter({ hasText: 'Saved in this browser' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Copied to the Storage bucket' }),
  ).toBeVisible();
  await openAsAdmin(page, '/test-builder-dashboard');
  const drafts = browserDrafts.locator('tbody tr');
  await expect(drafts).toHaveCount(1);
  const id = (await drafts.first().getAttribute('data-draft'))!;
  await expect(drafts.first()).toContainText('Ironing Services in Orpington | Ardent');
  await expect(drafts.first()).toContainText('content/services/ironing-services.md');
  expect(Number(await drafts.first().locator('td').nth(2).innerText())).toBeGreaterThan(0);
  await expect(bucketDrafts.locator(`tr[data-draft="${id}"]`)).toContainText(
    'Ironing Services in Orpington | Ardent',
  );
  await page
    .getByRole('button', {
      name: 'Duplicate “Ironing Services in Orpington | Ardent”',
      exact: true,
    })
    .click();
  await expect(drafts).toHaveCount(2);
  const copy = await drafts.evaluateAll(
    (rows, first) =>
      rows.map((row) => row.getAttribute('data-draft')).find((draft) => draft !== first),
    id,
  );
  await expect(bucketDrafts.locator(`tr[data-draft="${copy}"]`)).toHaveCount(1);
  await page
    .getByRole('button', { name: 'Delete “Ironing Services in Orpington | Ardent”', exact: true })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByRole('heading', { name: 'Delete “Ironing Services in Orpington | Ardent”?' }),
  ).toBeVisible();
  await expect(dialog).toContainText('removed from this browser and from the Storage bucket');
  expect(await axeViolations(page), 'axe with the delete dialog open').toEqual([]);
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(drafts).toHaveCount(2);
  const deleted = await drafts.first().getAttribute('data-draft');
  await page
    .getByRole('button', { name: 'Delete “Ironing Services in Orpington | Ardent”', exact: true })
    .first()
    .click();
  await dialog.getByRole('button', { name: 'Delete the draft' }).click();
  await expect(drafts).toHaveCount(1);
  await expect(page.getByText('Deleted “Ironing Services in Orpington | Ardent”.')).toBeVisible();
  await expect(bucketDrafts.locator(`tr[data-draft="${deleted}"]`)).toHaveCount(0);
});

for (const width of [1280, 375]) {
  test(`axe finds no violation in the builder at ${width} px: a fresh page, blocks and the advanced fields open, problems shown, the export dialog, the discard question${width < 1024 ? ', the preview shown' : ''}`, async ({
    page,
  }) => {
    test.slow(); // six scans
    await page.setViewportSize({ width, height: 800 });
    await openAsAdmin(page, '/experiments/block-builder/builder');
    await expect(page.locator('#problems').getByRole('heading', { name: 'Checks' })).toBeVisible();
    expect(await axeViolations(page), 'a fresh page').toEqual([]);
    for (const title of ['Hero', 'Text', 'Services', 'Questions', 'Contact details'])
      await addBlock(page, title);
    await selectBlock(page, 1);
    await page
      .locator('#field-blocks-0-actions')
      .getByRole('button', { name: 'Add button' })
      .click();
    await page.getByText('Advanced', { exact: true }).click();
    await expect(page.getByLabel('Layout')).toBeVisible();
    expect(await axeViolations(page), 'a block selected, the advanced fields open').toEqual([]);
    await page.getByRole('button', { name: 'Export' }).click();
    await expect(page.getByRole('heading', { name: 'Export refused' })).toBeVisible();
    expect(await axeViolations(page), 'export refused dialog').toEqual([]);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.locator('#problems')).toBeFocused();
    await expect(page.locator('#problems')).toContainText('problems');
    expect(await axeViolations(page), 'problems shown').toEqual([]);
    await page.getByRole('button', { name: 'Discard this draft' }).click();
    const discard = page.getByRole('region', { name: 'Discard this draft?' });
    await expect(discard).toBeVisible();
    expect(await axeViolations(page), 'the discard question').toEqual([]);
    await discard.getByRole('button', { name: 'Keep it' }).click();
    if (width < 1024) {
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Preview', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page.locator('iframe.preview-frame')).toBeVisible();
      await expect(page.getByLabel('Title in search results')).toBeHidden();
      expect(await axeViolations(page), 'the preview shown').toEqual([]);
    }
  });
}
