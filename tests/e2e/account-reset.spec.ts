// Password reset in Chromium against the real local Auth emulator: the request always confirms in
// the same words; the emailed link (its code read from the emulator's out-of-band codes) sets a new
// password and signs in with it; the old password no longer works.
import type { Page } from '@playwright/test';
import {
  createAccount,
  resetCodesFor,
  SERVICE_REFUSAL,
  signIn,
  submitLogin,
  uniqueEmail,
} from '../support/accounts.ts';
import { expect, test } from '../support/e2e/fixtures.ts';

const OLD_PASSWORD = 'first password here';
const NEW_PASSWORD = 'second password here';

async function requestReset(page: Page, email: string): Promise<string> {
  await page.goto('/reset-password');
  await page.getByLabel('Email address').fill(email);
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const sent = page.locator('[data-state="sent"]');
  await expect(sent.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  return (await sent.getByRole('status').innerText()).replace(email, '<email>');
}

test('reset request → the emailed link sets a new password and signs in → the new password works, the old one does not', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(SERVICE_REFUSAL);
  const email = uniqueEmail('reset');
  await createAccount(page, email, OLD_PASSWORD);
  await requestReset(page, email);
  const codes = await resetCodesFor(page, email);
  expect(codes, 'the emulator sent one reset email').toHaveLength(1);

  // The link in the email, on this site.
  await page.goto(
    `/reset-password?mode=resetPassword&oobCode=${encodeURIComponent(codes[0]!)}&apiKey=local-emulator-key&lang=en`,
  );
  await expect(page.getByText('Choose a new password for your account.')).toBeVisible();
  await expect(page.getByLabel('Account')).toHaveValue(email);
  await expect(page.getByLabel('Account')).toHaveAttribute('autocomplete', 'username');
  await expect(page.locator('#reset-password-hint')).toHaveText(/at least 6 characters/);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  const done = page.locator('[data-state="password-changed"]');
  await expect(done.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();
  await expect(done).toContainText(`You are signed in as ${email}.`);
  // The spent code is gone from the address: a reload does not try it again.
  await expect(page).toHaveURL(/\/reset-password$/);

  await done.getByRole('button', { name: 'Sign out' }).click();
  await page.goto('/login');
  await submitLogin(page, email, OLD_PASSWORD);
  await expect(page.locator('#login-password-error')).toHaveText(/That password is not right/);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
});

test('the request never reveals whether an account exists: an unknown address gets the same words', async ({
  page,
  consoleErrors,
}) => {
  // The emulator answers an unknown address with 400 EMAIL_NOT_FOUND, which the browser logs.
  consoleErrors.allow(SERVICE_REFUSAL);
  const known = uniqueEmail('known');
  await createAccount(page, known, OLD_PASSWORD);
  const forKnown = await requestReset(page, known);
  const forUnknown = await requestReset(page, uniqueEmail('unknown'));
  expect(forUnknown).toBe(forKnown);
  expect(forKnown).toMatch(/^If there is an account for <email>, we have sent it an email/);
});

test('a link that was used or is not valid says so and offers the request form again', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(SERVICE_REFUSAL);
  await page.goto('/reset-password?mode=resetPassword&oobCode=not-a-real-code');
  await expect(page.locator('.form-error[role="alert"]')).toHaveText(
    /has expired or has already been used\. Ask for a new link below/,
  );
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
  await expect(page.locator('main')).not.toContainText('auth/');
});

test('an email in the wrong format is shown next to the email field, and nothing is sent', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on(
    'request',
    (request) => void (request.url().includes('identitytoolkit') && requests.push(request.url())),
  );
  await page.goto('/reset-password');
  await page.getByLabel('Email address').fill('nobody-at-all');
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.locator('#reset-email-error')).toHaveText(/right format/);
  await expect(page.getByLabel('Email address')).toBeFocused();
  expect(requests).toEqual([]);
});

test('a signed-in visitor can still ask for a reset link', async ({ page }) => {
  const email = uniqueEmail('signed-in-reset');
  await createAccount(page, email, OLD_PASSWORD);
  await signIn(page, email, OLD_PASSWORD);
  await requestReset(page, email);
  expect(await resetCodesFor(page, email)).toHaveLength(1);
});
