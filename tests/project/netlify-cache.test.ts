// Warm Netlify builds (netlify.toml, netlify-plugin-cache): each build starts from a fresh clone
// of the repository, so every content file has a new inode and new times, and the plugin copies
// .cache/ and dist/ back from Netlify's cache. `npm run build` then converts and renders only
// what the change touched. Without dist/, the cache still spares the conversion of unchanged
// files, but every page is rendered again: why netlify.toml keeps dist/ as well.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editText, PROJECT_ROOT, REAL_CONTENT } from '../support/sites.ts';

let root: string;
/** The repository's working folders on the build machine, at the same paths every build. */
let content: string;
let cache: string;
let dist: string;
/** Netlify's cache, between builds. */
let saved: string;

interface Work {
  converted: number;
  files: number;
  rendered: number;
  pages: number;
}

/** `npm run build` as Netlify runs it; the counts of its work line. */
function build(): Promise<Work> {
  const { CONTEXT: _, URL: __, ...env } = process.env;
  const args = ['scripts/run.mjs', 'build', '--content', content, '--out', dist, '--cache', cache];
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      args,
      { cwd: PROJECT_ROOT, timeout: 120_000, env },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`build failed: ${stderr}`));
        const work =
          /^Converted (\d+) of (\d+) content files and rendered (\d+) of (\d+) pages/m.exec(stdout);
        if (!work) return reject(new Error(`no work line in:\n${stdout}`));
        const [converted, files, rendered, pages] = work.slice(1).map(Number) as [
          number,
          number,
          number,
          number,
        ];
        resolve({ converted, files, rendered, pages });
      },
    );
  });
}

/** A new build machine: a fresh clone of the content, nothing else. */
async function freshClone(): Promise<void> {
  await Promise.all([content, cache, dist].map((dir) => rm(dir, { recursive: true, force: true })));
  await cp(REAL_CONTENT, content, { recursive: true });
}

/** The plugin's onSuccess: copy each path into Netlify's cache. */
async function saveCache(paths: string[]): Promise<void> {
  await rm(saved, { recursive: true, force: true });
  await mkdir(saved, { recursive: true });
  for (const dir of paths) await cp(dir, path.join(saved, path.basename(dir)), { recursive: true });
}

/** The plugin's onPreBuild: copy each cached path back (new inodes and times, as any copy). */
async function restoreCache(paths: string[]): Promise<void> {
  for (const dir of paths) await cp(path.join(saved, path.basename(dir)), dir, { recursive: true });
}

/** Every file of an output folder but the two that name the build, by path. */
async function outputFiles(dir: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = new Map<string, Buffer>();
  for (const entry of entries.filter(
    (each) => each.isFile() && !/^(build-manifest|latest-build)\.json$/.test(each.name),
  )) {
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file), await readFile(file));
  }
  return files;
}

let cold: Work;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'netlify-cache-'));
  content = path.join(root, 'repo', 'content');
  cache = path.join(root, 'repo', '.cache');
  dist = path.join(root, 'repo', 'dist');
  saved = path.join(root, 'netlify-cache');
  // The first build of the site on Netlify: nothing cached.
  await freshClone();
  cold = await build();
  await saveCache([cache, dist]);
}, 180_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A deploy preview of a pull request that changes one area page's text. */
async function onePageChange(): Promise<void> {
  await editText(
    content,
    'areas/bickley.md',
    '\n## ',
    '\n## Homes in and around Bickley\n\nA sentence added by the pull request.\n\n## ',
  );
}

describe('a Netlify build after a one-file change', () => {
  it('cold: converts every file and renders every page', () => {
    expect(cold.converted).toBe(cold.files);
    expect(cold.rendered).toBe(cold.pages);
    expect(cold.pages).toBeGreaterThan(40);
  });

  it('with .cache/ and dist/ restored: converts and renders only the changed page, and writes what a cold build writes', async () => {
    await freshClone();
    await onePageChange();
    await restoreCache([cache, dist]);
    const warm = await build();
    expect(warm).toEqual({ converted: 1, files: cold.files, rendered: 1, pages: cold.pages });
    const warmOutput = await outputFiles(dist);
    expect(warmOutput.get('cleaning-services-bickley.html')?.toString()).toContain(
      'A sentence added by the pull request.',
    );

    // The same commit built with nothing cached gives the same files.
    await rm(cache, { recursive: true, force: true });
    await rm(dist, { recursive: true, force: true });
    const again = await build();
    expect(again.rendered).toBe(again.pages);
    const coldOutput = await outputFiles(dist);
    expect([...warmOutput.keys()].sort()).toEqual([...coldOutput.keys()].sort());
    for (const [file, bytes] of coldOutput)
      expect(Buffer.compare(warmOutput.get(file)!, bytes), file).toBe(0);
  }, 180_000);

  it('with .cache/ alone restored: converts only the changed file, but renders every page', async () => {
    await freshClone();
    await onePageChange();
    await restoreCache([cache]);
    const warm = await build();
    expect(warm).toEqual({
      converted: 1,
      files: cold.files,
      rendered: cold.pages,
      pages: cold.pages,
    });
  }, 180_000);
});
