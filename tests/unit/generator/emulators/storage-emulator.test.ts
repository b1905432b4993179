// The local Storage emulator relies on private internals of firebase-tools (pinned exactly): these
// tests fail loudly when an upgrade moves them. It must start without Java, in its own folder, ask
// the policy about every request, and answer the Firebase web SDK (running here in Node, as in the
// browser) for reading; writing as an administrator is covered in the browser (tests/e2e/admin-*.spec.ts)
// and by the policy cases (storage-policy.test.ts). No request may bring down the process it shares
// with the site server.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Server } from 'node:http';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectStorageEmulator,
  getBytes,
  getDownloadURL,
  getMetadata,
  getStorage,
  listAll,
  ref,
  uploadBytes,
} from 'firebase/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../src/generator/emulators/auth-emulator.ts';
import {
  checkInternals,
  FIREBASE_TOOLS_VERSION,
  startStorageEmulator,
  StorageEmulatorError,
  type StorageEmulator,
} from '../../../../src/generator/emulators/storage-emulator.ts';
import {
  seedSamplePhotos,
  SAMPLE_PHOTOS,
} from '../../../../src/generator/emulators/sample-photos.ts';
import { thumbnailFolderOf } from '../../../../src/kernel/wire/thumbnail-rules.ts';
import {
  EMULATOR_OWNER,
  updateObjectMetadata,
  uploadObject,
} from '../../../../src/generator/emulators/storage-rest.ts';
import { createSiteServer } from '../../../../src/generator/server/create-server.ts';
import { emulatorProxy } from '../../../../src/generator/server/emulator-proxy.ts';
import { close, createFixture, get, listen, silentLogger } from '../../../support/server-site.ts';

describe('the in-process Storage emulator', () => {
  let emulator: StorageEmulator;
  let app: FirebaseApp;
  const logged: string[] = [];
  beforeAll(async () => {
    const started = performance.now();
    emulator = await startStorageEmulator({
      port: await freePort(),
      log: (message) => logged.push(message),
    });
    console.log(
      `The local Storage emulator was ready in ${((performance.now() - started) / 1000).toFixed(2)} s.`,
    );
    app = initializeApp(
      {
        apiKey: 'test',
        projectId: emulator.projectId,
        storageBucket: emulator.bucket,
        appId: 'test',
      },
      `emulator-test-${Date.now()}`,
    );
  });
  afterAll(async () => {
    await deleteApp(app);
    await emulator?.stop();
  });

  it('pins firebase-tools to the version whose internals it uses', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    expect(manifest.devDependencies['firebase-tools']).toBe(FIREBASE_TOOLS_VERSION);
  });

  it('explains what moved when an upgrade breaks the internals', () => {
    expect(() => checkInternals({}, FIREBASE_TOOLS_VERSION)).toThrow(StorageEmulatorError);
    expect(() => checkInternals({}, FIREBASE_TOOLS_VERSION)).toThrow(
      /lacks _rulesRuntime\.start\/stop, _rulesManager, getPersistenceTmpDir\(\), getInfo\(\), getApp\(\)/,
    );
    const shaped = {
      _rulesRuntime: { start() {}, stop() {} },
      _rulesManager: {},
      getPersistenceTmpDir() {},
      getInfo() {},
      getApp() {},
    };
    expect(() => checkInternals(shaped, '16.0.0')).toThrow(
      /firebase-tools 16\.0\.0 is installed.*Pin firebase-tools to 15\.34\.2/,
    );
    expect(() => checkInternals(shaped, FIREBASE_TOOLS_VERSION)).not.toThrow();
  });

  it('says so plainly when its port is taken', async () => {
    await expect(startStorageEmulator({ port: emulator.port })).rejects.toThrow(
      /Port \d+ for the local Storage emulator is already in use.*STORAGE_EMULATOR_PORT/,
    );
  });

  it('answers the web SDK for every call the media library makes, with the policy deciding', async () => {
    const storage = getStorage(app);
    connectStorageEmulator(storage, '127.0.0.1', emulator.port);
    // Nobody is signed in: reading is allowed, writing is not (the policy function answered).
    await expect(
      uploadBytes(ref(storage, 'media/anonymous.jpg'), new Uint8Array([1, 2, 3]), {
        contentType: 'image/jpeg',
      }),
    ).rejects.toMatchObject({ code: 'storage/unauthorized' });
    await seedSamplePhotos({ origin: emulator.origin, bucket: emulator.bucket });
    const { items } = await listAll(ref(storage, 'media'));
    expect(items.map((item) => item.fullPath).sort()).toEqual(
      SAMPLE_PHOTOS.map((photo) => `media/${photo.name}`).sort(),
    );
    const kitchen = ref(storage, 'media/kitchen-worktop.jpg');
    const metadata = await getMetadata(kitchen);
    // Each with its thumbnail, as the library's screen stores them: named after the photo's generation and size, WebP, 480 pixels wide.
    const thumbnails = await listAll(ref(storage, thumbnailFolderOf('media/kitchen-worktop.jpg')));
    expect(thumbnails.items.map((item) => item.name)).toEqual([
      `${metadata.generation}-1600x1067.webp`,
    ]);
    expect(await sharp(Buffer.from(await getBytes(thumbnails.items[0]!))).metadata()).toMatchObject(
      { format: 'webp', width: 480, height: 320 },
    );
    expect(metadata).toMatchObject({
      contentType: 'image/jpeg',
      customMetadata: { alt: expect.stringMatching(/kitchen/) },
    });
    expect(metadata.md5Hash).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const bytes = new Uint8Array(await getBytes(kitchen));
    expect(bytes.subarray(0, 2)).toEqual(new Uint8Array([0xff, 0xd8]));
    const url = await getDownloadURL(kitchen);
    expect(Buffer.from(await (await fetch(url)).arrayBuffer())).toEqual(Buffer.from(bytes));
  });

  it('answers an error in a request with 500 and words, logs it, and the site and the emulator keep serving', async () => {
    const fixture = createFixture();
    const server: Server = await createSiteServer({
      root: fixture.root,
      netlifyToml: fixture.netlifyToml,
      logger: silentLogger,
      extraRoutes: emulatorProxy({ storage: emulator.host }),
    });
    try {
      const port = await listen(server);
      // An administrator marks a photo gzip-encoded; its bytes are not, so the emulator cannot unzip them.
      const address = { origin: emulator.origin, bucket: emulator.bucket };
      expect(
        (
          await uploadObject(
            address,
            'media/not-gzip.jpg',
            new Uint8Array([0xff, 0xd8, 0xff, 0xd9]),
            { contentType: 'image/jpeg' },
            EMULATOR_OWNER,
          )
        ).ok,
      ).toBe(true);
      expect(
        (
          await updateObjectMetadata(
            address,
            'media/not-gzip.jpg',
            { contentEncoding: 'gzip' },
            EMULATOR_OWNER,
          )
        ).ok,
      ).toBe(true);
      const objects = `/v0/b/${emulator.bucket}/o`;
      const download = await get(port, `${objects}/media%2Fnot-gzip.jpg?alt=media`);
      expect(download.status).toBe(500);
      expect(download.text).toMatch(
        /could not answer this request \(incorrect header check\).*keep running/,
      );
      expect(logged.join('\n')).toMatch(
        /The local Storage emulator failed on GET .*not-gzip\.jpg\?alt=media: Error: incorrect header check/,
      );
      expect((await get(port, `${objects}/media%2Fnot-gzip.jpg`)).status).toBe(200);
      expect((await get(port, '/about')).status).toBe(200);
    } finally {
      await close(server);
      fixture.cleanup();
    }
  });
});
