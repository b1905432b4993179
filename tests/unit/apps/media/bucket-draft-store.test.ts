// The builder's drafts in the Storage bucket (the DraftStore interface the block builder plugs in),
// with the Firebase web SDK against the local Auth and Storage emulators: an administrator saves,
// lists (newest first), reads, replaces and deletes drafts; a signed-in account without the admin
// role can do none of it (storage.rules, drafts/).
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { connectStorageEmulator, getStorage } from 'firebase/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_EMULATOR_CONFIG } from '../../../../src/kernel/wire/firebase-config.ts';
import { freePort } from '../../../../src/generator/emulators/auth-emulator.ts';
import { LOCAL_ACCOUNTS } from '../../../../src/generator/emulators/local-accounts.ts';
import {
  startLocalServices,
  type LocalServices,
} from '../../../../src/generator/emulators/local-services.ts';
import { BucketDraftStore } from '../../../../src/apps/media/bucket-draft-store.ts';

interface Draft {
  id: string;
  updated: number;
  title: string;
}

let services: LocalServices;
let app: FirebaseApp;
let store: BucketDraftStore<Draft>;

beforeAll(async () => {
  const [port, storagePort, hubPort, loggingPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  services = startLocalServices({ port, storagePort, hubPort, loggingPort });
  await services.ready;
  const { emulator: _local, ...options } = LOCAL_EMULATOR_CONFIG;
  app = initializeApp(options, `drafts-${Date.now()}`);
  connectAuthEmulator(getAuth(app), services.emulator.origin, { disableWarnings: true });
  const storage = getStorage(app);
  connectStorageEmulator(storage, '127.0.0.1', storagePort);
  store = new BucketDraftStore<Draft>(storage);
}, 90_000);
afterAll(async () => {
  if (app) await deleteApp(app);
  await services?.stop();
});

describe('BucketDraftStore', () => {
  it('keeps an administrator’s drafts in drafts/, newest first, and forgets a deleted one', async () => {
    await signInWithEmailAndPassword(
      getAuth(app),
      LOCAL_ACCOUNTS.admin.email,
      LOCAL_ACCOUNTS.admin.password,
    );
    expect(store.label).toBe('Storage bucket');
    await store.put({ id: 'home-page', updated: 1, title: 'Home' });
    await store.put({ id: 'about-page', updated: 2, title: 'About' });
    expect((await store.list()).map((draft) => draft.id)).toEqual(['about-page', 'home-page']);
    await store.put({ id: 'home-page', updated: 3, title: 'Home, again' });
    expect(await store.get('home-page')).toEqual({
      id: 'home-page',
      updated: 3,
      title: 'Home, again',
    });
    expect((await store.list()).map((draft) => draft.id)).toEqual(['home-page', 'about-page']);
    await store.delete('about-page');
    await store.delete('about-page');
    expect(await store.get('about-page')).toBeUndefined();
    expect((await store.list()).map((draft) => draft.id)).toEqual(['home-page']);
    await expect(store.put({ id: '../media/x', updated: 4, title: 'Escaping' })).rejects.toThrow(
      /is not one/,
    );
  });

  it('asks for no draft by name that the bucket does not hold: one never copied reads as none and deletes as done, without a 404', async () => {
    await signInWithEmailAndPassword(
      getAuth(app),
      LOCAL_ACCOUNTS.admin.email,
      LOCAL_ACCOUNTS.admin.password,
    );
    // Every request the SDK makes (it fetches): a 404 for an object is an error the browser logs.
    const requests: { url: string; status: number }[] = [];
    const fetched = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      const response = await fetched(input, init);
      requests.push({
        url: String(input instanceof Request ? input.url : input),
        status: response.status,
      });
      return response;
    };
    try {
      expect(await store.get('only-in-this-browser')).toBeUndefined();
      await store.delete('only-in-this-browser');
    } finally {
      globalThis.fetch = fetched;
    }
    expect(requests.length).toBeGreaterThan(0);
    expect(
      requests.filter(
        (request) => request.url.includes('only-in-this-browser') || request.status === 404,
      ),
    ).toEqual([]);
  });

  it('refuses an account without the admin role', async () => {
    await signOut(getAuth(app));
    await signInWithEmailAndPassword(
      getAuth(app),
      LOCAL_ACCOUNTS.member.email,
      LOCAL_ACCOUNTS.member.password,
    );
    await expect(store.list()).rejects.toMatchObject({ code: 'storage/unauthorized' });
    await expect(store.get('home-page')).rejects.toMatchObject({ code: 'storage/unauthorized' });
    await expect(store.put({ id: 'member', updated: 5, title: 'Mine' })).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });
  });
});
