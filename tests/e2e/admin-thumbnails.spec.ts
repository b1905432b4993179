// Thumbnails in Chromium (issue 31): /admin with a library of 100 photos of 4 MB each transfers
// at most 5 MB, every byte counted, its grid drawn from the stored thumbnails alone (a bucket of its
// own, on a local Storage emulator of its own, seeded as its owner); a photo uploaded before
// thumbnails existed gets its thumbnail made once, on first view, after which the grid and the
// builder's picker fetch that thumbnail only; a photo no thumbnail can be made of (a file the
// browser cannot open, a browser without WebP encoding) is stored, and shows a placeholder saying why.
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { freePort } from '../../src/generator/emulators/auth-emulator.ts';
import { seedPhoto } from '../../src/generator/emulators/sample-photos.ts';
import {
  startStorageEmulator,
  type StorageEmulator,
} from '../../src/generator/emulators/storage-emulator.ts';
import { EMULATOR_OWNER, uploadObject } from '../../src/generator/emulators/storage-rest.ts';
import type { FunctionRoutes } from '../../src/generator/server/functions.ts';
import { LOCAL_EMULATOR_CONFIG } from '../../src/kernel/wire/firebase-config.ts';
import { LOCAL_ACCOUNTS, adminContext, submitLogin } from '../support/accounts.ts';
import {
  bucketStatus,
  card,
  choosePhotos,
  isOriginalDownload,
  openLibrary,
  photo,
  thumbnailsOf,
  uniqueName,
} from '../support/admin.ts';
import { openAsAdmin } from '../support/builder.ts';
import { E2E_AUTH_PORT, E2E_PORT, E2E_STORAGE_PORT } from '../support/e2e-ports.ts';
import { expect, projectRoot, test } from '../support/e2e/fixtures.ts';
import { axeViolations } from '../../src/generator/gates/axe.ts';
import { watchContext } from '../../src/generator/gates/page-watch.ts';
import { serveSite, type RunningSite } from '../../src/generator/gates/serve.ts';

const PHOTOS = 100;
const MB = 1_000_000;

/** The site's API answered by the run's own server, which checks the tokens of the run's Auth emulator. */
const runServerApi: FunctionRoutes = async (req, res) => {
  if (!req.url?.startsWith('/api/')) return false;
  await new Promise<void>((done) => {
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: E2E_PORT,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res).on('finish', done);
      },
    );
    upstream.on('error', () => done());
    req.pipe(upstream);
  });
  return true;
};

