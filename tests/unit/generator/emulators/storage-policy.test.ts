// The media library's access policy (tests/support/storage-policy-cases.ts), case by case, against
// the local Storage emulator (its rules: src/generator/emulators/storage-policy.ts) over real HTTP, and against
// the official emulator evaluating storage.rules wherever that can start: skipped elsewhere, with
// the reason printed, but failed where the run requires it (the storage-rules workflow sets
// REQUIRE_OFFICIAL_STORAGE_EMULATOR=true). storage.rules and the browser's upload check name the
// same types and limit.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../src/generator/emulators/auth-emulator.ts';
import {
  startStorageEmulator,
  type StorageEmulator,
} from '../../../../src/generator/emulators/storage-emulator.ts';
import {
  DRAFT_ID_PATTERN,
  MAX_PHOTO_BYTES,
  PHOTO_TYPES,
  uploadProblem,
} from '../../../../src/kernel/wire/media-rules.ts';
import {
  MAX_THUMBNAIL_BYTES,
  readThumbnailName,
  THUMBNAIL_FILE_PATTERN,
  THUMBNAIL_TYPE,
  thumbnailPathOf,
} from '../../../../src/kernel/wire/thumbnail-rules.ts';
import { MEDIA_NAME_PATTERN } from '../../../../src/kernel/wire/library-reference.ts';
import { storagePolicy } from '../../../../src/generator/emulators/storage-policy.ts';
import { MAX_DRAFT_BYTES } from '../../../../src/kernel/wire/media-rules.ts';
import {
  officialEmulatorPlan,
  officialEmulatorUnavailable,
  REQUIRE_OFFICIAL_EMULATOR,
  startOfficialStorageEmulator,
  type OfficialEmulator,
} from '../../../support/official-storage-emulator.ts';
import { attempt, POLICY_CASES } from '../../../support/storage-policy-cases.ts';

const RULES = path.resolve('storage.rules');
/** A path as a test's name: line breaks shown as \n, a long one shortened. */
const shown = (name: string) => {
  const escaped = JSON.stringify(name).slice(1, -1);
  return escaped.length > 60 ? `${escaped.slice(0, 20)}… (${name.length} characters)` : escaped;
};
const named = POLICY_CASES.map(
  (policyCase) =>
    [
      `${policyCase.who} ${policyCase.action} ${shown(policyCase.path)}${policyCase.type ? ` (${policyCase.type}, ${policyCase.size} bytes)` : ''}: ${policyCase.allowed ? 'allowed' : 'denied'}`,
      policyCase,
    ] as const,
);

describe('the policy, in the local Storage emulator', () => {
  let emulator: StorageEmulator;
  beforeAll(async () => {
    emulator = await startStorageEmulator({ port: await freePort() });
  });
  afterAll(() => emulator?.stop());

  it.each(named)('%s', async (_, policyCase) => {
    expect(
      await attempt(
        { origin: emulator.origin, bucket: emulator.bucket },
        emulator.projectId,
        policyCase,
      ),
    ).toBe(policyCase.allowed);
  });
});

const plan = officialEmulatorPlan(officialEmulatorUnavailable(), process.env);
if ('skip' in plan)
  console.warn(
    `Skipped: the policy cases against the official Storage emulator (storage.rules), because ${plan.skip}.`,
  );

describe.skipIf('skip' in plan)(
  'the policy, in the official Storage emulator evaluating storage.rules',
  () => {
    let official: OfficialEmulator;
    beforeAll(async () => {
      if ('fail' in plan) throw new Error(plan.fail);
      official = await startOfficialStorageEmulator(await freePort(), 'demo-ardent', RULES);
    }, 90_000);
    afterAll(() => official?.stop());

    it.each(named)('%s', async (_, policyCase) => {
      expect(
        await attempt(
          { origin: official.origin, bucket: 'demo-ardent.appspot.com' },
          'demo-ardent',
          policyCase,
        ),
      ).toBe(policyCase.allowed);
    });
  },
);

