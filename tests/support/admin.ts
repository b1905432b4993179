// Shared pieces of the admin browser tests: photos made with sharp (no binaries in the repository),
// the admin page with its library loaded, uploads through the real file picker, and what the local
// bucket holds, asked over its REST API on the site's origin (as the SDK asks it).
import type { ConsoleMessage, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { LOCAL_EMULATOR_CONFIG } from '../../src/kernel/wire/firebase-config.ts';
import { thumbnailFolderOf } from '../../src/kernel/wire/thumbnail-rules.ts';
import { expect } from './e2e/fixtures.ts';

export interface PhotoFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

let counter = 0;
/** A name no other test uses: every test shares the one local bucket. */
export const uniqueName = (label: string) =>
  `${label}-${process.pid}-${Date.now().toString(36)}-${(counter += 1)}`;

/**
 * A photo-like image. `noise`: random pixels, which do not compress, for a file large enough to
 * go up in chunks (the SDK's resumable upload, above 256 KiB) and slowly on a throttled network.
 */
export async function photo(
  name: string,
  {
    width = 1200,
    height = 800,
    type = 'image/jpeg',
    noise = false,
    colour = '#0f5e63',
  }: { width?: number; height?: number; type?: string; noise?: boolean; colour?: string } = {},
): Promise<PhotoFile> {
  const image = noise
    ? sharp(
        Buffer.from(
          Array.from({ length: width * height * 3 }, () => Math.floor(Math.random() * 256)),
        ),
        { raw: { width, height, channels: 3 } },
      )
    : sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${colour}"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#f2b53a"/></svg>`,
        ),
      );
  const encoded =
    type === 'image/png'
      ? image.png()
      : type === 'image/webp'
        ? image.webp()
        : image.jpeg({ quality: noise ? 95 : 85 });
  return { name, mimeType: type, buffer: await encoded.toBuffer() };
}

/** The library's grid of photos, and the list of photos to upload. */
export const grid = (page: Page) => page.locator('#library .admin-grid');
export const queue = (page: Page) => page.locator('#library .admin-queue');

/**
 * Opens /admin (the context must hold the administrator's session) and waits for its screen, which
 * shows once every section has loaded. The admin area's own scripts load once the guard has
 * checked the account: on a busy machine, more than 5 s.
 */
export async function openAdmin(page: Page): Promise<void> {
  await page.goto('/admin');
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible({
    timeout: 15_000,
  });
}

/** Opens /admin and waits for the library. */
export async function openLibrary(page: Page): Promise<void> {
  await openAdmin(page);
  await expect(page.getByRole('heading', { name: 'Media library', level: 2 })).toBeVisible();
  await expect(grid(page)).toBeAttached();
}

/** Picks files with the "Choose photos" button, as a person would. */
export async function choosePhotos(page: Page, files: PhotoFile[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose photos' }).click();
  await (await chooser).setFiles(files);
}

/** The queue row of a picked file (by the name it was picked with). */
export const queued = (page: Page, fileName: string) =>
  queue(page).getByRole('listitem').filter({ hasText: fileName });

/** The library card of a stored photo (by its name in the bucket). */
export const card = (page: Page, storedName: string) =>
  page.locator(`.admin-card[data-path="media/${storedName}"]`);

/** What the bucket answers for media/<name>: 200 when it holds it, 404 when it does not. */
export async function bucketStatus(page: Page, storedName: string): Promise<number> {
  const response = await page.request.get(
    `/v0/b/${LOCAL_EMULATOR_CONFIG.storageBucket}/o/${encodeURIComponent(`media/${storedName}`)}`,
  );
  return response.status();
}

/** The thumbnails the bucket holds for media/<name> ("1795856254295-900x700.webp"), listed over its REST API as the SDK lists them. */
export async function thumbnailsOf(page: Page, storedName: string): Promise<string[]> {
  const folder = `${thumbnailFolderOf(`media/${storedName}`)}/`;
  const response = await page.request.get(
    `/v0/b/${LOCAL_EMULATOR_CONFIG.storageBucket}/o?prefix=${encodeURIComponent(folder)}&delimiter=%2F`,
  );
  const { items = [] } = (await response.json()) as { items?: { name: string }[] };
  return items.map((item) => item.name.slice(folder.length));
}

/** Whether a request fetches a library photo's own bytes (not its thumbnail's, nor its metadata). */
export const isOriginalDownload = (url: string) => /\/o\/media%2F[^?/]+\?alt=media/.test(url);

/** The stored name the library gives a picked file ("Kitchen.JPG" → "kitchen.jpg"). */
export const storedNameOf = (fileName: string) => fileName.toLowerCase().replace(/\.jpeg$/, '.jpg');

/**
 * The upload rate under `throttleUploads`: it keeps a 650 KB noise photo (900 × 700) going for
 * about 21 s, longer than `expectUploadUnderWay` waits for its progress.
 */
const THROTTLED_UPLOAD_BYTES_PER_SECOND = 30_000;

/** Slows this page's uploads (Chrome DevTools Protocol), so an upload's progress can be seen and cancelled. */
export async function throttleUploads(page: Page): Promise<() => Promise<void>> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: THROTTLED_UPLOAD_BYTES_PER_SECOND,
  });
  return async () => {
    await session.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await session.detach();
  };
}

/**
 * Waits until an upload's progress bar shows part of the file sent (1–99 %), as a person would see
 * it move. 15 s: on a busy 2-core machine the other test worker can hold the CPU for seconds before
 * the first bytes go.
 */
export async function expectUploadUnderWay(progress: Locator): Promise<void> {
  await expect(progress, 'the progress bar moves').toHaveAttribute('value', /^[1-9]\d?$/, {
    timeout: 15_000,
  });
}

/**
 * Chromium's console line for a 404 from the bucket: every test shares the one local bucket, and a
 * page listing it can ask for a photo, or its thumbnail, that another test has just deleted (the
 * library then leaves it out, or shows that it could not be drawn). Any other console line still
 * fails a test.
 */
export const isSharedBucketRace = (message: ConsoleMessage) =>
  /status of 404 .*\/v0\/b\/[^/]+\/o\/(media|thumbnails)%2F/.test(
    `${message.text()} ${message.location().url}`,
  );
