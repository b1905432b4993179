// Publishing from the builder, signed in as the seeded administrator, against the local backend
// (real git, in the clone the Playwright config made): a new page from the block builder is
// proposed and listed on the dashboard, and withdrawn there; a page changed since it was opened, on
// the lines next to the draft's change, is refused with the difference and may start again from the
// newer version. (A live page proposed, checked, published and rebuilt is the photo
// loop, admin-photo-loop.spec.ts, against npm start itself.) A media library photo deleted after its page was
// proposed fails the checks in words, naming the field; proposing again is refused with the
// problem listed; the draft is kept.
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  EMULATOR_OWNER,
  deleteObject,
  uploadObject,
} from '../../src/generator/emulators/storage-rest.ts';
import { LOCAL_EMULATOR_CONFIG } from '../../src/kernel/wire/firebase-config.ts';
import { photo, uniqueName } from '../support/admin.ts';
import { addBlock, addLibraryPhoto, openAsAdmin, selectBlock } from '../support/builder.ts';
import { E2E_STORAGE_PORT } from '../support/e2e-ports.ts';
import { expect, test } from '../support/e2e/fixtures.ts';

const repository = () => process.env.PUBLISH_REPOSITORY_DIR!;
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: repository(), encoding: 'utf8' }).trim();

test('a new page is proposed from the block builder, listed on the dashboard and withdrawn there', async ({
  page,
}) => {
  // Proposing and withdrawing each run the proposals function: the build's checks of the file, then git (a branch, a commit, a deletion).
  test.setTimeout(90_000);
  await openAsAdmin(page, '/experiments/block-builder/builder');
  await page.getByLabel('Web address (after ardent.example)').fill('/autumn-offer');
  await page
    .getByLabel('Title in search results')
    .fill('Autumn Cleaning Offer in Bromley | Ardent');
  await page
    .getByLabel('Description in search results')
    .fill(
      'An autumn clean for homes in Bromley and Orpington, booked in October or November, with the windows done the same day.',
    );
  await page.getByLabel('Main heading').fill('Autumn cleaning offer');
  await addBlock(page, 'Text');
  await selectBlock(page, 1);
  await page
    .locator('#field-blocks-0-markdown')
    .fill(
      '## What is included\n\nKitchens, bathrooms and floors, cleaned properly before the winter, with the windows done on the same day.',
    );
  await page.getByRole('button', { name: 'Propose this change' }).click({ timeout: 15_000 });
  const dialog = page.getByRole('dialog', { name: 'Propose this change' });
  await expect(dialog.getByLabel('What changes, in one line')).toHaveValue(
    'Add Autumn cleaning offer',
  );
  await dialog.getByRole('button', { name: 'Propose', exact: true }).click();
  await expect(
    dialog.getByText('“Add Autumn cleaning offer”, proposed by admin@ardent.example.'),
  ).toBeVisible({ timeout: 20_000 });

  await page.goto('/test-builder-dashboard');
  const card = page.getByRole('article', { name: /Autumn cleaning offer/ });
  await expect(card).toContainText('Add Autumn cleaning offer');
  await card.getByRole('button', { name: 'Withdraw' }).click();
  await expect(card.getByText('Withdrawn: nothing was published.')).toBeVisible({
    timeout: 20_000,
  });
  expect(git('branch', '--list', 'content/autumn-offer-*')).toBe('');
});

