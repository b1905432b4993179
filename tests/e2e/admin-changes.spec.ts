// /admin as the owner's home, change sets and publishing at a time, against `npm start` itself (its
// own ports, output folder, throwaway repository to publish into, and a clock the test moves through
// LOCAL_CLOCK_FILE). From /admin an owner reaches a page's builder and the changes waiting by links
// alone; a change of two pages is proposed, checked once, scheduled in the owner's words and
// published by npm start's timer in one commit once the clock reaches its time; a scheduled change
// whose checks fail on the version live now is not published, and /admin says so, in words.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { londonInstants, londonWallTime } from '../../src/kernel/schedule/london-time.ts';
import { wallTimeWords } from '../../src/kernel/wire/schedule-words.ts';
import { LOCAL_ACCOUNTS, signIn } from '../support/accounts.ts';
import { openAsAdmin } from '../support/builder.ts';
import { expect, projectRoot, test } from '../support/e2e/fixtures.ts';
import { noteSession } from '../support/e2e/sessions.ts';
import { start, type Started } from '../support/npm-start.ts';
import { publishRepository } from '../support/publish-repository.ts';
import { axeViolations } from '../../src/generator/gates/axe.ts';
import { watchContext, type PageWatch } from '../../src/generator/gates/page-watch.ts';

test.describe.configure({ mode: 'serial' });

const ABOUT = 'content/pages/about.md';
const FAQS = 'content/pages/faqs.md';

let work: string;
let repository: string;
let clockFile: string;
let started: Started;
let context: BrowserContext;
let watch: PageWatch;
let page: Page;
/** The change of two pages, once proposed. */
let change: string;

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: repository, encoding: 'utf8' }).trim();
/** The change's record, as the local backend keeps it in git. */
const record = (id: string) =>
  JSON.parse(git('show', `refs/proposals/${id}`)) as {
    results: Record<string, { state: string }>;
    schedule?: { note?: { state: string } };
  };
/** Moves npm start's clock (the functions' and its timer's) to that instant. */
const moveClockTo = (instant: Date) =>
  writeFile(clockFile, JSON.stringify({ offsetMs: instant.getTime() - Date.now() }));
/** A day after the one npm start's clock reads now, in London, at 09:00: the date, the time and the instant. */
const tomorrowAtNine = (now: Date) => {
  const { date } = londonWallTime(new Date(now.getTime() + 24 * 3600_000));
  const found = londonInstants({ date, time: '09:00' });
  if (found.kind !== 'one') throw new Error(`09:00 on ${date} is not one time in London`);
  return { date, time: '09:00', at: found.at };
};

/** Proposes the page open in the builder, its title in search results changed; `button` names the dialog's Propose button. */
async function proposeTitle(title: string, button: string, summary?: string) {
  await expect(page.getByLabel('Title in search results')).toHaveValue(/./, { timeout: 15_000 });
  await page.getByLabel('Title in search results').fill(title);
  await page.getByRole('button', { name: 'Propose this change' }).click({ timeout: 15_000 });
  const dialog = page.getByRole('dialog', { name: 'Propose this change' });
  if (summary) await dialog.getByLabel('What changes, in one line').fill(summary);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog.locator('[data-proposal]')).toBeVisible({ timeout: 30_000 });
  return dialog;
}

