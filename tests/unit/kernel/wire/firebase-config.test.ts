// The sign-in configuration of a build: from Netlify's build variables, never with emulator
// settings; and FIREBASE_AUTH_EMULATOR_HOST never in a deploy.
import { describe, expect, it } from 'vitest';
import {
  emulatorHostProblem,
  FIREBASE_ENV,
  firebaseConfigFromEnv,
  LOCAL_EMULATOR_CONFIG,
} from '../../../../src/kernel/wire/firebase-config.ts';

const ENV = {
  FIREBASE_API_KEY: 'AIzaSyExampleExampleExampleExample000',
  FIREBASE_AUTH_DOMAIN: 'ardent-site.firebaseapp.com',
  FIREBASE_PROJECT_ID: 'ardent-site',
  FIREBASE_STORAGE_BUCKET: 'ardent-site.firebasestorage.app',
  FIREBASE_APP_ID: '1:123456789:web:abcdef',
};

describe('firebaseConfigFromEnv', () => {
  it('reads the five build variables into the web config, with no emulator settings', () => {
    const { config, missing } = firebaseConfigFromEnv(ENV);
    expect(missing).toEqual([]);
    expect(config).toEqual({
      apiKey: ENV.FIREBASE_API_KEY,
      authDomain: ENV.FIREBASE_AUTH_DOMAIN,
      projectId: ENV.FIREBASE_PROJECT_ID,
      storageBucket: ENV.FIREBASE_STORAGE_BUCKET,
      appId: ENV.FIREBASE_APP_ID,
    });
    expect(config).not.toHaveProperty('emulator');
  });

  it('without them, gives no config and names every missing variable', () => {
    expect(firebaseConfigFromEnv({})).toEqual({
      config: undefined,
      missing: Object.values(FIREBASE_ENV),
    });
  });

  it('with some of them, gives no config and names the missing ones (blank counts as missing)', () => {
    expect(
      firebaseConfigFromEnv({ ...ENV, FIREBASE_APP_ID: ' ', FIREBASE_STORAGE_BUCKET: undefined }),
    ).toEqual({
      config: undefined,
      missing: ['FIREBASE_STORAGE_BUCKET', 'FIREBASE_APP_ID'],
    });
  });

  it('ignores FIREBASE_AUTH_EMULATOR_HOST and anything else: only a local build uses the emulator', () => {
    const { config } = firebaseConfigFromEnv({
      ...ENV,
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      FIREBASE_EMULATOR: 'true',
    });
    expect(config).not.toHaveProperty('emulator');
  });

  it("the local build's config is a demo project through the emulator", () => {
    expect(LOCAL_EMULATOR_CONFIG).toMatchObject({
      projectId: expect.stringMatching(/^demo-/),
      emulator: true,
    });
  });
});

describe('emulatorHostProblem', () => {
  it('stops a Netlify build that has FIREBASE_AUTH_EMULATOR_HOST, saying where to remove it', () => {
    expect(
      emulatorHostProblem({ NETLIFY: 'true', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }),
    ).toMatch(/must only ever be set by local runs.*Environment variables/s);
  });

  it('lets a Netlify build without it, and local runs, through', () => {
    expect(emulatorHostProblem({ NETLIFY: 'true' })).toBeUndefined();
    expect(emulatorHostProblem({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toBeUndefined();
  });
});
