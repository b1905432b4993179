// DNS rebinding, as a real attack makes it: Chromium resolves another site's name, rebind.example,
// to 127.0.0.1 (--host-resolver-rules), so a page on http://rebind.example:<port> is same-origin
// with everything the local server answers under that name. The server answers only to its own
// names: that page reads neither the enquiries nor /admin's data, even holding the admin's token.
// (Every path and method, and the Host headers allowed and refused: tests/unit/generator/server/allowed-hosts.test.ts.)
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from '../../scripts/ensure-chromium.ts';
import { LOCAL_EMULATOR_CONFIG } from '../../src/kernel/wire/firebase-config.ts';
import { LOCAL_ACCOUNTS } from '../support/accounts.ts';
import { E2E_PORT } from '../support/e2e-ports.ts';
import { expect, test } from '../support/e2e/fixtures.ts';

const REBIND = 'rebind.example';

test("a page on another host name, pointed at 127.0.0.1, reads neither the enquiries nor /admin's data", async ({
  request,
}) => {
  // The admin's real ID token: what a page would use if it could run on the site's origin.
  const signIn = await request.post(
    '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=test',
    { data: { ...LOCAL_ACCOUNTS.admin, returnSecureToken: true } },
  );
  const { idToken } = (await signIn.json()) as { idToken: string };

  const browser = await chromium.launch({
    executablePath: HEADLESS_SHELL_PATH,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${REBIND} 127.0.0.1`],
  });
  try {
    const page = await browser.newPage();
    // What a person opening the site by that name sees: the one line, saying which flag allows it.
    const opened = await page.goto(`http://${REBIND}:${E2E_PORT}/admin`);
    expect(opened?.status()).toBe(403);
    await expect(page.locator('body')).toHaveText(
      /^Blocked request: "rebind\.example" is not one of this server's names; .* start the server with --allowed-host rebind\.example\.\s*$/,
    );

    // The attacking page's own script, same-origin with the server under its name.
    const read = () =>
      page.evaluate(
        async ({ token, bucket }) => {
          const status = async (path: string, authorization?: string) =>
            (await fetch(path, { headers: authorization ? { authorization } : {} })).status;
          return {
            enquiries: await status('/api/enquiries', `Bearer ${token}`),
            proposals: await status('/api/proposals', `Bearer ${token}`),
            library: await status(`/v0/b/${bucket}/o?prefix=media%2F`, `Firebase ${token}`),
            admin: await status('/admin'),
          };
        },
        { token: idToken, bucket: LOCAL_EMULATOR_CONFIG.storageBucket },
      );
    expect(await read()).toEqual({ enquiries: 403, proposals: 403, library: 403, admin: 403 });

    // The same calls from a page on the site's own name answer: the token is good, the name is not.
    await page.goto(`http://127.0.0.1:${E2E_PORT}/`);
    expect(await read()).toEqual({ enquiries: 200, proposals: 200, library: 200, admin: 200 });
  } finally {
    await browser.close();
  }
});