/** The change's place on the dashboard, reached from /admin's Changes section by its link. */
async function openFromAdmin(summary: string) {
  await page.goto('/admin');
  await page.locator('#changes').getByRole('link', { name: summary }).click();
  await page.waitForURL(/\/test-builder-dashboard#change-/);
  // The dashboard focuses the change the link names, once its list has loaded.
  const focused = page.locator('article.proposal-card:focus');
  await expect(focused).toContainText(summary, { timeout: 15_000 });
  return page.locator(`#${await focused.getAttribute('id')}`);
}

test.beforeAll(async ({ browser }) => {
  // npm start's build and emulators: up to a minute and a half on a busy machine.
  test.setTimeout(150_000);
  work = await mkdtemp(path.join(tmpdir(), 'ardent-changes-'));
  repository = publishRepository(projectRoot, path.join(work, 'repository'));
  clockFile = path.join(work, 'clock.json');
  await writeFile(clockFile, JSON.stringify({ offsetMs: 0 }));
  started = await start('npm', ['start', '--', '--root', path.join(work, 'dist')], {
    // The checks without the browser gates (their subject is admin-photo-loop.spec.ts's).
    env: {
      PUBLISH_REPOSITORY_DIR: repository,
      LOCAL_CLOCK_FILE: clockFile,
      LOCAL_CHECKS_SKIP: 'axe,lighthouse',
    },
  });
  context = await browser.newContext({
    baseURL: started.origin,
    viewport: { width: 1280, height: 900 },
  });
  watch = await watchContext(context);
  page = await context.newPage();
  await signIn(page, LOCAL_ACCOUNTS.admin.email, LOCAL_ACCOUNTS.admin.password);
  noteSession(context, 'admin');
});

test.afterAll(async () => {
  await context?.close();
  if (started) {
    process.kill(-started.child.pid!, 'SIGINT');
    await started.exited;
  }
  if (work) await rm(work, { recursive: true, force: true });
});

test("from /admin, an owner reaches a page's builder and the changes waiting, by links alone; a second page goes into the same change", async () => {
  test.setTimeout(120_000);
  await page.goto('/admin');
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible({
    timeout: 30_000,
  });
  await page.locator('#pages').getByRole('link', { name: 'Edit About Ardent' }).click();
  await page.waitForURL('**/integrated-builder?route=%2Fabout');
  let dialog = await proposeTitle('About Ardent | Prices from £90', 'Propose', 'New prices');
  change = git('for-each-ref', '--format=%(refname:lstrip=2)', 'refs/proposals');

  // Another page into the same change, by the dialog's link and the page picker.
  await dialog.getByRole('link', { name: 'Add another page to this change' }).click();
  await expect(page.getByText('Choose the page to add to the change')).toBeVisible({
    timeout: 15_000,
  });
  await page.getByLabel('Page to edit').selectOption('/faqs');
  await page.getByRole('button', { name: 'Open the page' }).click();
  dialog = await proposeTitle(
    'Questions about our prices | Ardent',
    'Propose (adds this page to the change)',
  );
  await expect(dialog.locator('[data-proposal]')).toContainText('2 pages, published together');
  expect(git('for-each-ref', 'refs/proposals').split('\n')).toHaveLength(1);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Back home, and to the change waiting, each by a link.
  await page.getByRole('link', { name: 'Back to the admin home' }).click();
  await page.waitForURL('**/admin');
  await expect(page.locator('#changes [data-state="waiting"]')).toContainText(
    'New prices (About Ardent, FAQs)',
  );
  expect(await axeViolations(page, '#changes')).toEqual([]);
  const card = await openFromAdmin('New prices');
  for (const name of ['About Ardent', 'FAQs'])
    await expect(card.getByRole('link', { name: `Edit ${name}` })).toBeVisible();
});

test('a change of two pages is checked once, published at its time in one commit when the clock reaches it, and /admin says so', async () => {
  test.setTimeout(300_000);
  const card = await openFromAdmin('New prices');
  // The checks run once, over both pages: those of the first page's commit were stopped when the second came.
  await expect(card.locator('[data-checks]')).toHaveText(/Checks: passed\./, { timeout: 240_000 });
  const head = git('rev-parse', `refs/heads/content/${change}`);
  expect(Object.keys(record(change).results)).toEqual([head]);
  expect(git('diff', '--name-only', 'HEAD', head).split('\n').sort()).toEqual([ABOUT, FAQS]);

  const when = tomorrowAtNine(new Date());
  await card.getByRole('button', { name: 'Publish at…' }).click();
  await card.getByLabel('Day').fill(when.date);
  await card.getByLabel('Time (UK)').fill(when.time);
  expect(await axeViolations(page, 'article.proposal-card')).toEqual([]);
  await card.getByRole('button', { name: 'Publish at this time' }).click();
  await expect(card.locator('[data-schedule="set"]')).toContainText(
    `Publishes on ${wallTimeWords(when, new Date().getFullYear())} (UK time)`,
  );
  await page.goto('/admin');
  await expect(page.locator('#changes [data-state="scheduled"]')).toContainText('New prices');

  // The clock reaches its time: npm start's timer publishes it, in one commit, and builds the site again.
  const before = git('rev-parse', 'HEAD');
  await moveClockTo(new Date(when.at.getTime() + 20_000));
  await expect.poll(() => git('rev-parse', 'HEAD'), { timeout: 60_000 }).not.toBe(before);
  expect(git('rev-parse', 'HEAD^')).toBe(before);
  expect(git('diff', '--name-only', 'HEAD^', 'HEAD').split('\n').sort()).toEqual([ABOUT, FAQS]);
  expect(git('log', '-1', '--format=%B')).toContain('at the time they chose');
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/latest-build.json')).json()) as { commit?: string })
          .commit,
      { timeout: 120_000 },
    )
    .toBe(git('rev-parse', 'HEAD'));
  await page.goto('/admin');
  await expect(page.locator('#changes')).toContainText(
    `New prices (About Ardent, FAQs): Published at its time, ${wallTimeWords(when, new Date().getFullYear())}.`,
  );
});