describe('where the official emulator cannot start', () => {
  const reason = 'no Java is installed';

  it('its cases are skipped with the reason, unless the run requires them', () => {
    expect(officialEmulatorPlan(reason, {})).toEqual({ skip: reason });
    expect(officialEmulatorPlan(reason, { [REQUIRE_OFFICIAL_EMULATOR]: 'false' })).toEqual({
      skip: reason,
    });
  });

  it('they fail, naming the reason, where the run requires them', () => {
    expect(officialEmulatorPlan(reason, { [REQUIRE_OFFICIAL_EMULATOR]: 'true' })).toEqual({
      fail: `The official Storage emulator is required (REQUIRE_OFFICIAL_STORAGE_EMULATOR=true), but ${reason}.`,
    });
  });

  it('they run wherever it can start, required or not', () => {
    expect(officialEmulatorPlan(null, {})).toEqual({ run: true });
    expect(officialEmulatorPlan(null, { [REQUIRE_OFFICIAL_EMULATOR]: 'true' })).toEqual({
      run: true,
    });
  });
});

describe('storage.rules, the policy function and the upload check say the same', () => {
  const rules = readFileSync(RULES, 'utf8');

  it('allows the same photo types', () => {
    const pattern = /contentType\.matches\('image\/\(([a-z|]+)\)'\)/.exec(rules)?.[1];
    expect(
      pattern
        ?.split('|')
        .map((type) => `image/${type}`)
        .sort(),
    ).toEqual([...PHOTO_TYPES].sort());
    for (const type of PHOTO_TYPES) expect(uploadProblem({ name: 'a', type, size: 1 })).toBeNull();
    expect(uploadProblem({ name: 'a.gif', type: 'image/gif', size: 1 })).toMatch(
      /not a JPEG, PNG, WebP or AVIF photo/,
    );
  });

  it('has the same size limits', () => {
    expect(rules).toContain('request.resource.size <= 10 * 1024 * 1024');
    expect(MAX_PHOTO_BYTES).toBe(10 * 1024 * 1024);
    expect(
      uploadProblem({ name: 'big.jpg', type: 'image/jpeg', size: MAX_PHOTO_BYTES }),
    ).toBeNull();
    expect(
      uploadProblem({ name: 'big.jpg', type: 'image/jpeg', size: MAX_PHOTO_BYTES + 1 }),
    ).toMatch(/over the 10 MB limit/);
    expect(rules).toContain('request.resource.size <= 1024 * 1024');
    expect(MAX_DRAFT_BYTES).toBe(1024 * 1024);
    expect(rules).toContain('request.resource.size <= 512 * 1024');
    expect(MAX_THUMBNAIL_BYTES).toBe(512 * 1024);
  });

  it('names and types thumbnails the same', () => {
    expect(rules).toContain(`photo.matches('${MEDIA_NAME_PATTERN}')`);
    expect(rules).toContain(`file.matches('${THUMBNAIL_FILE_PATTERN}')`);
    expect(rules).toContain(`request.resource.contentType == '${THUMBNAIL_TYPE}'`);
    const thumbnail = thumbnailPathOf('media/kitchen.jpg', {
      generation: '1700000000000001',
      width: 1600,
      height: 1067,
    });
    expect(thumbnail).toBe('thumbnails/kitchen.jpg/1700000000000001-1600x1067.webp');
    expect(readThumbnailName(thumbnail.split('/').pop()!)).toEqual({
      generation: '1700000000000001',
      width: 1600,
      height: 1067,
    });
    expect(readThumbnailName('latest.webp')).toBeNull();
    expect(
      storagePolicy({
        method: 'create',
        path: thumbnail,
        claims: { admin: true },
        resource: { contentType: THUMBNAIL_TYPE, size: 1 },
      }),
    ).toBe(true);
  });

  it('accepts the same names', () => {
    expect(rules).toContain(`name.matches('${MEDIA_NAME_PATTERN}')`);
    expect(rules).toContain(`name.matches('${DRAFT_ID_PATTERN}[.]json')`);
  });

  it('reads the admin role from the token, as the rules do', () => {
    expect(rules).toContain('request.auth.token.admin == true');
    const create = {
      method: 'create',
      path: 'media/a.jpg',
      resource: { contentType: 'image/jpeg', size: 1 },
    } as const;
    expect(storagePolicy({ ...create, claims: { admin: true } })).toBe(true);
    expect(storagePolicy({ ...create, claims: { admin: 'true' } })).toBe(false);
    expect(storagePolicy({ ...create, claims: null })).toBe(false);
  });
});
