// The setup project: signs the seeded administrator and member in once per run, through the real
// /login form, and saves each session for the tests that start signed in (tests/support/e2e/sessions.ts).
import { LOCAL_ACCOUNTS, signIn } from '../support/accounts.ts';
import { test } from '../support/e2e/fixtures.ts';
import { sessionFile, type Role } from '../support/e2e/sessions.ts';

for (const role of Object.keys(LOCAL_ACCOUNTS) as Role[]) {
  test(`the seeded ${role} signs in through the form, and the session is kept for the run`, async ({
    page,
  }) => {
    await signIn(page, LOCAL_ACCOUNTS[role].email, LOCAL_ACCOUNTS[role].password);
    await page.context().storageState({ path: sessionFile(role), indexedDB: true });
  });
}
