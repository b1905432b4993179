// The media library when things go wrong, in Chromium against the local emulators. Real refusals
// where the local services can give them (a revoked administrator, a cancelled upload); intercepted
// responses only for what they cannot be made to answer here (503 then 200, 402, 401, a delete
// answered 200 rather than 204). Nothing is lost: a failed upload stays with Retry, and a photo
// stays in the library until its delete has succeeded.
import type { BrowserContext, Page, Route } from '@playwright/test';
import {
  adminContext,
  createAccount,
  runAdmin,
  submitLogin,
  uniqueEmail,
} from '../support/accounts.ts';
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
  uniqueName,
} from '../support/admin.ts';
import { watchContext, type PageWatch } from '../../src/generator/gates/page-watch.ts';
import { expect, test } from '../support/e2e/fixtures.ts';

let context: BrowserContext;
let page: Page;
let watch: PageWatch;
/** Chromium's own console line for each HTTP error a test provokes on purpose. */
let expectedStatuses: number[] = [];

test.beforeEach(async ({ browser, baseURL }) => {
  expectedStatuses = [];
  context = await adminContext(browser, { baseURL, viewport: { width: 1280, height: 900 } });
  watch = await watchContext(
    context,
    (message) =>
      isSharedBucketRace(message) ||
      expectedStatuses.some((status) => message.text().includes(`status of ${status}`)),
  );
  page = await context.newPage();
});
test.afterEach(async () => {
  await context.close();
  expect(watch.all(), 'console errors and CSP violations').toEqual([]);
});

/** Requests uploading this object (one-shot or resumable start), to intercept. */
const uploadOf = (name: string) => (url: URL) =>
  url.pathname.endsWith('/o') && url.searchParams.get('name') === `media/${name}`;

async function pick(name: string): Promise<void> {
  await openLibrary(page);
  await choosePhotos(page, [await photo(name)]);
  await queued(page, name).getByLabel('Alt text: what the photo shows').fill('A test photo');
}

test('an upload answered 503 is retried by the SDK and succeeds on the 200 that follows, with no error shown', async () => {
  const name = `${uniqueName('flaky')}.jpg`;
  expectedStatuses = [503];
  let attempts = 0;
  await page.route(uploadOf(name), async (route: Route) => {
    attempts += 1;
    if (attempts === 1)
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":{"code":503,"message":"Service Unavailable"}}',
      });
    else await route.fallback();
  });
  await pick(name);
  await page.getByRole('button', { name: 'Upload the photo' }).click();
  await expect(card(page, name)).toBeVisible({ timeout: 15_000 });
  expect(attempts).toBe(2);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await bucketStatus(page, name)).toBe(200);
});

