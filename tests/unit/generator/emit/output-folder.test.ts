// The output folder: a first build is swapped in whole; a rebuild writes only what changed and
// removes what is no longer made; a failed build leaves the folder as it was.
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BuildFile } from '../../../../src/kernel/wire/build-files.ts';
import { OutputFolder } from '../../../../src/generator/emit/output-folder.ts';

const root = mkdtempSync(path.join(tmpdir(), 'output-folder-'));
const outDir = path.join(root, 'dist');
const cacheDir = path.join(root, 'cache');

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A build that writes these files and a manifest naming the build, in a new process (a folder opened afresh). */
async function build(
  files: Record<string, string>,
  buildId: string,
  fail = false,
): Promise<OutputFolder> {
  const folder = await OutputFolder.open(outDir, cacheDir);
  folder.begin();
  try {
    await Promise.all(Object.entries(files).map(([file, text]) => folder.write(file, text)));
    if (fail) throw new Error('content problems');
    await folder.write(BuildFile.Manifest, JSON.stringify({ buildId }));
    await folder.commit(buildId);
  } catch (error) {
    await folder.discard();
    throw error;
  }
  return folder;
}

const list = () =>
  (readdirSync(outDir, { recursive: true }) as string[])
    .filter((name) => statSync(path.join(outDir, name)).isFile())
    .sort();
const read = (file: string) => readFileSync(path.join(outDir, file), 'utf8');
const past = new Date('2020-01-01T00:00:00Z');
/** Marks every file as old, so a rewrite shows in its modification time. */
const age = () => list().forEach((file) => utimesSync(path.join(outDir, file), past, past));
const rewritten = () =>
  list().filter((file) => statSync(path.join(outDir, file)).mtimeMs !== past.getTime());

describe('the output folder', () => {
  it('swaps a first build in, then rewrites only changed files and removes the rest', async () => {
    const first = await build(
      { 'index.html': 'home', 'about/index.html': 'about', 'old/index.html': 'old' },
      'one',
    );
    expect(first.fresh).toBe(false);
    expect(list()).toEqual(
      ['about/index.html', BuildFile.Manifest, 'index.html', 'old/index.html'].sort(),
    );

    age();
    const second = await build(
      { 'index.html': 'home', 'about/index.html': 'about, edited', 'new/index.html': 'new' },
      'two',
    );
    expect(second.written).toBe(3);
    expect(list()).toEqual(
      ['about/index.html', BuildFile.Manifest, 'index.html', 'new/index.html'].sort(),
    );
    expect(rewritten().sort()).toEqual(
      ['about/index.html', BuildFile.Manifest, 'new/index.html'].sort(),
    );
    expect(read('about/index.html')).toBe('about, edited');
    expect(existsSync(path.join(outDir, 'old'))).toBe(false);
  });

  it('leaves the folder as it was when the build fails', async () => {
    const before = list().map((file) => [file, read(file)]);
    await expect(build({}, 'failing', true)).rejects.toThrow('content problems');
    expect(list().map((file) => [file, read(file)])).toEqual(before);
    // And the next build still knows the folder: it writes in place.
    const next = await OutputFolder.open(outDir, cacheDir);
    next.begin();
    expect(next.fresh).toBe(false);
    expect(next.known('index.html')).toBeDefined();
  });

  it('builds afresh when the folder holds another build than the one it recorded', async () => {
    writeFileSync(
      path.join(outDir, BuildFile.Manifest),
      JSON.stringify({ buildId: 'someone-else' }),
    );
    writeFileSync(path.join(outDir, 'stray.html'), 'not ours');
    const folder = await OutputFolder.open(outDir, cacheDir);
    folder.begin();
    expect(folder.fresh).toBe(true);
    await folder.discard();
    await build({ 'index.html': 'home' }, 'four');
    expect(list()).toEqual([BuildFile.Manifest, 'index.html'].sort());
  });

  it('names a build by its files, leaving out the two that name it', async () => {
    const folder = await OutputFolder.open(path.join(root, 'ids'));
    folder.begin();
    await folder.write('index.html', 'home');
    const id = folder.buildId();
    await folder.write(BuildFile.Manifest, JSON.stringify({ buildId: id }));
    expect(folder.buildId()).toBe(id);
    await folder.write('index.html', 'home, edited');
    expect(folder.buildId()).not.toBe(id);
    await folder.discard();
  });
});
