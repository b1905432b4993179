// Quality gates 1, 3, 6 and 8 (axe at 1280 and 375 px, html-validate, console and CSP) on the states
// the account screens reach only in the browser: errors next to their fields, signed in, the reset
// steps, the guard's checking, no-access and failure states. The other gates see the pages as
// they load (routes.spec.ts, and quality-html on dist/).
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { axeViolations } from '../../src/generator/gates/axe.ts';
import { PROJECT_ROOT } from '../support/quality/dist.ts';
import { watchContext } from '../../src/generator/gates/page-watch.ts';
import {
  createAccount,
  LOCAL_ACCOUNTS,
  resetCodesFor,
  SERVICE_REFUSAL,
  submitLogin,
  uniqueEmail,
} from '../support/accounts.ts';
import { signedInContext, type Role } from '../support/e2e/sessions.ts';
import { expect, test } from '../support/e2e/fixtures.ts';

const WIDTHS = [1280, 375] as const;
const PASSWORD = 'account states password';

interface State {
  name: string;
  /** Whose saved session the context starts with (tests/support/e2e/sessions.ts). */
  as?: Role;
  /** Brings the page to the state; resolves to the selector of the element that shows it. */
  reach(page: Page, context: BrowserContext): Promise<string>;
}

const STATES: State[] = [
  {
    name: 'sign-in with a field error and a form error',
    async reach(page) {
      await page.goto('/login');
      await submitLogin(page, LOCAL_ACCOUNTS.member.email, 'wrong password');
      await expect(page.locator('#login-password-error')).toBeVisible();
      return '.account-form';
    },
  },
  {
    name: 'sign-in, already signed in as an administrator',
    as: 'admin',
    async reach(page) {
      await page.goto('/login');
      await expect(page.getByRole('link', { name: 'Go to the admin area' })).toBeVisible();
      return '[data-state="signed-in"]';
    },
  },
  {
    name: 'registration with two errors',
    async reach(page) {
      await page.goto('/register');
      await page.getByLabel('Password', { exact: true }).fill('one');
      await page.getByLabel('Confirm password').fill('two');
      await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.locator('#register-confirm-error')).toBeVisible();
      return '.account-form';
    },
  },
  {
    name: 'registration done',
    async reach(page) {
      await page.goto('/register');
      await page.getByLabel('Email address').fill(uniqueEmail('states'));
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(PASSWORD);
      await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();
      await page.getByRole('button', { name: 'Create account' }).click();
      return '[data-state="registered"]';
    },
  },
  {
    name: 'reset link sent',
    async reach(page) {
      await page.goto('/reset-password');
      await page.getByLabel('Email address').fill(LOCAL_ACCOUNTS.member.email);
      await expect(page.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
      await page.getByRole('button', { name: 'Send reset link' }).click();
      return '[data-state="sent"]';
    },
  },
  {
    name: 'reset: choosing the new password, with an error',
    async reach(page) {
      const email = uniqueEmail('states-reset');
      await createAccount(page, email, PASSWORD);
      await page.request.post('/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=test', {
        data: { requestType: 'PASSWORD_RESET', email },
      });
      const [code] = await resetCodesFor(page, email);
      await page.goto(`/reset-password?mode=resetPassword&oobCode=${code}`);
      await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm new password').fill('something else');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect(page.locator('#reset-confirm-error')).toBeVisible();
      return '.account-form';
    },
  },
  {
    name: 'guarded page, checking (the token refresh held back)',
    as: 'admin',
    async reach(page) {
      await page.route('**/securetoken.googleapis.com/**', () => {});
      await page.goto('/admin');
      await expect(page.locator('[data-state="checking"]')).toBeVisible();
      return '[data-state="checking"]';
    },
  },
  {
    name: 'guarded page, no access',
    as: 'member',
    async reach(page) {
      await page.goto('/integrated-builder');
      return '[data-state="no-access"]';
    },
  },
  {
    name: 'guarded page, the check failed',
    as: 'admin',
    async reach(page) {
      await page.route('**/securetoken.googleapis.com/**', (route) =>
        route.abort('internetdisconnected'),
      );
      await page.goto('/admin');
      return '[data-state="failed"]';
    },
  },
];

/** The browser's own lines for the requests these states make fail on purpose. */
const expectedConsole = (text: string) =>
  SERVICE_REFUSAL.test(text) || /net::ERR_INTERNET_DISCONNECTED/.test(text);
const validator = new HtmlValidate(new FileSystemConfigLoader());

for (const state of STATES) {
  test(`account screen "${state.name}": no axe violation at 1280 and 375 px, valid HTML, no console error or CSP violation`, async ({
    browser,
    baseURL,
  }) => {
    const problems: Record<string, string[]> = {};
    const options = { baseURL, viewport: { width: 1280, height: 800 } };
    const context = state.as
      ? await signedInContext(browser, state.as, options)
      : await browser.newContext(options);
    const watch = await watchContext(context, (message, page) =>
      expectedConsole(`${message.text()} (${message.location().url || page.url()})`),
    );
    try {
      const page = await context.newPage();
      const shown = await state.reach(page, context);
      // The state is reached once and seen at both widths: the page is narrowed as a phone would show it.
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width > 1000 ? 800 : 740 });
        await expect(page.locator(shown)).toBeVisible();
        problems[`axe at ${width} px`] = await axeViolations(page);
      }
      // The screen as the browser now holds it (the rest of the document is the build's, checked in dist/):
      // an account screen, or the app root a builder screen mounts into.
      const screen = await page
        .locator('[data-screen], [data-mount]')
        .first()
        .evaluate((element) => element.outerHTML);
      const report = await validator.validateString(
        screen,
        join(PROJECT_ROOT, 'dist', 'state.html'),
      );
      problems['html-validate'] = report.results.flatMap((result) =>
        result.messages.map(
          (message) => `${message.ruleId}: ${message.message} (${message.selector})`,
        ),
      );
      problems.console = watch.all();
    } finally {
      await context.close();
    }
    expect(
      Object.fromEntries(Object.entries(problems).filter(([, list]) => list.length > 0)),
    ).toEqual({});
  });
}
