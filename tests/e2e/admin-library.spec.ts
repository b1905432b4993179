// The media library on /admin, in Chromium against the local Auth and Storage emulators (issue 14's
// acceptance): an administrator uploads two photos with alt text, watches their progress, finds
// them in the grid, reads every stored file field in the details, edits the alt text, copies the reference,
// replaces a photo and deletes one after confirming. What the screen says is checked against what
// the bucket holds.
import type { BrowserContext, Page } from '@playwright/test';
import { STORED_FILE_FIELDS } from '../../src/kernel/wire/media-library.ts';
import { adminContext } from '../support/accounts.ts';
import {
  bucketStatus,
  card,
  choosePhotos,
  expectUploadUnderWay,
  isSharedBucketRace,
  openLibrary,
  photo,
  queued,
  throttleUploads,
  thumbnailsOf,
  grid,
  queue,
  uniqueName,
} from '../support/admin.ts';
import { watchContext, type PageWatch } from '../../src/generator/gates/page-watch.ts';
import { expect, test } from '../support/e2e/fixtures.ts';

let context: BrowserContext;
let page: Page;
let watch: PageWatch;

test.beforeEach(async ({ browser, baseURL }) => {
  context = await adminContext(browser, { baseURL, viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  watch = await watchContext(context, (message) => isSharedBucketRace(message));
  page = await context.newPage();
});
test.afterEach(async () => {
  await context.close();
  expect(watch.all(), 'console errors and CSP violations').toEqual([]);
});

const details = (name: string) => page.getByRole('dialog', { name: `Photo: ${name}` });
const field = (dialog: ReturnType<typeof details>, name: string) =>
  dialog
    .locator('.admin-fields > div')
    .filter({ has: page.locator(`code.admin-field-name:text-is("${name}")`) })
    .locator('dd');

test('an administrator uploads two photos with alt text, sees progress and then the grid, opens and edits one, copies its reference, replaces it and deletes the other', async () => {
  test.slow();
  const base = uniqueName('accept');
  const kitchen = await photo(`${base}-kitchen.jpg`, { width: 900, height: 700, noise: true });
  const garden = await photo(`${base}-garden.png`, {
    width: 800,
    height: 600,
    type: 'image/png',
    colour: '#6aa84f',
  });
  await openLibrary(page);

  // Upload: both picked at once, each with its alt text; progress shows while the bytes go.
  await choosePhotos(page, [kitchen, garden]);
  await queued(page, kitchen.name)
    .getByLabel('Alt text: what the photo shows')
    .fill('A kitchen worktop, wiped clean');
  await queued(page, garden.name)
    .getByLabel('Alt text: what the photo shows')
    .fill('A bench on a sunny lawn');
  const unthrottle = await throttleUploads(page);
  await page.getByRole('button', { name: 'Upload 2 photos' }).click();
  await expectUploadUnderWay(page.getByRole('progressbar', { name: `Uploading ${kitchen.name}` }));
  await unthrottle();
  await expect(queue(page)).toBeHidden({ timeout: 20_000 });
  const status = page.getByTestId('library-status');
  await expect(status).toContainText('is in the library.');

  // The grid: thumbnail, name, dimensions, size and date.
  for (const [file, size] of [
    [kitchen, '900 × 700 px'],
    [garden, '800 × 600 px'],
  ] as const) {
    const shown = card(page, file.name);
    await expect(shown.getByRole('heading', { name: file.name })).toBeVisible();
    await expect(shown).toContainText(size);
    await expect(shown).toContainText(/\d+(\.\d)? KB/);
    await expect(shown).toContainText(String(new Date().getFullYear()));
    await expect(shown.locator('img')).toHaveAttribute('src', /^data:image\/webp;base64,/);
    await expect(shown).not.toContainText('Needs alt text');
    expect(await bucketStatus(page, file.name)).toBe(200);
  }
  await expect(card(page, garden.name).locator('img')).toHaveAttribute(
    'alt',
    'A bench on a sunny lawn',
  );
  // Each photo's thumbnail is stored beside it, named after its version and size.
  await expect
    .poll(() => thumbnailsOf(page, kitchen.name))
    .toEqual([expect.stringMatching(/^\d+-900x700\.webp$/)]);
  await expect
    .poll(() => thumbnailsOf(page, garden.name))
    .toEqual([expect.stringMatching(/^\d+-800x600\.webp$/)]);

  // Search by name or alt text, and sort.
  await page.getByLabel('Search by name or alt text').fill(`${base} sunny`);
  await expect(grid(page).getByRole('listitem')).toHaveCount(1);
  await page.getByLabel('Search by name or alt text').fill(base);
  await page.getByLabel('Sort by').selectOption('size');
  const names = grid(page).getByRole('heading');
  await expect(names).toHaveText([kitchen.name, garden.name]);
  await page.getByLabel('Sort by').selectOption('name');
  await expect(names).toHaveText([kitchen.name, garden.name].sort());

  // Details: every stored file field the service returns, readably.
  await card(page, kitchen.name)
    .getByRole('button', { name: `Details of ${kitchen.name}` })
    .click();
  const dialog = details(kitchen.name);
  await expect(dialog).toBeVisible();
  for (const name of STORED_FILE_FIELDS)
    await expect(dialog.locator(`code.admin-field-name:text-is("${name}")`), name).toBeVisible();
  await expect(field(dialog, 'bucket')).toHaveText('demo-ardent.appspot.com');
  await expect(field(dialog, 'fullPath')).toHaveText(`media/${kitchen.name}`);
  await expect(field(dialog, 'size')).toContainText(
    `(${kitchen.buffer.length.toLocaleString('en-GB')} bytes)`,
  );
  await expect(field(dialog, 'contentType')).toHaveText('image/jpeg');
  await expect(field(dialog, 'md5Hash')).toHaveText(/^[A-Za-z0-9+/]{22}==$/);
  await expect(field(dialog, 'customMetadata')).toContainText(
    'alt: A kitchen worktop, wiped clean',
  );
  await expect(field(dialog, 'cacheControl')).toHaveText('Not set');
  const firstMd5 = await field(dialog, 'md5Hash').textContent();

  // Edit the alt text (stored as custom metadata), and add a field of its own.
  await dialog
    .getByLabel('Alt text: what the photo shows')
    .fill('A kitchen worktop after a deep clean');
  await dialog.getByRole('button', { name: 'Add a field' }).click();
  await dialog.getByLabel('Name').fill('photographer');
  await dialog.getByLabel('Value').fill('Sam');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(status).toContainText(`Changes to ${kitchen.name} saved.`);
  await expect(field(dialog, 'customMetadata')).toContainText(
    'alt: A kitchen worktop after a deep clean',
  );
  await expect(field(dialog, 'customMetadata')).toContainText('photographer: Sam');
  await expect(field(dialog, 'metageneration')).toHaveText('2');

  // Copy the reference content uses, and the link.
  await dialog.getByRole('button', { name: 'Copy for Markdown' }).click();
  await expect(status).toContainText('Markdown copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `![A kitchen worktop after a deep clean](storage:media/${kitchen.name})`,
  );
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(status).toContainText('Link copied.');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(
    new RegExp(`/v0/b/demo-ardent\\.appspot\\.com/o/media%2F${kitchen.name}\\?alt=media&token=`),
  );
  expect((await page.request.get(link)).status()).toBe(200);

  // Replace: a new version at the same path, the alt text kept.
  const replacement = await photo('replacement.jpg', {
    width: 640,
    height: 480,
    colour: '#6b3a6e',
  });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Replace photo…' }).click();
  await (await chooser).setFiles(replacement);
  await expect(status).toContainText(`${kitchen.name} was replaced with replacement.jpg.`);
  await expect(field(dialog, 'size')).toContainText(
    `(${replacement.buffer.length.toLocaleString('en-GB')} bytes)`,
  );
  await expect(field(dialog, 'md5Hash')).not.toHaveText(firstMd5!);
  await expect(field(dialog, 'customMetadata')).toContainText(
    'alt: A kitchen worktop after a deep clean',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, kitchen.name)).toContainText('640 × 480 px');
  // The new version's thumbnail replaces the old one.
  await expect
    .poll(() => thumbnailsOf(page, kitchen.name))
    .toEqual([expect.stringMatching(/^\d+-640x480\.webp$/)]);

  // Delete the other, after confirming; it leaves the grid and the bucket.
  await card(page, garden.name)
    .getByRole('button', { name: `Details of ${garden.name}` })
    .click();
  await details(garden.name).getByRole('button', { name: 'Delete…' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${garden.name}?` });
  await expect(confirm).toContainText('No page uses this photo, as of the last build.');
  await confirm.getByRole('button', { name: 'Delete photo' }).click();
  await expect(confirm).toBeHidden();
  await expect(status).toContainText(`${garden.name} was deleted from the library.`);
  await expect(card(page, garden.name)).toHaveCount(0);
  expect(await bucketStatus(page, garden.name)).toBe(404);
  await expect.poll(() => thumbnailsOf(page, garden.name)).toEqual([]);
  await expect(page.getByRole('heading', { name: 'Media library', level: 2 })).toBeFocused();
});

test('a photo uploaded without alt text is marked "needs alt text" and cannot be copied for Markdown until it has some', async () => {
  const name = `${uniqueName('no-alt')}.webp`;
  await openLibrary(page);
  await choosePhotos(page, [await photo(name, { type: 'image/webp' })]);
  await page.getByRole('button', { name: 'Upload the photo' }).click();
  await expect(page.getByTestId('library-status')).toContainText(
    `${name} is in the library, and needs alt text before content can use it.`,
  );
  await expect(card(page, name)).toContainText('Needs alt text');
  await card(page, name)
    .getByRole('button', { name: `Details of ${name}` })
    .click();
  const dialog = details(name);
  await expect(dialog.getByRole('button', { name: 'Copy for Markdown' })).toBeDisabled();
  await expect(dialog).toContainText(
    'Needs alt text: add it below before this photo can be placed in content.',
  );
  await dialog.getByLabel('Alt text: what the photo shows').fill('A tidy shelf');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByRole('button', { name: 'Copy for Markdown' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(card(page, name)).not.toContainText('Needs alt text');
});

test('files are checked before anything is sent: a GIF and a file over 10 MB are refused in words, and nothing reaches the bucket', async () => {
  test.slow(); // the 10 MB file crosses from the test to the browser
  await openLibrary(page);
  const gif = {
    name: `${uniqueName('animation')}.gif`,
    mimeType: 'image/gif',
    buffer: Buffer.from('GIF89a'),
  };
  const huge = {
    name: `${uniqueName('huge')}.jpg`,
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
  };
  let sent = 0;
  await page.route('**/v0/b/**', async (route) => {
    // Photos only: the screen may store another photo's thumbnail meanwhile (the bucket is shared).
    if (route.request().method() === 'POST' && /name=media%2F/.test(route.request().url()))
      sent += 1;
    await route.fallback();
  });
  await choosePhotos(page, [gif, huge]);
  await expect(queued(page, gif.name).getByRole('alert')).toHaveText(
    `"${gif.name}" is not a JPEG, PNG, WebP or AVIF photo, so it cannot go in the library. Save it in one of those formats and try again.`,
  );
  await expect(queued(page, huge.name).getByRole('alert')).toContainText(
    '10.5 MB, over the 10 MB limit',
  );
  await expect(page.getByRole('button', { name: /^Upload/ })).toHaveCount(0);
  await queued(page, gif.name).getByRole('button', { name: 'Remove from the list' }).click();
  await expect(queued(page, gif.name)).toHaveCount(0);
  expect(sent).toBe(0);
});

test('photos can be dropped onto the library, or pasted', async () => {
  await openLibrary(page);
  const dropped = await photo(`${uniqueName('dropped')}.jpg`);
  const pasted = await photo(`${uniqueName('pasted')}.png`, { type: 'image/png' });
  const transfer = async (file: typeof dropped) =>
    page.evaluateHandle(
      ({ name, type, bytes }) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], name, { type }));
        return data;
      },
      { name: file.name, type: file.mimeType, bytes: [...file.buffer] },
    );
  await page
    .getByTestId('dropzone')
    .dispatchEvent('drop', { dataTransfer: await transfer(dropped) });
  await expect(queued(page, dropped.name)).toBeVisible();
  await page.evaluate(
    (data) =>
      document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data as DataTransfer })),
    await transfer(pasted),
  );
  await expect(queued(page, pasted.name)).toBeVisible();
  await queued(page, dropped.name)
    .getByLabel('Alt text: what the photo shows')
    .fill('A dropped photo');
  await queued(page, pasted.name)
    .getByLabel('Alt text: what the photo shows')
    .fill('A pasted photo');
  await page.getByRole('button', { name: 'Upload 2 photos' }).click();
  await expect(card(page, dropped.name)).toBeVisible();
  await expect(card(page, pasted.name)).toBeVisible();
});
