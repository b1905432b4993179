// The admin's photo loop, whole, against `npm start` itself (issue 28's acceptance): a photo
// uploaded with alt text on /admin is placed under Images on /oven-cleaning-services in the
// integrated builder, proposed (a branch, the checked-out branch unmoved), checked (the local
// backend's checks read the local media library), published (a commit with the owner's summary),
// and `npm start` builds again: the live page shows it as self-hosted AVIF and WebP
// variants with its alt text, and nothing is asked of the storage origin. npm start runs with its
// own ports, output folder and throwaway repository to publish into, never this one.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCAL_ACCOUNTS, signIn } from '../support/accounts.ts';
import { card, choosePhotos, openLibrary, photo, queue, uniqueName } from '../support/admin.ts';
import { addLibraryPhoto, openAsAdmin } from '../support/builder.ts';
import { expect, projectRoot, test } from '../support/e2e/fixtures.ts';
import { start } from '../support/npm-start.ts';
import { publishRepository } from '../support/publish-repository.ts';
import { noteSession } from '../support/e2e/sessions.ts';
import { watchContext } from '../../src/generator/gates/page-watch.ts';

const ALT = 'An oven with its racks back in, cleaned';

test('a photo uploaded on /admin is placed in the builder, proposed, checked, published and on the rebuilt page', async ({
  browser,
}) => {
  // npm start's build and emulators, the proposal's checks and the build after publishing run one after another.
  // The one browser test whose proposal goes through every gate, axe and Lighthouse included, as
  // an owner's does (the other specs' servers skip those two: LOCAL_CHECKS_SKIP).
  test.setTimeout(300_000);
  const work = await mkdtemp(path.join(tmpdir(), 'ardent-photo-loop-'));
  const repository = publishRepository(projectRoot, path.join(work, 'repository'));
  const started = await start('npm', ['start', '--', '--root', path.join(work, 'dist')], {
    env: { PUBLISH_REPOSITORY_DIR: repository },
  });
  const context = await browser.newContext({
    baseURL: started.origin,
    viewport: { width: 1280, height: 900 },
  });
  const watch = await watchContext(context);
  try {
    const page = await context.newPage();
    await signIn(page, LOCAL_ACCOUNTS.admin.email, LOCAL_ACCOUNTS.admin.password);
    // Signed in through the form on this npm start's own origin: openAsAdmin keeps that session.
    noteSession(context, 'admin');

    // On /admin: upload the photo with its alt text.
    const name = `${uniqueName('oven')}.jpg`;
    await openLibrary(page);
    await choosePhotos(page, [await photo(name, { width: 1600, height: 1000 })]);
    await queue(page).getByLabel('Alt text: what the photo shows').fill(ALT);
    await page.getByRole('button', { name: 'Upload the photo' }).click();
    await expect(card(page, name)).toBeVisible({ timeout: 20_000 });

    // In the integrated builder: a photo under Images, chosen from the media library.
    await openAsAdmin(page, '/integrated-builder?route=/oven-cleaning-services');
    await addLibraryPhoto(page, name);
    await expect(
      page
        .locator('.field-image')
        .first()
        .getByLabel(/^Alt text/),
    ).toHaveValue(ALT);
    await expect(page.getByRole('heading', { name: 'No problems' })).toBeVisible({
      timeout: 15_000,
    });

    // Propose, in the owner's words: a branch of the repository, the checked-out branch unmoved.
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: repository, encoding: 'utf8' }).trim();
    const head = git('rev-parse', 'HEAD');
    await page.getByRole('button', { name: 'Propose this change' }).click();
    const dialog = page.getByRole('dialog', { name: 'Propose this change' });
    await expect(dialog.getByLabel('What changes, in one line')).toHaveValue(/^Update /);
    await dialog.getByLabel('What changes, in one line').fill('Show the cleaned oven');
    await dialog.getByRole('button', { name: 'Propose', exact: true }).click();
    await expect(dialog.getByText('No deploy preview here')).toBeVisible({ timeout: 20_000 });
    expect(git('branch', '--list', 'content/*')).toMatch(
      /content\/oven-cleaning-services-\d{8}-\d{4}/,
    );
    expect(git('rev-parse', 'HEAD')).toBe(head);
    // The checks pass; publishing commits the file, with the summary, onto the checked-out branch.
    await expect(dialog.getByText('Checks: passed.')).toBeVisible({ timeout: 120_000 });
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    const live = dialog.locator('[data-live-step]');
    await expect(live).toHaveAttribute('data-live-step', /^(published|building|live)$/, {
      timeout: 20_000,
    });
    expect(git('log', '-1', '--format=%s')).toBe('Show the cleaned oven');
    expect(
      await readFile(path.join(repository, 'content/services/oven-cleaning-services.md'), 'utf8'),
    ).toContain(`storage:media/${name}`);

    // npm start builds again; the live page shows the photo, self-hosted.
    await expect
      .poll(started.output, { timeout: 120_000, message: 'npm start built again' })
      .toContain('Built again: the published page is served.');
    // The rebuild is the local deploy: the proposal says the change is live.
    await expect(live).toHaveAttribute('data-live-step', 'live', { timeout: 30_000 });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto('/oven-cleaning-services');
    const picture = page.locator('main picture').filter({ has: page.locator(`img[alt="${ALT}"]`) });
    await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      /^\/assets\/images\/oven-[\w-]+-480-[0-9a-f]+\.avif 480w, .+ 1440w$/,
    );
    await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute(
      'srcset',
      /\.webp 1440w$/,
    );
    const image = picture.locator('img');
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(new URL(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).origin).toBe(
      started.origin,
    );
    expect(
      requested.filter(
        (url) =>
          /\/v0\/b\/|firebasestorage|storage:/.test(url) ||
          new URL(url).port === String(started.storagePort),
      ),
    ).toEqual([]);
    expect(watch.all(), 'console errors and CSP violations').toEqual([]);
  } finally {
    await context.close();
    process.kill(-started.child.pid!, 'SIGINT');
    await started.exited;
    await rm(work, { recursive: true, force: true });
  }
});
