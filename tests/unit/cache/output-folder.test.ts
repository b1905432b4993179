// The output folder: a first build is swapped in whole; a rebuild writes only what changed and
// removes what is no longer made; a failed build leaves the folder as it was.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeOutputFolder } from '../../../src/cache/output-folder.ts';
import { MANIFEST_PATH } from '../../../src/emit/build-files.ts';
import type { OutputWriter } from '../../../src/emit/writer.ts';

const root = mkdtempSync(path.join(tmpdir(), 'output-folder-'));
const outDir = path.join(root, 'dist');
const cacheDir = path.join(root, 'cache');

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A build that writes these files and a manifest naming the build. */
const build = (files: Record<string, string>, buildId: string) => async (writer: OutputWriter) => {
  await Promise.all([...Object.entries(files).map(([file, text]) => writer.write(file, text)), writer.write(MANIFEST_PATH, JSON.stringify({ buildId }))]);
  return buildId;
};

const list = () => (readdirSync(outDir, { recursive: true }) as string[]).filter((name) => statSync(path.join(outDir, name)).isFile()).sort();
const read = (file: string) => readFileSync(path.join(outDir, file), 'utf8');
const past = new Date('2020-01-01T00:00:00Z');
/** Marks every file as old, so a rewrite shows in its modification time. */
const age = () => list().forEach((file) => utimesSync(path.join(outDir, file), past, past));
const rewritten = () => list().filter((file) => statSync(path.join(outDir, file)).mtimeMs !== past.getTime());

describe('writeOutputFolder', () => {
  it('swaps a first build in, then rewrites only changed files and removes the rest', async () => {
    const first = await writeOutputFolder(outDir, cacheDir, build({ 'index.html': 'home', 'about/index.html': 'about', 'old/index.html': 'old' }, 'one'));
    expect(first).toMatchObject({ result: 'one', mode: 'fresh' });
    expect(list()).toEqual(['about/index.html', MANIFEST_PATH, 'index.html', 'old/index.html'].sort());

    age();
    const second = await writeOutputFolder(outDir, cacheDir, build({ 'index.html': 'home', 'about/index.html': 'about, edited', 'new/index.html': 'new' }, 'two'));
    expect(second).toMatchObject({ result: 'two', mode: 'updated', unchanged: 1 });
    expect(list()).toEqual(['about/index.html', MANIFEST_PATH, 'index.html', 'new/index.html'].sort());
    expect(rewritten().sort()).toEqual(['about/index.html', MANIFEST_PATH, 'new/index.html'].sort());
    expect(read('about/index.html')).toBe('about, edited');
    expect(existsSync(path.join(outDir, 'old'))).toBe(false);
  });

  it('leaves the folder as it was when the build fails', async () => {
    const before = list().map((file) => [file, read(file)]);
    const failing = async () => {
      throw new Error('content problems');
    };
    await expect(writeOutputFolder(outDir, cacheDir, failing)).rejects.toThrow('content problems');
    expect(list().map((file) => [file, read(file)])).toEqual(before);
    // And the next build still knows the folder.
    const next = await writeOutputFolder(outDir, cacheDir, build({ 'index.html': 'home', 'about/index.html': 'about, edited', 'new/index.html': 'new' }, 'three'));
    expect(next.mode).toBe('updated');
  });

  it('builds afresh when the folder holds another build than the one it recorded', async () => {
    writeFileSync(path.join(outDir, MANIFEST_PATH), JSON.stringify({ buildId: 'someone-else' }));
    writeFileSync(path.join(outDir, 'stray.html'), 'not ours');
    const result = await writeOutputFolder(outDir, cacheDir, build({ 'index.html': 'home' }, 'four'));
    expect(result.mode).toBe('fresh');
    expect(list()).toEqual([MANIFEST_PATH, 'index.html'].sort());
  });
});
