// Sign-in and registration in Chromium, against the real local Auth emulator behind the site
// server (as `npm start` runs it): the acceptance list of issue 13, and what a visitor sees of each
// error, next to the field it concerns, never as a raw auth/… code.
import type { Page } from '@playwright/test';
import {
  createAccount,
  LOCAL_ACCOUNTS,
  SERVICE_REFUSAL,
  signIn,
  submitLogin,
  uniqueEmail,
} from '../support/accounts.ts';
import { expect, test } from '../support/e2e/fixtures.ts';
import { OFF_SITE_NEXTS } from '../support/next-path-cases.ts';
import { startedWorkDone } from '../../src/generator/gates/page-watch.ts';

const PASSWORD = 'correct horse battery';

/** The alert next to a field: after its input, tied to it by aria-describedby. */
async function expectFieldError(page: Page, fieldLabel: string, message: RegExp): Promise<void> {
  const field = page.getByLabel(fieldLabel, { exact: true });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const errorId = `${await field.getAttribute('id')}-error`;
  await expect(field).toHaveAttribute('aria-describedby', new RegExp(`\\b${errorId}\\b`));
  const alert = page.locator(`#${errorId}`);
  await expect(alert).toHaveAttribute('role', 'alert');
  await expect(alert).toHaveText(message);
  // Where the problem is: the field has focus, so the visitor can correct it at once.
  await expect(field).toBeFocused();
  await expect(page.locator('main')).not.toContainText('auth/');
}

async function register(
  page: Page,
  email: string,
  password: string,
  confirm = password,
): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(confirm);
  await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('register → the new account is signed in, and the screen says so', async ({ page }) => {
  const email = uniqueEmail('register');
  // The rules are there before the visitor types.
  await page.goto('/register');
  await expect(page.locator('#register-password-hint')).toHaveText(/at least 6 characters/);
  await register(page, email, PASSWORD);
  const done = page.locator('[data-state="registered"]');
  await expect(done.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
  await expect(done).toContainText(`You are signed in as ${email}.`);
  // Still signed in on the next page load: /login shows who, and no admin link for a new account.
  await page.goto('/login');
  await expect(page.locator('[data-state="signed-in"]')).toContainText(
    `You are signed in as ${email}.`,
  );
  await expect(page.getByRole('link', { name: 'Go to the admin area' })).toHaveCount(0);
});

test('the sign-in screen waits for the visitor to turn to the form: nothing of React or Firebase runs before', async ({
  page,
}) => {
  await page.goto('/login');
  // The page's own work after loading (its build check, its chunks preloaded) is done: the screen still waits.
  await startedWorkDone(page);
  const screen = page.locator('[data-screen="login"]');
  await expect(screen).not.toHaveAttribute('data-hydrated');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  // Firebase keeps a heartbeat store in IndexedDB from the moment it starts: none yet.
  expect(
    await page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name)),
  ).toEqual([]);
  await page.getByLabel('Email address').hover();
  await expect(screen).toHaveAttribute('data-hydrated', '');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await expect
    .poll(() =>
      page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name)),
    )
    .toContain('firebase-heartbeat-database');
});

test('sign out → sign in again', async ({ page }) => {
  const email = uniqueEmail('again');
  await createAccount(page, email, PASSWORD);
  await signIn(page, email, PASSWORD);
  await page.goto('/login');
  await expect(page.locator('[data-state="signed-in"]')).toContainText(email);
  await page.getByRole('button', { name: 'Sign out' }).click();
  // Signed out: the form is back, and a reload keeps it so.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await submitLogin(page, email, PASSWORD);
  // No next: the home page.
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/login');
  await expect(page.locator('[data-state="signed-in"]')).toContainText(email);
});

test('a wrong password is shown next to the password field', async ({ page, consoleErrors }) => {
  consoleErrors.allow(SERVICE_REFUSAL);
  await page.goto('/login');
  await submitLogin(page, LOCAL_ACCOUNTS.member.email, 'not-the-password');
  await expectFieldError(page, 'Password', /That password is not right/);
  await expect(page).toHaveURL(/\/login$/);
});

test("a production project's single answer for a wrong password or an unknown address still helps", async ({
  page,
  consoleErrors,
}) => {
  // Projects with email-enumeration protection answer both with INVALID_LOGIN_CREDENTIALS, which the
  // emulator never does: this one answer is stood in for, in the service's own format.
  consoleErrors.allow(SERVICE_REFUSAL);
  await page.goto('/login');
  await page.route('**/accounts:signInWithPassword?**', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 400, message: 'INVALID_LOGIN_CREDENTIALS', errors: [] },
      }),
    }),
  );
  await submitLogin(page, LOCAL_ACCOUNTS.member.email, 'not-the-password');
  const alert = page.locator('.form-error[role="alert"]');
  await expect(alert).toContainText(
    'The email address or password is not right. Check both for typing mistakes',
  );
  await expect(alert).toContainText(
    'use "Forgot your password?" to set a new one; if you have no account yet, create one.',
  );
  // The ways out it names are right there.
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
  await expect(page.locator('main')).not.toContainText('auth/');
});