test('a scheduled change whose checks fail on the version live now is not published, and /admin says why', async () => {
  test.setTimeout(300_000);
  await openAsAdmin(page, '/integrated-builder?route=/privacy-policy');
  await proposeTitle('Your privacy, in plain words | Ardent', 'Propose', 'Plainer privacy');
  const id = git('for-each-ref', '--format=%(refname:lstrip=2)', 'refs/proposals');
  const card = await openFromAdmin('Plainer privacy');
  await expect(card.locator('[data-checks]')).toHaveText(/Checks: passed\./, { timeout: 240_000 });
  // Scheduled for the day after npm start's clock, which the last test moved.
  const when = tomorrowAtNine(
    new Date(
      Date.now() +
        (JSON.parse(execFileSync('cat', [clockFile], { encoding: 'utf8' })) as { offsetMs: number })
          .offsetMs,
    ),
  );
  await card.getByRole('button', { name: 'Publish at…' }).click();
  await card.getByLabel('Day').fill(when.date);
  await card.getByLabel('Time (UK)').fill(when.time);
  await card.getByRole('button', { name: 'Publish at this time' }).click();
  await expect(card.locator('[data-schedule="set"]')).toBeVisible();

  // A developer's commit on the live branch that the site's checks refuse, then the time comes.
  execFileSync('sed', [
    '-i',
    's/^title: .*$/title: ""/',
    path.join(repository, 'content/pages/thank-you.md'),
  ]);
  git('commit', '--quiet', '--all', '--message', 'A developer empties a title');
  const live = git('rev-parse', 'HEAD');
  await moveClockTo(new Date(when.at.getTime() + 20_000));
  // The live site moved: the change is brought up to date and checked again, on the version live now; they fail.
  await expect.poll(() => record(id).schedule?.note?.state, { timeout: 60_000 }).toBe('waiting');
  await expect
    .poll(
      () =>
        Object.values(record(id).results)
          .map((result) => result.state)
          .join(),
      { timeout: 240_000 },
    )
    .toContain('failed');
  await moveClockTo(new Date(when.at.getTime() + 90_000));
  await expect
    .poll(() => record(id).schedule?.note?.state, { timeout: 60_000 })
    .toBe('not-published');

  expect(git('rev-parse', 'HEAD')).toBe(live);
  await page.goto('/admin');
  const item = page.locator('#changes [data-state="not-published"]');
  await expect(item).toContainText('Plainer privacy (Privacy policy)');
  await expect(item).toContainText(
    "Not published at its time: The checks failed. The site's checks failed on this proposal, so it cannot be published. The first problem: content/pages/thank-you.md",
  );
  expect(await axeViolations(page, '#changes')).toEqual([]);
  expect(watch.all(), 'console errors and CSP violations').toEqual([]);
});
