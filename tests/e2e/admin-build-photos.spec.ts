// Photos from the media library in the build, end to end: a copy of the site whose about page uses
// a library photo is built by `npm run build` against the local Storage emulator, served like
// `npm start`, and opened in Chromium: the photo is self-hosted AVIF and WebP, nothing is fetched
// from the bucket. The admin's delete confirmation lists that page and warns the build will fail.
// A missing photo fails the build with its file and line, and leaves the output as it was.
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCAL_EMULATOR_CONFIG } from '../../src/kernel/wire/firebase-config.ts';
import { EMULATOR_OWNER, uploadObject } from '../../src/generator/emulators/storage-rest.ts';
import { LOCAL_ACCOUNTS, submitLogin } from '../support/accounts.ts';
import { photo, uniqueName } from '../support/admin.ts';
import { E2E_AUTH_PORT, E2E_STORAGE_PORT } from '../support/e2e-ports.ts';
import { serveSite, type RunningSite } from '../../src/generator/gates/serve.ts';
import { watchContext } from '../../src/generator/gates/page-watch.ts';
import { BuiltFolder } from '../support/built-folder.ts';
import { expect, projectRoot, test } from '../support/e2e/fixtures.ts';

test.describe.configure({ mode: 'serial' });

const bucket = {
  origin: `http://127.0.0.1:${E2E_STORAGE_PORT}`,
  bucket: LOCAL_EMULATOR_CONFIG.storageBucket,
};
const ALT = 'A freshly cleaned kitchen, from the media library';
let work: string;
let site: RunningSite;
let name: string;
let aboutText: string;

function build(content: string, out: string): { status: number | null; output: string } {
  const result = spawnSync(
    process.execPath,
    [
      'scripts/run.mjs',
      'build',
      '--auth-emulator',
      '--content',
      content,
      '--out',
      out,
      '--cache',
      path.join(work, 'cache'),
    ],
    {
      cwd: projectRoot,
      encoding: 'utf8',
      env: { ...process.env, STORAGE_EMULATOR_PORT: String(E2E_STORAGE_PORT) },
      timeout: 120_000,
    },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test.beforeAll(async () => {
  test.setTimeout(180_000); // a whole build of a copy of the site, its library photo encoded to AVIF and WebP from a cold cache
  work = await mkdtemp(path.join(tmpdir(), 'ardent-library-build-'));
  name = `${uniqueName('about-kitchen')}.jpg`;
  const file = await photo(name, { width: 1600, height: 1000 });
  const stored = await uploadObject(
    bucket,
    `media/${name}`,
    file.buffer,
    { contentType: 'image/jpeg', customMetadata: { alt: ALT } },
    EMULATOR_OWNER,
  );
  expect(stored.ok).toBe(true);
  await cp(path.join(projectRoot, 'content'), path.join(work, 'content'), { recursive: true });
  const about = path.join(work, 'content/pages/about.md');
  aboutText = (await readFile(about, 'utf8')).trimEnd() + `\n\n![](storage:media/${name})\n`;
  await writeFile(about, aboutText);
  const result = build(path.join(work, 'content'), path.join(work, 'dist'));
  expect(result.status, result.output).toBe(0);
  site = await serveSite(path.join(work, 'dist'), path.join(projectRoot, 'netlify.toml'), {
    emulators: { auth: `127.0.0.1:${E2E_AUTH_PORT}`, storage: `127.0.0.1:${E2E_STORAGE_PORT}` },
  });
});

test.afterAll(async () => {
  await site?.close();
  await rm(work, { recursive: true, force: true });
});

test('a page that uses a library photo shows it as self-hosted AVIF and WebP variants, and never asks the bucket', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const watch = await watchContext(context);
  try {
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${site.origin}/about`);
    const picture = page.locator('main picture').filter({ has: page.locator(`img[alt="${ALT}"]`) });
    await picture.scrollIntoViewIfNeeded();
    await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      /^\/assets\/images\/about-kitchen-[\w-]+-480-[0-9a-f]+\.avif 480w, .+ 1440w$/,
    );
    await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute(
      'srcset',
      /\.webp 1440w$/,
    );
    const image = picture.locator('img');
    await expect(image).toHaveAttribute('width', '1600');
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const shown = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(new URL(shown).origin).toBe(site.origin);
    expect(shown).toMatch(/\.avif$/);
    expect(requested.filter((url) => /\/v0\/b\/|firebasestorage|storage:/.test(url))).toEqual([]);
  } finally {
    await context.close();
  }
  expect(watch.all()).toEqual([]);
});

test('the delete confirmation lists the pages that use the photo and says the build will fail until they change', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${site.origin}/login?next=/admin`);
    await submitLogin(page, LOCAL_ACCOUNTS.admin.email, LOCAL_ACCOUNTS.admin.password);
    await page.waitForURL((url) => url.pathname === '/admin');
    await expect(page.locator('#health')).toContainText(`media/${name}: /about`);
    const card = page.locator(`.admin-card[data-path="media/${name}"]`);
    await card.getByRole('button', { name: `Details of ${name}` }).click();
    await page
      .getByRole('dialog', { name: `Photo: ${name}` })
      .getByRole('button', { name: 'Delete…' })
      .click();
    const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
    await expect(confirm).toContainText(
      '1 page still uses this photo. If you delete it, the next build will fail until that page is changed',
    );
    await expect(confirm.getByRole('link', { name: '/about' })).toHaveAttribute('href', '/about');
    await expect(confirm).toContainText('content/pages/about.md');
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(confirm).toBeHidden();
    await expect(card).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a page that uses a missing library photo fails the build with its file and line, and the output stays as it was', async () => {
  const before = await BuiltFolder.read(path.join(work, 'dist'));
  const broken = aboutText.replace(`storage:media/${name}`, 'storage:media/no-such-photo.jpg');
  await writeFile(path.join(work, 'content/pages/about.md'), broken);
  const result = build(path.join(work, 'content'), path.join(work, 'dist'));
  expect(result.status).toBe(1);
  const line = broken.split('\n').findIndex((text) => text.includes('no-such-photo')) + 1;
  expect(result.output).toMatch(
    new RegExp(
      `content/pages/about\\.md:${line}  A photo from the media library does not exist \\[library-photo-missing\\]`,
    ),
  );
  expect(result.output).toContain(
    'There is no photo "media/no-such-photo.jpg" in the media library',
  );
  expect(result.output).toContain('Nothing was written');
  expect((await BuiltFolder.read(path.join(work, 'dist'))).files).toEqual(before.files);
});