test('an email address in the wrong format is shown next to the email field', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(SERVICE_REFUSAL);
  await page.goto('/login');
  await submitLogin(page, 'not-an-email', PASSWORD);
  await expectFieldError(page, 'Email address', /right format, like name@example\.co\.uk/);
});

test('a missing password is asked for; an unknown address is named as such', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(SERVICE_REFUSAL);
  await page.goto('/login');
  await submitLogin(page, LOCAL_ACCOUNTS.member.email, '');
  await expectFieldError(page, 'Password', /^Enter your password\.$/);
  // The emulator has no email-enumeration protection: it says user-not-found.
  await page.getByLabel('Email address').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectFieldError(page, 'Email address', /no account with this email address/);
  // The earlier message is gone: one problem at a time, the current one.
  await expect(page.getByLabel('Password', { exact: true })).not.toHaveAttribute('aria-invalid');
});

test('a weak password is shown next to the password field, with the rule', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(SERVICE_REFUSAL);
  await register(page, uniqueEmail('weak'), '12345');
  await expectFieldError(page, 'Password', /at least 6 characters/);
});

test('an email address already in use is shown next to the email field', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(SERVICE_REFUSAL);
  await register(page, LOCAL_ACCOUNTS.member.email, PASSWORD);
  await expectFieldError(page, 'Email address', /already an account with this email address/);
});

test('two different passwords are caught before anything is sent', async ({ page }) => {
  const requests: string[] = [];
  page.on(
    'request',
    (request) => void (request.url().includes('identitytoolkit') && requests.push(request.url())),
  );
  await register(page, uniqueEmail('differ'), PASSWORD, `${PASSWORD}!`);
  await expectFieldError(page, 'Confirm password', /two passwords are different/);
  expect(requests).toEqual([]);
});

test('?next= is honoured when it is a path on this site', async ({ page }) => {
  await signIn(page, LOCAL_ACCOUNTS.member.email, LOCAL_ACCOUNTS.member.password, '/faqs');
  await expect(page).toHaveURL(/\/faqs$/);
});

test('an off-site next is refused after a real sign-in: the visitor lands on the home page of this site', async ({
  page,
  baseURL,
}) => {
  test.slow(); // a real sign-in through the form for each of the off-site spellings
  const origin = new URL(baseURL!).origin;
  // Should the page leave, the other site answers at once (there is no network) and the URL says where.
  await page.route(
    (url) => url.origin !== origin,
    (route) => route.fulfill({ contentType: 'text/html', body: '<title>Another site</title>' }),
  );
  for (const { next } of OFF_SITE_NEXTS.filter((entry) => entry.inBrowser)) {
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await submitLogin(page, LOCAL_ACCOUNTS.member.email, LOCAL_ACCOUNTS.member.password);
    await page.waitForURL((url) => url.pathname !== '/login');
    expect(page.url(), JSON.stringify(next)).toBe(`${origin}/`);
    // Signed out again for the next spelling (the session is kept in localStorage).
    await page.evaluate(() => localStorage.clear());
  }
});

test('an administrator who is already signed in sees who they are, sign out, and a link to /admin', async ({
  page,
}) => {
  await signIn(page, LOCAL_ACCOUNTS.admin.email, LOCAL_ACCOUNTS.admin.password);
  await page.goto('/login');
  const panel = page.locator('[data-state="signed-in"]');
  await expect(panel).toContainText(`You are signed in as ${LOCAL_ACCOUNTS.admin.email}.`);
  await expect(panel.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await panel.getByRole('link', { name: 'Go to the admin area' }).click();
  await expect(page.locator('[data-state="allowed"]')).toBeVisible();
});

test('a network failure shows the network message, and sending again works once it is back', async ({
  page,
  consoleErrors,
}) => {
  // A lost connection is a fault the emulator cannot produce: the request is cut in the browser.
  consoleErrors.allow(/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
  await page.goto('/login');
  await page.route('**/identitytoolkit.googleapis.com/**', (route) =>
    route.abort('internetdisconnected'),
  );
  await submitLogin(page, LOCAL_ACCOUNTS.member.email, LOCAL_ACCOUNTS.member.password);
  const alert = page.locator('.form-error[role="alert"]');
  await expect(alert).toHaveText(
    'We could not reach the sign-in service. Check your internet connection, then try again.',
  );
  await expect(page.locator('main')).not.toContainText('auth/');
  await page.unroute('**/identitytoolkit.googleapis.com/**');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
});

test('the sign-in form works by keyboard alone, with the show-password toggle', async ({
  page,
}) => {
  const email = uniqueEmail('keyboard');
  await createAccount(page, email, PASSWORD);
  await page.goto('/login');
  await page.getByLabel('Email address').focus();
  await page.keyboard.type(email);
  // Focus in the form started the screen: its button can take focus once it is ready.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Show password')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(PASSWORD);
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/');
});
