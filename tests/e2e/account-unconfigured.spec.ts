// A build without the sign-in configuration (a plain `npm run build` with no FIREBASE_* variables)
// still works: every account page says plainly that sign-in is not set up, the browser logs exactly
// one error, "Missing backend API key", and nothing calls the sign-in service.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { FIREBASE_ENV } from '../../src/kernel/wire/firebase-config.ts';
import { DIST } from '../support/quality/dist.ts';
import { serveSite, type RunningSite } from '../../src/generator/gates/serve.ts';
import { startedWorkDone } from '../../src/generator/gates/page-watch.ts';
import { ACCOUNT_ROUTES } from '../support/spec-routes.ts';
import { expect, projectRoot, test } from '../support/e2e/fixtures.ts';

/** Beside dist/ (git-ignored as dist.*), built with the same content cache, so it takes a second or two. */
const UNCONFIGURED = `${DIST}.unconfigured`;
let site: RunningSite;

// One worker builds and serves the folder for all of these, in order.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(120_000); // a second build of the site, without the sign-in configuration
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !(Object.values(FIREBASE_ENV) as string[]).includes(name),
    ),
  );
  const build = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/build.ts', '--out', UNCONFIGURED],
    { cwd: projectRoot, env, encoding: 'utf8' },
  );
  expect(build.status, build.stderr).toBe(0);
  expect(build.stdout).toContain('Sign-in: not set up');
  site = await serveSite(UNCONFIGURED, join(projectRoot, 'netlify.toml'));
});
test.afterAll(() => site?.close());

for (const route of ACCOUNT_ROUTES) {
  test(`${route} says sign-in is not set up, and logs exactly one error: "Missing backend API key"`, async ({
    browser,
  }) => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const messages: string[] = [];
      page.on(
        'console',
        (message) =>
          void (
            ['error', 'warning'].includes(message.type()) &&
            messages.push(`${message.type()}: ${message.text()}`)
          ),
      );
      page.on('pageerror', (error) => void messages.push(`uncaught: ${error.message}`));
      const calls: string[] = [];
      page.on(
        'request',
        (request) =>
          void (/identitytoolkit|securetoken/.test(request.url()) && calls.push(request.url())),
      );
      await page.goto(`${site.origin}${route}`);
      const panel = page.locator('[data-screen] [data-state="not-configured"]');
      await expect(panel.getByRole('heading', { name: 'Sign-in is not set up' })).toBeVisible();
      await expect(panel).toContainText('you cannot sign in or create an account here');
      // Whatever the page does on load (the build check after a second) is done, and the visitor has acted.
      await page.getByRole('heading', { name: 'Sign-in is not set up' }).hover();
      await page.keyboard.press('Tab');
      await startedWorkDone(page);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(
        /^error: Missing backend API key: sign-in is not set up on this build\. Set FIREBASE_API_KEY/,
      );
      expect(calls).toEqual([]);
      // A visitor on a guarded page is not sent anywhere: there is no way to sign in.
      expect(new URL(page.url()).pathname).toBe(route);
    } finally {
      await context.close();
    }
  });
}