test('402 gives the quota message; the upload stays in the list with Retry, which then succeeds', async () => {
  const name = `${uniqueName('quota')}.jpg`;
  expectedStatuses = [402];
  const upload = uploadOf(name);
  await page.route(upload, (route) =>
    route.fulfill({
      status: 402,
      contentType: 'application/json',
      body: '{"error":{"code":402,"message":"Quota exceeded."}}',
    }),
  );
  await pick(name);
  await page.getByRole('button', { name: 'Upload the photo' }).click();
  const row = queued(page, name);
  await expect(row.getByRole('alert')).toHaveText(
    /^The media library is full: the storage plan’s limit has been reached\. Delete photos you no longer need/,
  );
  await expect(page.getByTestId('library-status')).toHaveText(`Upload of ${name} failed.`);
  expect(await bucketStatus(page, name)).toBe(404);
  await page.unroute(upload);
  await row.getByRole('button', { name: 'Retry' }).click();
  await expect(card(page, name)).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('401 says the sign-in has run out and offers to sign in again, which comes back to /admin', async () => {
  const name = `${uniqueName('expired')}.jpg`;
  expectedStatuses = [401];
  await page.route(uploadOf(name), (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: '{"error":{"code":401,"message":"Unauthorized"}}',
    }),
  );
  await pick(name);
  await page.getByRole('button', { name: 'Upload the photo' }).click();
  const problem = queued(page, name).getByRole('alert');
  await expect(problem).toContainText(
    'Your sign-in has run out, so the media library did not accept this. Sign in again, then try once more: nothing was changed.',
  );
  await problem.getByRole('button', { name: 'Sign in again' }).click();
  await page.waitForURL(
    (url) => url.pathname === '/login' && url.searchParams.get('next') === '/admin',
  );
});

test('cancel mid-upload: "Upload cancelled", nothing stored, and Retry sends it', async () => {
  test.slow();
  const name = `${uniqueName('cancelled')}.jpg`;
  await openLibrary(page);
  await choosePhotos(page, [await photo(name, { width: 900, height: 700, noise: true })]);
  const unthrottle = await throttleUploads(page);
  await page.getByRole('button', { name: 'Upload the photo' }).click();
  const row = queued(page, name);
  await expectUploadUnderWay(row.getByRole('progressbar'));
  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('Upload cancelled: nothing was added to the library.');
  await expect(row.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('library-status')).toHaveText(`Upload of ${name} cancelled.`);
  expect(await bucketStatus(page, name)).toBe(404);
  await expect(card(page, name)).toHaveCount(0);
  await unthrottle();
  await row.getByRole('button', { name: 'Retry' }).click();
  await expect(card(page, name)).toBeVisible({ timeout: 15_000 });
});

test('a photo stays in the library while its delete is under way, leaves once it succeeded (200 as well as 204), and stays when it failed', async () => {
  const kept = `${uniqueName('kept')}.jpg`;
  const gone = `${uniqueName('gone')}.jpg`;
  await openLibrary(page);
  await choosePhotos(page, [await photo(kept), await photo(gone)]);
  await page.getByRole('button', { name: 'Upload 2 photos' }).click();
  await expect(card(page, kept)).toBeVisible();
  await expect(card(page, gone)).toBeVisible();

  const remove = async (name: string) => {
    await card(page, name)
      .getByRole('button', { name: `Details of ${name}` })
      .click();
    await page
      .getByRole('dialog', { name: `Photo: ${name}` })
      .getByRole('button', { name: 'Delete…' })
      .click();
    const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
    await confirm.getByRole('button', { name: 'Delete photo' }).click();
    return confirm;
  };

  // A failed delete (the sign-in ran out): the photo is still there, with the reason.
  expectedStatuses = [401];
  await page.route(`**/o/media%2F${kept}`, (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 401, body: '{"error":{"code":401}}' })
      : route.fallback(),
  );
  const refused = await remove(kept);
  await expect(refused.getByRole('alert')).toContainText('Your sign-in has run out');
  await expect(card(page, kept)).toHaveCount(1);
  expect(await bucketStatus(page, kept)).toBe(200);
  await refused.getByRole('button', { name: 'Keep it' }).click();
  await page
    .getByRole('dialog', { name: `Photo: ${kept}` })
    .getByRole('button', { name: 'Close' })
    .click();

  // The service deletes it and answers 200 (the emulator says 204; both mean deleted): held back a moment first.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/o/media%2F${gone}`, async (route) => {
    if (route.request().method() !== 'DELETE') return route.fallback();
    const answer = await route.fetch();
    expect(answer.status()).toBe(204);
    await held;
    await route.fulfill({ status: 200, body: '' });
  });
  const confirm = await remove(gone);
  await expect(confirm.getByRole('button', { name: 'Deleting…' })).toBeDisabled();
  await expect(card(page, gone)).toHaveCount(1);
  release();
  await expect(confirm).toBeHidden();
  await expect(card(page, gone)).toHaveCount(0);
  expect(await bucketStatus(page, gone)).toBe(404);
});

test('an administrator whose role was revoked is refused with the unauthorized message once the session renews its token', async ({
  browser,
  baseURL,
}) => {
  test.slow(); // two runs of `npm run admin`
  const email = uniqueEmail('revoked');
  const password = 'revoked admin password';
  const own = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  // Another test's photo can be listed before its thumbnail is made: this page, no longer an
  // administrator's, is then refused storing that thumbnail too, and says so in a warning.
  const refusedThumbnail =
    /^The thumbnail thumbnails\/\S+ could not be stored; it is made again next time: .*\(storage\/unauthorized\)/s;
  const ownWatch = await watchContext(
    own,
    (message) =>
      isSharedBucketRace(message) ||
      message.text().includes('status of 403') ||
      refusedThumbnail.test(message.text()),
  );
  try {
    // The session's own clock, which the test moves on by an hour: ID tokens last one hour.
    await own.clock.install();
    const member = await own.newPage();
    await createAccount(member, email, password);
    expect(runAdmin('grant', email).status).toBe(0);
    await member.goto('/login?next=/admin');
    await submitLogin(member, email, password);
    await member.waitForURL((url) => url.pathname === '/admin');
    await openLibrary(member);
    expect(runAdmin('revoke', email).status).toBe(0);
    await member.clock.fastForward('01:00:00');
    const name = `${uniqueName('refused')}.jpg`;
    await choosePhotos(member, [await photo(name)]);
    await member.getByRole('button', { name: 'Upload the photo' }).click();
    await expect(queued(member, name).getByRole('alert')).toContainText(
      'Your account is not allowed to change the media library: only administrators can add, change or delete photos. If you should be one, ask an administrator to give your account the admin role, then sign in again.',
    );
    await expect(queued(member, name).getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(await bucketStatus(member, name)).toBe(404);
    expect(ownWatch.all()).toEqual([]);
  } finally {
    await own.close();
  }
});
