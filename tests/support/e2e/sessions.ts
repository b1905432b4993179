// The seeded accounts' sessions, signed in once per run. The setup project (tests/e2e/sessions.setup.ts)
// signs the administrator and the member in through the real /login form and saves each browser's
// storage; every test that needs someone signed in starts from that file instead of the form. The
// Firebase SDK keeps its session in the origin's storage (and a heartbeat store in IndexedDB), which
// Playwright carries with `storageState({ path, indexedDB: true })`. Tests of signing in itself still
// use the form (tests/support/accounts.ts).
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext } from '@playwright/test';

export type Role = 'admin' | 'member';

/** Where the setup project leaves each role's session: under .cache/ (git-ignored, never uploaded with test-results/). */
export const sessionFile = (role: Role) =>
  fileURLToPath(new URL(`../../../.cache/e2e-sessions/${role}.json`, import.meta.url));

/** Which role each context started signed in as (set by the fixtures, signedInContext and useSession). */
const roles = new WeakMap<BrowserContext, Role>();

export function noteSession(context: BrowserContext, role: Role): void {
  roles.set(context, role);
}

/** A new context signed in as `role`, with the other options given. */
export async function signedInContext(
  browser: Browser,
  role: Role,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ ...options, storageState: sessionFile(role) });
  noteSession(context, role);
  return context;
}

/**
 * Makes sure `context` holds `role`'s session: a context that started signed in as someone else, or
 * no one, is given the saved session (which replaces its cookies and storage: call it before the
 * test keeps anything of its own there).
 */
export async function useSession(context: BrowserContext, role: Role): Promise<void> {
  if (roles.get(context) === role) return;
  await context.setStorageState(sessionFile(role));
  noteSession(context, role);
}
