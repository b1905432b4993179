// The auth-client guard on every page with `access: admin`, in Chromium against the real local
// Auth emulator: a visitor is sent to sign in and brought back; an account without the admin role
// is told it has no access and can sign out; `npm run admin -- grant` lets it in on the next visit,
// `revoke` shuts it out again. Nothing of the guarded screen ever shows to someone who may not see it.
// That every guarded page lets the administrator in: routes.spec.ts, which loads each signed in.
import {
  adminContext,
  createAccount,
  LOCAL_ACCOUNTS,
  recordScreenStates,
  runAdmin,
  signIn,
  submitLogin,
  uniqueEmail,
} from '../support/accounts.ts';
import { GUARDED_ROUTES } from '../support/spec-routes.ts';
import { expect, test } from '../support/e2e/fixtures.ts';

const PASSWORD = 'guarded page password';

test('a visitor on /admin is sent to /login?next=/admin, having seen only the checking state, and comes back after signing in', async ({
  page,
}) => {
  const route = '/admin';
  const seen = await recordScreenStates(page.context());
  await page.goto('/faqs');
  await page.goto(route);
  await page.waitForURL((url) => url.pathname === '/login');
  expect(new URL(page.url()).searchParams.get('next')).toBe(route);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // The guarded page replaced itself: Back goes to where the visitor came from, not to a page that sends them here again.
  await page.goBack();
  await expect(page).toHaveURL(/\/faqs$/);
  await page.goForward();
  await page.waitForURL((url) => url.pathname === '/login');
  await submitLogin(page, LOCAL_ACCOUNTS.admin.email, LOCAL_ACCOUNTS.admin.password);
  await page.waitForURL((url) => url.pathname === route);
  await expect(page.locator('[data-state="allowed"]')).toContainText(
    `You are signed in as ${LOCAL_ACCOUNTS.admin.email}.`,
  );
  expect(seen).toEqual([`${route}: checking`, `${route}: checking`, `${route}: allowed`]);
});

test('every guarded page sends a visitor to /login?next=<its path>, having shown only the checking state', async ({
  page,
}) => {
  // Coming back after signing in is the same for every page (next= read by safeNextPath:
  // tests/unit/kernel/components/account/next-path.test.ts); the test above signs in once.
  const seen = await recordScreenStates(page.context());
  for (const route of GUARDED_ROUTES) {
    await page.goto(route);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next'), route).toBe(route);
  }
  expect(seen).toEqual(GUARDED_ROUTES.map((route) => `${route}: checking`));
});

test('the guarded page without JavaScript shows the notice and nothing of the screen', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/admin');
    await expect(page.locator('#app-root .notice')).toContainText('needs JavaScript');
    await expect(page.locator('.account-screen')).toBeHidden();
  } finally {
    await context.close();
  }
});

test.describe('signed in without the admin role', () => {
  test.use({ signedInAs: 'member' });

  test('an account without the admin role is told it has no access, never sees the screen, and can sign out', async ({
    page,
  }) => {
    const seen = await recordScreenStates(page.context());
    await page.goto('/admin');
    const denied = page.locator('[data-state="no-access"]');
    await expect(
      denied.getByRole('heading', { name: 'You do not have access to this page' }),
    ).toBeVisible();
    await expect(denied).toContainText(`You are signed in as ${LOCAL_ACCOUNTS.member.email}`);
    expect(seen).toEqual(['/admin: checking', '/admin: no-access']);
    await denied.getByRole('button', { name: 'Sign out' }).click();
    // Signed out on a guarded page: off to sign in, to come back here.
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('next') === '/admin',
    );
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});

test('npm run admin -- grant gives an account the admin role, seen on its next visit; list shows it; revoke takes it away', async ({
  page,
}) => {
  test.slow(); // four runs of `npm run admin`, each a Node process that starts firebase-admin: 3–5 s apiece on a busy machine
  const email = uniqueEmail('promoted');
  await createAccount(page, email, PASSWORD);
  await signIn(page, email, PASSWORD, '/test-builder-dashboard');
  await expect(page.locator('[data-state="no-access"]')).toBeVisible();

  const granted = runAdmin('grant', email);
  expect(granted.output).toContain(`${email} now has the admin role in the local Auth emulator`);
  expect(granted.status).toBe(0);
  // Same session, no new sign-in: the guard's forced token refresh sees the new claim.
  await page.reload();
  await expect(page.locator('[data-state="allowed"]')).toContainText(
    `You are signed in as ${email}.`,
  );

  const listed = runAdmin('list');
  expect(listed.status).toBe(0);
  expect(listed.output).toContain(`  ${email}\n`);
  expect(listed.output).toContain(`  ${LOCAL_ACCOUNTS.admin.email}\n`);

  expect(runAdmin('revoke', email).status).toBe(0);
  await page.reload();
  await expect(page.locator('[data-state="no-access"]')).toBeVisible();
  expect(runAdmin('list').output).not.toContain(email);
});

test('npm run admin says plainly what is wrong: an unknown account, a missing argument', async () => {
  const unknown = runAdmin('grant', uniqueEmail('nobody'));
  expect(unknown.status).toBe(1);
  expect(unknown.output).toMatch(
    /There is no account with the email address nobody-.*@test\.example/,
  );
  const usage = runAdmin('grant');
  expect(usage.status).toBe(1);
  expect(usage.output).toContain('Usage: npm run admin -- grant <email> | revoke <email> | list');
});

test('when the token cannot be refreshed, the guard says so and Try again lets the administrator in', async ({
  browser,
  baseURL,
}) => {
  const context = await adminContext(browser, { baseURL });
  try {
    const page = await context.newPage();
    await page.route('**/securetoken.googleapis.com/**', (route) =>
      route.abort('internetdisconnected'),
    );
    await page.goto('/admin');
    const failed = page.locator('[data-state="failed"]');
    await expect(failed.getByRole('alert')).toHaveText(
      'We could not reach the sign-in service. Check your internet connection, then try again.',
    );
    await page.unroute('**/securetoken.googleapis.com/**');
    await failed.getByRole('button', { name: 'Try again' }).click();
    await expect(page.locator('[data-state="allowed"]')).toBeVisible();
  } finally {
    await context.close();
  }
});
