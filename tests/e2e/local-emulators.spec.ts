// `npm start`'s way to the local emulators, through the real server and emulators (the config's
// webServer): only the SDKs' requests pass (src/generator/server/emulator-routes.ts). Raw HTTP, so that dot
// segments reach the server as they were sent.
import { LOCAL_EMULATOR_CONFIG } from '../../src/kernel/wire/firebase-config.ts';
import { EMULATOR_OWNER, uploadObject } from '../../src/generator/emulators/storage-rest.ts';
import { LOCAL_ACCOUNTS } from '../support/accounts.ts';
import { E2E_PORT, E2E_STORAGE_PORT } from '../support/e2e-ports.ts';
import { get } from '../support/server-site.ts';
import { expect, test } from '../support/e2e/fixtures.ts';

test("the emulators' own APIs answer 404 through the site and change nothing", async ({
  request,
}) => {
  const bucket = {
    origin: `http://127.0.0.1:${E2E_STORAGE_PORT}`,
    bucket: LOCAL_EMULATOR_CONFIG.storageBucket,
  };
  const draft = `drafts/proxy-${process.pid}-${Date.now()}.json`;
  // Set up on the emulator's own port, as its owner.
  const stored = await uploadObject(
    bucket,
    draft,
    Buffer.from('{"title":"DRAFT_SECRET"}'),
    { contentType: 'application/json' },
    EMULATOR_OWNER,
  );
  expect(stored.ok).toBe(true);

  // firebase-tools' Cloud Storage API, which checks no rules, behind dot segments.
  const traversal = await get(E2E_PORT, `/v0/b/../../${bucket.bucket}/${draft}`);
  expect(traversal.status).toBe(404);
  expect(traversal.text).not.toContain('DRAFT_SECRET');

  // The Auth emulator's "delete every account".
  expect(
    (
      await get(E2E_PORT, `/emulator/v1/projects/${LOCAL_EMULATOR_CONFIG.projectId}/accounts`, {
        method: 'DELETE',
      })
    ).status,
  ).toBe(404);
  const { email, password } = LOCAL_ACCOUNTS.admin;
  const signIn = await request.post(
    '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=test',
    { data: { email, password, returnSecureToken: true } },
  );
  expect(signIn.status(), 'the seeded administrator still signs in').toBe(200);
});
