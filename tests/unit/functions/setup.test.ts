// What the local backend adds to its checks' command, from the local server's environment.
import { expect, it } from 'vitest';
import { localChecksFrom } from '../../../src/functions/setup.ts';

it('reads the media library in the Storage emulator the function reads, at its port', () => {
  expect(localChecksFrom({ FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:9199' })).toEqual({
    args: ['--local-library'],
    env: { STORAGE_EMULATOR_PORT: '9199' },
  });
  expect(localChecksFrom({})).toEqual({ args: [] });
});

it('leaves out the gates LOCAL_CHECKS_SKIP names, as check:change --skip does', () => {
  expect(
    localChecksFrom({
      FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:9199',
      LOCAL_CHECKS_SKIP: ' axe,lighthouse ',
    }).args,
  ).toEqual(['--local-library', '--skip', 'axe,lighthouse']);
});

it('never reads the emulator on Netlify', () => {
  expect(
    localChecksFrom({ NETLIFY: 'true', FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:9199' }),
  ).toEqual({ args: [] });
});