test("a page changed since it was opened, on the lines next to the draft's change, is refused in words with the difference; the draft is kept until the owner starts again from the newer version", async ({
  page,
  consoleErrors,
}) => {
  // A git commit on the checked-out branch, then the proposals function compares the page with it, then a reload of the builder.
  test.setTimeout(90_000);
  // Chromium logs the API's 409 answer itself; the screen says it in words.
  consoleErrors.allow(/status of 409 \(Conflict\) \(http:\/\/127\.0\.0\.1:\d+\/api\/proposals\)/);
  await openAsAdmin(page, '/integrated-builder?route=/faqs');
  await page.getByLabel('Main heading').fill('Questions we are asked');
  // Meanwhile someone else changes the page on the checked-out branch.
  const file = path.join(repository(), 'content/pages/faqs.md');
  const text = await readFile(file, 'utf8');
  await writeFile(
    file,
    text.replace(
      /^description: .*$/m,
      'description: Answers to the questions people ask us about cleaning and wellbeing visits in Orpington and Bromley.',
    ),
  );
  // Only this file: other specs commit to the same repository meanwhile.
  git('commit', '--quiet', '--message', 'A change made elsewhere', '--', 'content/pages/faqs.md');
  await page.getByRole('button', { name: 'Propose this change' }).click({ timeout: 15_000 });
  const dialog = page.getByRole('dialog', { name: 'Propose this change' });
  await dialog.getByRole('button', { name: 'Propose', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'This page has changed since you opened it',
    { timeout: 20_000 },
  );
  await expect(dialog.locator('.proposal-diff')).toContainText(
    'Answers to the questions people ask us',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  // The draft is kept: opening the page again offers it back, with the heading typed.
  await page.reload();
  await page.getByRole('button', { name: 'Restore the draft' }).click({ timeout: 20_000 });
  await expect(page.getByLabel('Main heading')).toHaveValue('Questions we are asked');
  // Starting again from the newer version: the draft holds it (the other change included), and undo brings the draft back.
  await page.getByRole('button', { name: 'Propose this change' }).click({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Propose', exact: true }).click();
  await dialog
    .getByRole('button', { name: 'Start again from the newer version' })
    .click({ timeout: 20_000 });
  await expect(dialog.getByText('Your draft now holds the newer version.')).toBeVisible({
    timeout: 20_000,
  });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByLabel('Description in search results')).toHaveValue(
    /^Answers to the questions people ask us/,
  );
  await expect(page.getByLabel('Main heading')).toHaveValue('Frequently asked questions');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByLabel('Main heading')).toHaveValue('Questions we are asked');
});

test('a library photo deleted after proposing fails the checks in words, a new proposal of it is refused with the field named, and the draft is kept', async ({
  page,
  consoleErrors,
}) => {
  // It waits for the proposal's checks (npm run check:change, which stop at the content check here) to fail.
  test.setTimeout(90_000);
  // Chromium logs the API's 422 answer itself; the dialog says it in words.
  consoleErrors.allow(
    /status of 422 \(Unprocessable (?:Entity|Content)\) \(http:\/\/127\.0\.0\.1:\d+\/api\/proposals\)/,
  );
  const bucket = {
    origin: `http://127.0.0.1:${E2E_STORAGE_PORT}`,
    bucket: LOCAL_EMULATOR_CONFIG.storageBucket,
  };
  const name = `${uniqueName('hob')}.jpg`;
  // The restored draft's photo is asked for, and is gone: Chromium logs the 404; the field says it.
  consoleErrors.allow(
    new RegExp(`status of 404 .*/v0/b/[^/]+/o/media%2F${name.replace('.', '\\.')}`),
  );
  expect(
    (
      await uploadObject(
        bucket,
        `media/${name}`,
        (await photo(name)).buffer,
        { contentType: 'image/jpeg', customMetadata: { alt: 'A hob, wiped clean' } },
        EMULATOR_OWNER,
      )
    ).ok,
  ).toBe(true);
  await openAsAdmin(page, '/integrated-builder?route=/end-of-tenancy-cleaning-services');
  await addLibraryPhoto(page, name);
  await page.getByRole('button', { name: 'Propose this change' }).click({ timeout: 15_000 });
  const dialog = page.getByRole('dialog', { name: 'Propose this change' });
  await dialog.getByRole('button', { name: 'Propose', exact: true }).click();
  await expect(dialog.getByText('No deploy preview here')).toBeVisible({ timeout: 20_000 });
  // Deleted from the library at once: the checks, which start seconds later, find it gone.
  expect((await deleteObject(bucket, `media/${name}`, EMULATOR_OWNER)).ok).toBe(true);
  const checks = dialog.locator('[data-checks]');
  await expect(checks).toHaveAttribute('data-checks', 'failed', { timeout: 60_000 });
  // Under its page, in the form's words, as the builder places its own problems: never by the file's line or the field's path.
  const itsPage = dialog.locator(
    '[data-page="content/services/end-of-tenancy-cleaning-services.md"]',
  );
  await expect(itsPage).toContainText(
    `Photo 1, Photo: There is no photo "media/${name}" in the media library`,
  );
  await expect(dialog.locator('[data-proposal]')).not.toContainText('images.0.src');
  await expect(dialog.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();

  await dialog.getByRole('button', { name: 'Propose again (adds to this change)' }).click();
  // Placed in the form's words, never by the field's path.
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toContainText(`Photo 1, Photo: There is no photo "media/${name}"`, {
    timeout: 20_000,
  });
  await expect(refusal).not.toContainText('images.0.src');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.reload();
  await page.getByRole('button', { name: 'Restore the draft' }).click({ timeout: 20_000 });
  const field = page.locator('.field-image').first();
  await expect(field.locator('select')).toHaveValue(`storage:media/${name}`);
  await expect(field).toContainText(
    'The photo could not be shown: check that it is still in the media library on /admin.',
  );
});
