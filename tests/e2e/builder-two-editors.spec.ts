// Two editors on one page, as a couple or one owner on two devices would meet it (issue 39's
// acceptance), against `npm start` itself (its own ports, output folder and throwaway repository
// to publish into): two browsers open /deep-cleaning-services in the integrated builder at the
// same version; A changes the main heading and proposes; B, still on the version both opened,
// changes a line of the page text and proposes: the two are joined, and B's draft then shows A's
// heading too; A, opening the page again, is told B's proposal is waiting and continues from it.
// Once the checks pass, B publishes: the published page holds both changes, and the
// proposal screen follows it until it says Live, with the time since Publish, once `npm start`'s
// rebuild names the published commit in latest-build.json.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { LOCAL_ACCOUNTS, signIn } from '../support/accounts.ts';
import { openAsAdmin } from '../support/builder.ts';
import { expect, projectRoot, test } from '../support/e2e/fixtures.ts';
import { noteSession } from '../support/e2e/sessions.ts';
import { start } from '../support/npm-start.ts';
import { publishRepository } from '../support/publish-repository.ts';
import { axeViolations } from '../../src/generator/gates/axe.ts';
import { watchContext } from '../../src/generator/gates/page-watch.ts';

const ROUTE = '/deep-cleaning-services';
const FILE = 'content/services/deep-cleaning-services.md';
const A_HEADING = 'Deep cleaning, room by room';
const B_LINE = [
  '- inside the fridge and microwave',
  '- inside the fridge, freezer and microwave',
] as const;

/** A browser of its own, signed in as the seeded administrator through this npm start's own form, on the page in the integrated builder. */
async function editor(browser: Browser, origin: string) {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: 1280, height: 900 },
  });
  const watch = await watchContext(context);
  const page = await context.newPage();
  await signIn(page, LOCAL_ACCOUNTS.admin.email, LOCAL_ACCOUNTS.admin.password);
  noteSession(context, 'admin');
  await openAsAdmin(page, `/integrated-builder?route=${ROUTE}`);
  await expect(page.getByLabel('Main heading')).toHaveValue(/./);
  return { context, watch, page };
}

test('two editors on one page: B, from the older version, is joined with A; publishing keeps both, and the proposal says Live with the time since Publish', async ({
  browser,
}) => {
  // npm start's build and emulators, the checks of two commits one after the other, and the build after publishing.
  test.setTimeout(300_000);
  const work = await mkdtemp(path.join(tmpdir(), 'ardent-two-editors-'));
  const repository = publishRepository(projectRoot, path.join(work, 'repository'));
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: repository, encoding: 'utf8' }).trim();
  const started = await start('npm', ['start', '--', '--root', path.join(work, 'dist')], {
    // The checks without the browser gates (their subject is admin-photo-loop.spec.ts's).
    env: { PUBLISH_REPOSITORY_DIR: repository, LOCAL_CHECKS_SKIP: 'axe,lighthouse' },
  });
  const [a, b] = [await editor(browser, started.origin), await editor(browser, started.origin)];
  try {
    // A changes the main heading and proposes.
    await a.page.getByLabel('Main heading').fill(A_HEADING);
    await a.page.getByRole('button', { name: 'Propose this change' }).click({ timeout: 15_000 });
    const aDialog = a.page.getByRole('dialog', { name: 'Propose this change' });
    await aDialog.getByRole('button', { name: 'Propose', exact: true }).click();
    await expect(aDialog.getByText('No deploy preview here')).toBeVisible({ timeout: 20_000 });

    // B, on the version both opened, changes a line of the page text: joined with A's change.
    const body = b.page.getByLabel('Page text (Markdown)');
    await body.fill((await body.inputValue()).replace(B_LINE[0], B_LINE[1]));
    await b.page.getByRole('button', { name: 'Propose this change' }).click({ timeout: 15_000 });
    const bDialog = b.page.getByRole('dialog', { name: 'Propose this change' });
    // "Propose", or "Propose again (adds to this change)" once the dialog has found A's change of the page: either joins it.
    await bDialog.getByRole('button', { name: /^Propose( again)?\b/ }).click();
    await expect(
      bDialog.getByText('Joined with the changes made to this page since your version'),
    ).toBeVisible({ timeout: 20_000 });
    await expect(b.page.getByLabel('Main heading')).toHaveValue(A_HEADING);
    await expect(body).toHaveValue(new RegExp(B_LINE[1]));
    expect(git('branch', '--list', 'content/*').split('\n')).toHaveLength(1);

    // A opens the page again: the builder says a proposal is waiting, by whom and what, and A continues from it, both changes in.
    await a.page.reload();
    await a.page
      .getByRole('button', { name: 'Open the live page instead' })
      .click({ timeout: 20_000 });
    const waiting = a.page.getByRole('region', { name: 'Someone else is changing this page' });
    await expect(waiting).toContainText(
      `${LOCAL_ACCOUNTS.admin.email} proposed “Update Deep Cleaning”`,
    );
    expect(await axeViolations(a.page)).toEqual([]);
    await waiting.getByRole('button', { name: 'Continue from that proposal' }).click();
    await expect(a.page.getByLabel('Main heading')).toHaveValue(A_HEADING);
    await expect(a.page.getByLabel('Page text (Markdown)')).toHaveValue(new RegExp(B_LINE[1]));

    // The checks of the joined version pass; B publishes it, and the screen follows it until it is live.
    await expect(bDialog.getByText('Checks: passed.')).toBeVisible({ timeout: 180_000 });
    await bDialog.getByRole('button', { name: 'Publish', exact: true }).click();
    const live = bDialog.locator('[data-live-step]');
    await expect(live).toHaveAttribute('data-live-step', 'live', { timeout: 120_000 });
    await expect(live).toContainText(/Live, \d+ (?:s|min(?: \d+ s)?) after Publish\./);
    await expect(live.getByRole('link', { name: 'Open the live page' })).toHaveAttribute(
      'href',
      ROUTE,
    );

    // Both accepted changes are published, and the site serves them.
    const published = await readFile(path.join(repository, FILE), 'utf8');
    expect(published).toContain(`heading: ${A_HEADING}`);
    expect(published).toContain(B_LINE[1]);
    expect(JSON.parse(await (await b.page.request.get('/latest-build.json')).text())).toMatchObject(
      { commit: git('rev-parse', 'HEAD') },
    );
    const payload = (await (await b.page.request.get(`${ROUTE}.page-data.json`)).json()) as {
      data: { heading: string };
    };
    expect(payload.data.heading).toBe(A_HEADING);
    await b.page.goto(ROUTE);
    await expect(b.page.getByText('inside the fridge, freezer and microwave')).toBeVisible();
    expect([...a.watch.all(), ...b.watch.all()], 'console errors and CSP violations').toEqual([]);
  } finally {
    await Promise.all([a.context.close(), b.context.close()]);
    process.kill(-started.child.pid!, 'SIGINT');
    await started.exited;
    await rm(work, { recursive: true, force: true });
  }
});
