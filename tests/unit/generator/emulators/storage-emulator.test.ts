// The local Storage emulator relies on private internals of firebase-tools (pinned exactly): these
// tests fail loudly when an upgrade moves them. It must start without Java, in its own folder, ask
// the policy about every request, and answer the Firebase web SDK (running here in Node, as in the
// browser) for reading; writing as an administrator is covered in the browser (tests/e2e/admin-*.spec.ts)
// and by the policy cases (storage-policy.test.ts).
import { readFileSync } from 'node:fs';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectStorageEmulator, getBytes, getDownloadURL, getMetadata, getStorage, listAll, ref, uploadBytes } from 'firebase/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../src/generator/emulators/auth-emulator.ts';
import { checkInternals, FIREBASE_TOOLS_VERSION, startStorageEmulator, StorageEmulatorError, type StorageEmulator } from '../../../../src/generator/emulators/storage-emulator.ts';
import { seedSamplePhotos, SAMPLE_PHOTOS } from '../../../../src/generator/emulators/sample-photos.ts';

describe('the in-process Storage emulator', () => {
  let emulator: StorageEmulator;
  let app: FirebaseApp;
  beforeAll(async () => {
    const started = performance.now();
    emulator = await startStorageEmulator({ port: await freePort() });
    console.log(`The local Storage emulator was ready in ${((performance.now() - started) / 1000).toFixed(2)} s.`);
    app = initializeApp({ apiKey: 'test', projectId: emulator.projectId, storageBucket: emulator.bucket, appId: 'test' }, `emulator-test-${Date.now()}`);
  });
  afterAll(async () => {
    await deleteApp(app);
    await emulator?.stop();
  });

  it('pins firebase-tools to the version whose internals it uses', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { devDependencies: Record<string, string> };
    expect(manifest.devDependencies['firebase-tools']).toBe(FIREBASE_TOOLS_VERSION);
  });

  it('explains what moved when an upgrade breaks the internals', () => {
    expect(() => checkInternals({}, FIREBASE_TOOLS_VERSION)).toThrow(StorageEmulatorError);
    expect(() => checkInternals({}, FIREBASE_TOOLS_VERSION)).toThrow(/lacks _rulesRuntime\.start\/stop, _rulesManager, getPersistenceTmpDir\(\), getInfo\(\)/);
    const shaped = { _rulesRuntime: { start() {}, stop() {} }, _rulesManager: {}, getPersistenceTmpDir() {}, getInfo() {} };
    expect(() => checkInternals(shaped, '16.0.0')).toThrow(/firebase-tools 16\.0\.0 is installed.*Pin firebase-tools to 15\.34\.2/);
    expect(() => checkInternals(shaped, FIREBASE_TOOLS_VERSION)).not.toThrow();
  });

  it('says so plainly when its port is taken', async () => {
    await expect(startStorageEmulator({ port: emulator.port })).rejects.toThrow(/Port \d+ for the local Storage emulator is already in use.*STORAGE_EMULATOR_PORT/);
  });

  it('answers the web SDK for every call the media library makes, with the policy deciding', async () => {
    const storage = getStorage(app);
    connectStorageEmulator(storage, '127.0.0.1', emulator.port);
    // Nobody is signed in: reading is allowed, writing is not (the policy function answered).
    await expect(uploadBytes(ref(storage, 'media/anonymous.jpg'), new Uint8Array([1, 2, 3]), { contentType: 'image/jpeg' })).rejects.toMatchObject({ code: 'storage/unauthorized' });
    await seedSamplePhotos({ origin: emulator.origin, bucket: emulator.bucket });
    const { items } = await listAll(ref(storage, 'media'));
    expect(items.map((item) => item.fullPath).sort()).toEqual(SAMPLE_PHOTOS.map((photo) => `media/${photo.name}`).sort());
    const kitchen = ref(storage, 'media/kitchen-worktop.jpg');
    const metadata = await getMetadata(kitchen);
    expect(metadata).toMatchObject({ contentType: 'image/jpeg', customMetadata: { alt: expect.stringMatching(/kitchen/) } });
    expect(metadata.md5Hash).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const bytes = new Uint8Array(await getBytes(kitchen));
    expect([...bytes.slice(0, 2)]).toEqual([0xff, 0xd8]);
    const url = await getDownloadURL(kitchen);
    expect(Buffer.from(await (await fetch(url)).arrayBuffer())).toEqual(Buffer.from(bytes));
  });
});
