// Shared pieces of the account browser tests: fresh accounts, the real sign-in form, the
// emulator's out-of-band codes, `npm run admin`, and the console messages the browser itself logs
// when the sign-in service refuses a request. The seeded accounts' saved sessions, for the tests
// about something else: ./e2e/sessions.ts (adminContext below, `test.use({ signedInAs })`).
import { spawnSync } from 'node:child_process';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { LOCAL_PROJECT_ID } from '../../src/kernel/wire/firebase-config.ts';
import { LOCAL_ACCOUNTS } from '../../src/generator/emulators/local-accounts.ts';
import { E2E_AUTH_PORT } from './e2e-ports.ts';
import { signedInContext } from './e2e/sessions.ts';

export { LOCAL_ACCOUNTS };

let counter = 0;
/** An address no other test uses: the emulator is shared by every test of the run. */
export const uniqueEmail = (label: string) =>
  `${label}-${process.pid}-${Date.now().toString(36)}-${(counter += 1)}@test.example`;

/**
 * Chromium logs a console error for every HTTP error response: the sign-in service answers a
 * refused sign-in (wrong password, email in use…) with 400. That line is the browser's, not the
 * site's; anything else still fails the test.
 */
export const SERVICE_REFUSAL =
  /Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(http:\/\/127\.0\.0\.1:\d+\/identitytoolkit\.googleapis\.com\//;

/** Creates an account through the emulator's REST API (on the site's origin), for tests about something else. */
export async function createAccount(page: Page, email: string, password: string): Promise<void> {
  const response = await page.request.post(
    `/identitytoolkit.googleapis.com/v1/accounts:signUp?key=test`,
    { data: { email, password, returnSecureToken: true } },
  );
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * Fills and sends the /login form as a visitor would (the page must be on /login). The screen
 * starts when the visitor turns to the form: its button is enabled once it knows who is signed in.
 */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in on /login and waits until the next page (the home page, or `next`) has opened. */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  next?: string,
): Promise<void> {
  await page.goto(next ? `/login?next=${encodeURIComponent(next)}` : '/login');
  await submitLogin(page, email, password);
  await page.waitForURL((url) => url.pathname === (next ?? '/'));
}

/** The password-reset codes the emulator "sent" to `email`, newest last. */
export async function resetCodesFor(page: Page, email: string): Promise<string[]> {
  const response = await page.request.get(`/emulator/v1/projects/${LOCAL_PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await response.json()) as {
    oobCodes: { email: string; oobCode: string; requestType: string }[];
  };
  return oobCodes
    .filter((code) => code.email === email && code.requestType === 'PASSWORD_RESET')
    .map((code) => code.oobCode);
}

/** `npm run admin -- <args>` against the tests' emulator: its output and exit status. */
export function runAdmin(...args: string[]): { status: number | null; output: string } {
  const result = spawnSync('npm', ['run', '--silent', 'admin', '--', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env: {
      ...process.env,
      AUTH_EMULATOR_PORT: String(E2E_AUTH_PORT),
      FIREBASE_AUTH_EMULATOR_HOST: '',
    },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/**
 * A new context signed in as the seeded administrator, from the session the setup project saved
 * (tests/support/e2e/sessions.ts): no form, no wait for the sign-in service.
 */
export function adminContext(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  return signedInContext(browser, 'admin', options);
}

/**
 * Records every state an account screen shows (its data-state), from the first paint and across
 * navigations, as "path: state": what a visitor could have seen, even for a moment. Call before the
 * first navigation; read the list the function returns.
 */
export async function recordScreenStates(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  await context.exposeBinding(
    '__screenState',
    ({ page }, state: string) => void seen.push(`${new URL(page.url()).pathname}: ${state}`),
  );
  await context.addInitScript(() => {
    let last: string | undefined;
    const note = () => {
      for (const element of document.querySelectorAll<HTMLElement>(
        '[data-screen] [data-state], [data-mount] [data-state]',
      )) {
        const state = element.dataset.state!;
        if (state !== last)
          void (window as unknown as { __screenState(state: string): Promise<void> }).__screenState(
            (last = state),
          );
      }
    };
    new MutationObserver(note).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-state'],
    });
  });
  return seen;
}
