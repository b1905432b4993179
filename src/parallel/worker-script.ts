// The script a build worker thread runs. Under tsx every module a thread imports goes through
// tsx's loader, a few milliseconds each: a worker importing the generator (a few hundred modules)
// took a second or more to start, longer than the work it was started for on a site of a few
// hundred pages. So the worker's code is bundled by esbuild (already the bundle stage's tool) into
// one plain JavaScript file, once per version of the code, kept in node_modules/.cache/ (from where
// the few packages left out of it resolve). If that fails, the worker runs the sources under tsx.
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { codeKeys, GENERATOR_ROOT } from '../cache/code-key.ts';

const BUNDLES_DIR = path.join(GENERATOR_ROOT, 'node_modules', '.cache', 'ardent-build-worker');
/** Bundles kept: those of the last few versions of the code (a branch switch and back). */
const KEEP = 4;

/** Native code, and the image encoder the workers never call: loaded from node_modules if at all. */
const EXTERNAL = ['sharp'];

let pending: Promise<URL> | undefined;

/** The worker's script: the bundle for the current code, made if need be; the tsx entry if it cannot be. */
export function workerScript(): Promise<URL> {
  return (pending ??= bundled().catch(() => new URL('./worker-entry.mjs', import.meta.url)));
}

async function bundled(): Promise<URL> {
  const keys = codeKeys();
  const file = path.join(BUNDLES_DIR, `worker-${keys.load}-${keys.render}.mjs`);
  if (existsSync(file)) return pathToFileURL(file);
  const { build } = await import('esbuild');
  const temporary = `${file}.${process.pid}.tmp.mjs`;
  await mkdir(BUNDLES_DIR, { recursive: true });
  await build({
    entryPoints: [path.join(GENERATOR_ROOT, 'src/parallel/worker.ts')],
    outfile: temporary,
    absWorkingDir: GENERATOR_ROOT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    // Packages written as CommonJS call require(): give the ES module one.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'silent',
  });
  await rename(temporary, file);
  // Older versions' bundles go.
  const names = (await readdir(BUNDLES_DIR)).filter((name) => name.startsWith('worker-') && name.endsWith('.mjs') && !name.includes('.tmp'));
  if (names.length > KEEP) {
    const { stat } = await import('node:fs/promises');
    const dated = await Promise.all(names.map(async (name) => ({ name, time: (await stat(path.join(BUNDLES_DIR, name))).mtimeMs })));
    dated.sort((a, b) => b.time - a.time);
    await Promise.all(dated.slice(KEEP).map(({ name }) => rm(path.join(BUNDLES_DIR, name), { force: true })));
  }
  return pathToFileURL(file);
}
