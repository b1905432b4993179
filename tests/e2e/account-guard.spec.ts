// The auth-client guard on every page with `access: admin`, in Chromium against the real local
// Auth emulator: a visitor is sent to sign in and brought back; an account without the admin role
// is told it has no access and can sign out; `npm run admin -- grant` lets it in on the next visit,
// `revoke` shuts it out again. Nothing of the guarded screen ever shows to someone who may not see it.
import { adminContext, createAccount, LOCAL_ACCOUNTS, recordScreenStates, runAdmin, signIn, submitLogin, uniqueEmail } from '../support/accounts.ts';
import { GUARDED_ROUTES } from '../support/spec-routes.ts';
import { expect, test } from '../support/e2e/fixtures.ts';

const PASSWORD = 'guarded page password';

for (const route of GUARDED_ROUTES) {
  test(`a visitor on ${route} is sent to /login?next=${route}, having seen only the checking state, and comes back after signing in`, async ({ page }) => {
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
    await expect(page.locator('[data-state="allowed"]')).toContainText(`You are signed in as ${LOCAL_ACCOUNTS.admin.email}.`);
    expect(seen).toEqual([`${route}: checking`, `${route}: checking`, `${route}: allowed`]);
  });
}

test('the guarded page without JavaScript shows the notice and nothing of the screen', async ({ browser, baseURL }) => {
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

test('an account without the admin role is told it has no access, never sees the screen, and can sign out', async ({ page }) => {
  const seen = await recordScreenStates(page.context());
  await signIn(page, LOCAL_ACCOUNTS.member.email, LOCAL_ACCOUNTS.member.password, '/admin');
  const denied = page.locator('[data-state="no-access"]');
  await expect(denied.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
  await expect(denied).toContainText(`You are signed in as ${LOCAL_ACCOUNTS.member.email}`);
  expect(seen).toEqual(['/admin: checking', '/admin: no-access']);
  await denied.getByRole('button', { name: 'Sign out' }).click();
  // Signed out on a guarded page: off to sign in, to come back here.
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/admin');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('npm run admin -- grant gives an account the admin role, seen on its next visit; list shows it; revoke takes it away', async ({ page }) => {
  test.slow(); // three runs of the admin command
  const email = uniqueEmail('promoted');
  await createAccount(page, email, PASSWORD);
  await signIn(page, email, PASSWORD, '/test-builder-dashboard');
  await expect(page.locator('[data-state="no-access"]')).toBeVisible();

  const granted = runAdmin('grant', email);
  expect(granted.output).toContain(`${email} now has the admin role in the local Auth emulator`);
  expect(granted.status).toBe(0);
  // Same session, no new sign-in: the guard's forced token refresh sees the new claim.
  await page.reload();
  await expect(page.locator('[data-state="allowed"]')).toContainText(`You are signed in as ${email}.`);

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
  expect(unknown.output).toMatch(/There is no account with the email address nobody-.*@test\.example/);
  const usage = runAdmin('grant');
  expect(usage.status).toBe(1);
  expect(usage.output).toContain('Usage: npm run admin -- grant <email> | revoke <email> | list');
});

test('every guarded page lets the administrator in', async ({ browser, baseURL }) => {
  test.slow(); // five screens one after the other, each loading its session and its data
  const context = await adminContext(browser, { baseURL });
  try {
    const page = await context.newPage();
    for (const route of GUARDED_ROUTES) {
      await page.goto(route);
      await expect(page.locator('[data-state="allowed"]'), route).toContainText(`You are signed in as ${LOCAL_ACCOUNTS.admin.email}.`, { timeout: 15_000 });
      // /admin shows the admin screen itself (src/apps/admin/).
      if (route === '/admin') await expect(page.locator('[data-state="allowed"]').getByRole('heading', { name: 'Media library' }), route).toBeVisible();
    }
  } finally {
    await context.close();
  }
});

test('when the token cannot be refreshed, the guard says so and Try again lets the administrator in', async ({ browser, baseURL }) => {
  const context = await adminContext(browser, { baseURL });
  try {
    const page = await context.newPage();
    await page.route('**/securetoken.googleapis.com/**', (route) => route.abort('internetdisconnected'));
    await page.goto('/admin');
    const failed = page.locator('[data-state="failed"]');
    await expect(failed.getByRole('alert')).toHaveText('We could not reach the sign-in service. Check your internet connection, then try again.');
    await page.unroute('**/securetoken.googleapis.com/**');
    await failed.getByRole('button', { name: 'Try again' }).click();
    await expect(page.locator('[data-state="allowed"]')).toBeVisible();
  } finally {
    await context.close();
  }
});
