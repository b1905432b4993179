import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  forgetBuild,
  inputsDigest,
  recordBuild,
  unchangedBuild,
  type BuildInputs,
} from '../../../../src/generator/cache/unchanged-build.ts';

let root: string;
let inputs: BuildInputs;
const cacheDir = () => path.join(root, '.cache');
const last = { buildId: 'build-one', pages: 2, files: 5, bytes: 1234 };

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'unchanged-build-'));
  inputs = {
    contentDir: path.join(root, 'content'),
    publicDir: path.join(root, 'public'),
    outDir: path.join(root, 'dist'),
    siteUrl: undefined,
    now: new Date('2026-11-21T12:00:00Z'),
    code: { load: 'load-1', render: 'render-1', all: 'all-1' },
  };
  await mkdir(path.join(inputs.contentDir, 'areas'), { recursive: true });
  await mkdir(path.join(inputs.publicDir, 'images'), { recursive: true });
  await mkdir(inputs.outDir, { recursive: true });
  await writeFile(
    path.join(inputs.contentDir, 'areas', 'orpington.md'),
    '---\ntitle: Orpington\n---\nText.\n',
  );
  await writeFile(path.join(inputs.publicDir, 'images', 'logo.svg'), '<svg/>');
  await writeFile(
    path.join(inputs.outDir, 'build-manifest.json'),
    JSON.stringify({ buildId: 'build-one' }),
  );
  await recordBuild(cacheDir(), inputs.outDir, inputsDigest(inputs), last);
});

afterEach(() => rm(root, { recursive: true, force: true }));

const check = (changed: Partial<BuildInputs> = {}) => {
  const now = { ...inputs, ...changed };
  return unchangedBuild(cacheDir(), now.outDir, inputsDigest(now));
};

describe('a rebuild with nothing to do (npm run build)', () => {
  it('is recognised when no input changed and the output folder holds the recorded build', () => {
    expect(check()).toEqual(last);
  });

  it('is not, once a content file is edited, added or removed', async () => {
    const file = path.join(inputs.contentDir, 'areas', 'orpington.md');
    await writeFile(file, '---\ntitle: Orpington\n---\nNew text.\n');
    expect(check()).toBeNull();
  });

  it('is not when a content file is only touched (its times change), nor when one is added', async () => {
    const file = path.join(inputs.contentDir, 'areas', 'orpington.md');
    await utimes(file, new Date(), new Date(Date.now() + 5000));
    expect(check()).toBeNull();
    await recordBuild(cacheDir(), inputs.outDir, inputsDigest(inputs), last);
    expect(check()).toEqual(last);
    await writeFile(
      path.join(inputs.contentDir, 'areas', 'bromley.md'),
      '---\ntitle: Bromley\n---\n',
    );
    expect(check()).toBeNull();
  });

  it('is not when a public file (an image) changes', async () => {
    await writeFile(path.join(inputs.publicDir, 'images', 'logo.svg'), '<svg viewBox="0 0 1 1"/>');
    expect(check()).toBeNull();
  });

  it("is not when the generator's code, the site URL or the footer's year changes", () => {
    expect(check({ code: { load: 'load-1', render: 'render-2', all: 'all-1' } })).toBeNull();
    expect(check({ code: { load: 'load-2', render: 'render-1', all: 'all-1' } })).toBeNull();
    expect(check({ siteUrl: 'https://deploy-preview-7--ardent.netlify.app' })).toBeNull();
    expect(check({ now: new Date('2027-01-01T00:00:01Z') })).toBeNull();
    // Another day of the same year shows nothing new.
    expect(check({ now: new Date('2026-12-30T09:00:00Z') })).toEqual(last);
  });

  it('is not when the output folder holds another build, or none', async () => {
    await writeFile(
      path.join(inputs.outDir, 'build-manifest.json'),
      JSON.stringify({ buildId: 'build-two' }),
    );
    expect(check()).toBeNull();
    await rm(inputs.outDir, { recursive: true });
    expect(check()).toBeNull();
  });

  it('is not for another output folder, nor once a build has started (the record is forgotten first)', async () => {
    expect(check({ outDir: path.join(root, 'elsewhere') })).toBeNull();
    await forgetBuild(cacheDir(), inputs.outDir);
    expect(check()).toBeNull();
  });
});
