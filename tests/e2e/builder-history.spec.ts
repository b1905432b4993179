// A page's history in the integrated builder (issue 31), against the local backend (real git, in
// the clone the Playwright config made) and the local Storage emulator: "History" lists the page's
// published versions newest first, with who, when, the summary and what changed; restoring a version
// whose photo has since been deleted says so in the build's words before anything is proposed;
// restoring another opens it as a draft that is proposed, checked and published like any change.
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LOCAL_EMULATOR_CONFIG } from '../../src/kernel/wire/firebase-config.ts';
import {
  deleteObject,
  EMULATOR_OWNER,
  uploadObject,
} from '../../src/generator/emulators/storage-rest.ts';
import { photo, uniqueName } from '../support/admin.ts';
import { openAsAdmin } from '../support/builder.ts';
import { E2E_STORAGE_PORT } from '../support/e2e-ports.ts';
import { expect, test } from '../support/e2e/fixtures.ts';
import { axeViolations } from '../../src/generator/gates/axe.ts';

const FILE = 'content/services/window-cleaning-services.md';
const repository = () => process.env.PUBLISH_REPOSITORY_DIR!;
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: repository(), encoding: 'utf8' }).trim();
const bucket = {
  origin: `http://127.0.0.1:${E2E_STORAGE_PORT}`,
  bucket: LOCAL_EMULATOR_CONFIG.storageBucket,
};

test("History lists the page's versions; a version whose photo was deleted is refused before proposing, another is restored, proposed and published", async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000); // the local checks (npm run check on the proposal's commit) take most of it on a busy machine
  // The restored version's deleted photo: Chromium logs the bucket's 404 itself; the builder says it in words.
  consoleErrors.allow(/status of 404 \(Not Found\).*\/v0\/b\/[^/]+\/o\/media%2F/);
  const name = `${uniqueName('windows')}.jpg`;
  const file = await photo(name);
  expect(
    (
      await uploadObject(
        bucket,
        `media/${name}`,
        file.buffer,
        { contentType: 'image/jpeg', customMetadata: { alt: 'Clean windows' } },
        EMULATOR_OWNER,
      )
    ).ok,
  ).toBe(true);

  // Three published versions: one with the photo, one without, then the page as the site was built.
  const absolute = path.join(repository(), FILE);
  const live = await readFile(absolute, 'utf8');
  const publish = async (text: string, message: string, author: string) => {
    await writeFile(absolute, text);
    git('-c', `user.name=${author}`, 'commit', '--quiet', '--message', message, '--', FILE);
  };
  await publish(
    live.replace(/^heading: .*$/m, 'heading: Window cleaning, with a photo').trimEnd() +
      `\n\n![Clean windows](storage:media/${name})\n`,
    'Add a photo of clean windows',
    'Priya Owner',
  );
  await publish(
    live.replace(/^heading: .*$/m, 'heading: Window cleaning, inside and out'),
    'Say inside and out',
    'Sam Owner',
  );
  await publish(live, 'Back to how it was', 'Priya Owner');
  expect((await deleteObject(bucket, `media/${name}`, EMULATOR_OWNER)).status).toBeLessThan(300);

  await openAsAdmin(page, '/integrated-builder?route=/window-cleaning-services');
  const openHistory = async () => {
    await page.getByRole('button', { name: 'History', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'History of this page' });
    await expect(dialog.getByRole('heading', { name: 'Newest versions' })).toBeVisible();
    return dialog;
  };
  const dialog = await openHistory();
  const versions = dialog.getByRole('listitem');
  await expect(versions.first()).toContainText('Back to how it was');
  await expect(versions.first()).toContainText(
    /Published \d{1,2} \w+ \d{4}, \d\d:\d\d by Priya Owner · On the site now/,
  );
  await expect(versions.first().getByRole('button', { name: 'Restore this version' })).toHaveCount(
    0,
  );
  const inAndOut = versions.filter({ hasText: 'Say inside and out' });
  const withPhoto = versions.filter({ hasText: 'Add a photo of clean windows' });
  await expect(inAndOut).toContainText('by Sam Owner');
  // Against the version before: the heading changed and the photo went.
  await inAndOut.getByText('What changed: 1 line added, 3 removed', { exact: true }).click();
  await expect(inAndOut.locator('ins')).toHaveText('+ heading: Window cleaning, inside and out');
  await expect(inAndOut.locator('del')).toContainText([
    '- heading: Window cleaning, with a photo',
    '- ',
    `- ![Clean windows](storage:media/${name})`,
  ]);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page), `axe with the history open at ${width} px`).toEqual([]);
  }

  // The version with the deleted photo: the builder's checks say so, in the build's words, and it cannot be proposed.
  await withPhoto.getByRole('button', { name: 'Restore this version' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: /is open below as a new draft/ }),
  ).toBeVisible();
  await expect(page.getByLabel('Main heading', { exact: true })).toHaveValue(
    'Window cleaning, with a photo',
  );
  // Proposing shows the problem in the summary instead of opening the proposal.
  await page.getByRole('button', { name: 'Propose this change' }).click();
  const problems = page.locator('#problems');
  await expect(problems).toContainText(
    `There is no photo "media/${name}" in the media library (bucket ${LOCAL_EMULATOR_CONFIG.storageBucket}): it was deleted or renamed`,
  );
  await expect(page.getByRole('dialog', { name: 'Propose this change' })).toBeHidden();
  expect(await axeViolations(page), 'axe with a restored draft and its problem at 1280 px').toEqual(
    [],
  );

  // Another version: restored, proposed, checked and published like any change.
  await (
    await openHistory()
  )
    .getByRole('listitem')
    .filter({ hasText: 'Say inside and out' })
    .getByRole('button', { name: 'Restore this version' })
    .click();
  await expect(page.getByLabel('Main heading', { exact: true })).toHaveValue(
    'Window cleaning, inside and out',
  );
  const propose = page.getByRole('button', { name: 'Propose this change' });
  await expect(propose).toBeEnabled({ timeout: 20_000 });
  await propose.click();
  const proposing = page.getByRole('dialog', { name: 'Propose this change' });
  await proposing.getByLabel('What changes, in one line').fill('Bring back "inside and out"');
  await proposing.getByRole('button', { name: 'Propose', exact: true }).click();
  await expect(proposing.getByText('Checks: passed.')).toBeVisible({ timeout: 90_000 });
  await proposing.getByRole('button', { name: 'Publish', exact: true }).click();
  // This server does not build again after publishing: the change is published, and followed until it is live.
  await expect(proposing.locator('[data-live-step]')).toHaveAttribute(
    'data-live-step',
    /^(published|building)$/,
    { timeout: 20_000 },
  );
  // The page's last commit (other specs commit other pages to the same repository meanwhile).
  expect(git('log', '-1', '--format=%s', '--', FILE)).toBe('Bring back "inside and out"');
  expect(await readFile(absolute, 'utf8')).toBe(
    live.replace(/^heading: .*$/m, 'heading: Window cleaning, inside and out'),
  );
});
