// The local Auth emulator as npm start runs it (src/generator/emulators/auth-emulator.ts): its API's
// validators are compiled when first used (lazy-api-schemas.mjs), and still refuse what they refused.
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  freePort,
  startAuthEmulator,
  type AuthEmulator,
} from '../../../../src/generator/emulators/auth-emulator.ts';

let emulator: AuthEmulator;
beforeAll(async () => {
  emulator = startAuthEmulator({
    port: await freePort(),
    hubPort: await freePort(),
    loggingPort: await freePort(),
  });
  await emulator.ready;
}, 60_000);
afterAll(() => emulator?.stop());

const call = async (operation: string, body: unknown) => {
  const response = await fetch(
    `${emulator.origin}/identitytoolkit.googleapis.com/v1/accounts:${operation}?key=local`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};

it('makes an account and signs it in', async () => {
  const account = {
    email: 'lazy@ardent.example',
    password: 'a long secret',
    returnSecureToken: true,
  };
  expect((await call('signUp', account)).status).toBe(200);
  const signedIn = await call('signInWithPassword', account);
  expect(signedIn.status).toBe(200);
  expect(signedIn.body.email).toBe(account.email);
});

it("refuses a body its API's schema refuses, in the API's words, on the first call and the next", async () => {
  for (let time = 0; time < 2; time += 1) {
    const refused = await call('signInWithPassword', {
      email: 'lazy@ardent.example',
      password: 'a long secret',
      returnSecureToken: 'yes',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(
      'Invalid JSON payload received. /returnSecureToken must be boolean',
    );
  }
});