test.describe('a library of 100 photos of 4 MB each', () => {
  let emulator: StorageEmulator;
  let site: RunningSite;
  let photoBytes: number;
  let thumbnailBytes: number;

  test.beforeAll(async () => {
    // Seeding 400 MB into a bucket of its own takes a while on a shared machine.
    test.setTimeout(240_000);
    emulator = await startStorageEmulator({ port: await freePort() });
    site = await serveSite(path.join(projectRoot, 'dist'), path.join(projectRoot, 'netlify.toml'), {
      emulators: { auth: `127.0.0.1:${E2E_AUTH_PORT}`, storage: emulator.host },
      functions: runServerApi,
    });
    // A phone photo's worth of bytes (noise does not compress), and a thumbnail as busy as a real photo's, 480 pixels wide.
    const original = await sharp({
      create: {
        width: 3000,
        height: 2000,
        channels: 3,
        background: '#777',
        noise: { type: 'gaussian', mean: 128, sigma: 50 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    const thumbnail = await sharp({
      create: {
        width: 480,
        height: 320,
        channels: 3,
        background: '#777',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .blur(0.8)
      .webp({ quality: 80 })
      .toBuffer();
    [photoBytes, thumbnailBytes] = [original.length, thumbnail.length];
    expect(photoBytes).toBeGreaterThan(4 * MB);
    const address = { origin: emulator.origin, bucket: emulator.bucket };
    for (let start = 0; start < PHOTOS; start += 5) {
      await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          seedPhoto(
            address,
            `media/room-${String(start + i + 1).padStart(3, '0')}.jpg`,
            original,
            {
              contentType: 'image/jpeg',
              customMetadata: { alt: `Room ${start + i + 1} after a clean` },
            },
            thumbnail,
          ),
        ),
      );
    }
  });

  test.afterAll(async () => {
    await site?.close();
    await emulator?.stop();
  });

  test('opening /admin and scrolling through the whole grid transfers at most 5 MB, and fetches no photo', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const watch = await watchContext(context);
    try {
      const page = await context.newPage();
      await page.goto(`${site.origin}/login?next=/admin`);
      await submitLogin(page, LOCAL_ACCOUNTS.admin.email, LOCAL_ACCOUNTS.admin.password);
      await page.waitForURL((url) => url.pathname === '/admin');
      await page.waitForLoadState('networkidle');

      // Counted from here: opening /admin as a signed-in administrator does, with the browser's cache empty.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const urls = new Map<string, string>();
      let transferred = 0;
      cdp.on(
        'Network.requestWillBeSent',
        (event) => void urls.set(event.requestId, event.request.url),
      );
      cdp.on('Network.loadingFinished', (event) => void (transferred += event.encodedDataLength));
      await page.reload();
      const cards = page.locator('.admin-card');
      await expect(cards).toHaveCount(PHOTOS, { timeout: 30_000 });
      for (let i = 0; i < PHOTOS; i += 6) await cards.nth(i).scrollIntoViewIfNeeded();
      await cards.last().scrollIntoViewIfNeeded();
      await expect(page.locator('.admin-card .admin-thumb[data-status="shown"]')).toHaveCount(
        PHOTOS,
        { timeout: 30_000 },
      );
      await expect(cards.first()).toContainText('3000 × 2000 px');
      await page.waitForLoadState('networkidle');

      const originals = [...urls.values()].filter(isOriginalDownload);
      const thumbnails = [...urls.values()].filter(
        (url) => url.includes('/o/thumbnails%2F') && url.includes('alt=media'),
      );
      console.log(
        `/admin with ${PHOTOS} photos of ${(photoBytes / MB).toFixed(1)} MB (thumbnails of ${(thumbnailBytes / 1000).toFixed(1)} KB): ${(transferred / MB).toFixed(2)} MB transferred in ${urls.size} requests, ${thumbnails.length} of them thumbnails, ${originals.length} photos.`,
      );
      expect(originals, "no photo's own bytes are fetched to draw the grid").toEqual([]);
      expect(thumbnails).toHaveLength(PHOTOS);
      expect(transferred).toBeLessThanOrEqual(5 * MB);
    } finally {
      await context.close();
    }
    expect(watch.all()).toEqual([]);
  });
});

/** The requests for this library photo's own bytes that `page` makes from now on (the bucket is shared: other tests' photos may have no thumbnail yet). */
function originalsFetched(page: Page, name: string): string[] {
  const fetched: string[] = [];
  page.on(
    'request',
    (request) =>
      void (
        isOriginalDownload(request.url()) &&
        request.url().includes(`media%2F${name}?`) &&
        fetched.push(request.url())
      ),
  );
  return fetched;
}

test("a photo uploaded before thumbnails existed gets one made once, on first view; then the grid and the builder's picker fetch the thumbnail only", async ({
  browser,
  baseURL,
}) => {
  const name = `${uniqueName('before-thumbnails')}.jpg`;
  const file = await photo(name, { width: 1500, height: 1000 });
  const stored = await uploadObject(
    { origin: `http://127.0.0.1:${E2E_STORAGE_PORT}`, bucket: LOCAL_EMULATOR_CONFIG.storageBucket },
    `media/${name}`,
    file.buffer,
    { contentType: 'image/jpeg', customMetadata: { alt: 'A hallway, tidied' } },
    EMULATOR_OWNER,
  );
  expect(stored.ok).toBe(true);
  const context = await adminContext(browser, { baseURL, viewport: { width: 1280, height: 900 } });
  const watch = await watchContext(context);
  try {
    const page = await context.newPage();
    expect(await thumbnailsOf(page, name)).toEqual([]);
    await openLibrary(page);
    await page.getByLabel('Search by name or alt text').fill(name);
    await expect(card(page, name).locator('.admin-thumb')).toHaveAttribute('data-status', 'shown');
    await expect(card(page, name)).toContainText('1500 × 1000 px');
    await expect
      .poll(() => thumbnailsOf(page, name))
      .toEqual([expect.stringMatching(/^\d+-1500x1000\.webp$/)]);

    const again = await context.newPage();
    const fetched = originalsFetched(again, name);
    await openLibrary(again);
    await again.getByLabel('Search by name or alt text').fill(name);
    await expect(card(again, name).locator('.admin-thumb')).toHaveAttribute('data-status', 'shown');
    await expect(card(again, name)).toContainText('1500 × 1000 px');

    await openAsAdmin(again, '/test-builder-dashboard');
    await again.getByRole('link', { name: 'New service' }).click();
    await again.waitForURL(/\/experiments\/block-builder\/builder\?template=service$/);
    await again.getByRole('button', { name: 'Add photo' }).click();
    await again.getByRole('button', { name: 'Choose from the media library' }).click();
    const picker = again.getByRole('dialog', { name: 'Choose a photo from the media library' });
    await picker.getByRole('searchbox', { name: 'Search the media library' }).fill(name);
    await expect(picker.locator('.admin-thumb')).toHaveAttribute('data-status', 'shown');
    await expect(picker.locator('.admin-thumb img')).toHaveAttribute(
      'src',
      /^data:image\/webp;base64,/,
    );
    expect(fetched, 'the photo itself is never fetched again').toEqual([]);
  } finally {
    await context.close();
  }
  expect(watch.all()).toEqual([]);
});

test('a photo no thumbnail can be made of is stored all the same, and shows a placeholder saying why', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const damaged = {
    name: `${uniqueName('damaged')}.jpg`,
    mimeType: 'image/jpeg',
    buffer: Buffer.from('These bytes are not a JPEG at all, whatever the name says.'),
  };
  const context = await adminContext(browser, { baseURL, viewport: { width: 1280, height: 900 } });
  const watch = await watchContext(context);
  try {
    const page = await context.newPage();
    await openLibrary(page);
    await choosePhotos(page, [damaged]);
    await page.getByRole('button', { name: 'Upload the photo' }).click();
    await expect(page.getByTestId('library-status')).toContainText(
      `${damaged.name} is in the library`,
    );
    const shown = card(page, damaged.name);
    await expect(shown.locator('.admin-thumb')).toHaveAttribute('data-status', 'placeholder');
    await expect(shown).toContainText('No thumbnail');
    await expect(shown).toContainText(
      'This browser could not open the photo to make its thumbnail',
    );
    await expect(shown).toContainText('Size in pixels not known');
    expect(await bucketStatus(page, damaged.name)).toBe(200);
    expect(await thumbnailsOf(page, damaged.name)).toEqual([]);

    // A browser that cannot encode WebP (Safari's canvas gives PNG instead): a real photo, stored, with the reason.
    const noWebP = await context.newPage();
    await noWebP.addInitScript(() => {
      const encode = OffscreenCanvas.prototype.convertToBlob;
      OffscreenCanvas.prototype.convertToBlob = function (options) {
        return encode.call(this, { ...options, type: 'image/png' });
      };
    });
    const kitchen = await photo(`${uniqueName('no-webp')}.jpg`);
    await openLibrary(noWebP);
    await choosePhotos(noWebP, [kitchen]);
    await noWebP.getByRole('button', { name: 'Upload the photo' }).click();
    await expect(card(noWebP, kitchen.name).locator('.admin-thumb')).toHaveAttribute(
      'data-status',
      'placeholder',
    );
    await expect(card(noWebP, kitchen.name)).toContainText(
      'This browser cannot make thumbnails (it cannot save WebP images)',
    );
    expect(await bucketStatus(noWebP, kitchen.name)).toBe(200);
    expect(await thumbnailsOf(noWebP, kitchen.name)).toEqual([]);

    await page.getByLabel('Search by name or alt text').fill(damaged.name);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await axeViolations(page), `axe with a placeholder thumbnail at ${width} px`).toEqual(
        [],
      );
    }
  } finally {
    await context.close();
  }
  expect(watch.all()).toEqual([]);
});
