// @ts-check
// node scripts/run.mjs <command> [options]: runs scripts/<command>.ts.
//
// The generator runs as one esbuild bundle, not through tsx: tsx transforms every module a
// process imports, which cost half a second and more of each command's start-up. The bundle is
// made once per version of the code (src/generator/cache/code-key.mjs) into node_modules/.cache/ardent/,
// with every command, the build session (which `npm run dev` loads again after a code change) and
// the page pool's worker thread as entries sharing their chunks. Native and binary packages stay outside.
// First: on too old a Node, it stops with one line before anything else loads.
import { REQUIRED_NODE_MAJOR } from './require-node.mjs';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import nodeModule from 'node:module';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { codeKeys, GENERATOR_ROOT } from '../src/generator/cache/code-key.mjs';

export const BUNDLES_DIR = path.join(GENERATOR_ROOT, 'node_modules', '.cache', 'ardent');
/** V8's compiled code for the bundle, kept beside it (node:module's compile cache): every command, and every worker thread, after the first skips compiling it. */
export const COMPILE_CACHE_DIR = path.join(
  GENERATOR_ROOT,
  'node_modules',
  '.cache',
  'ardent-compile',
);

/** What the bundle's entries are called, and where their sources are. */
const ENTRIES = {
  build: 'scripts/build.ts',
  check: 'scripts/check.ts',
  dev: 'scripts/dev.ts',
  serve: 'scripts/serve.ts',
  budgets: 'scripts/budgets.ts',
  admin: 'scripts/admin.ts',
  'build-functions': 'scripts/build-functions.ts',
  'format-content': 'scripts/format-content.ts',
  session: 'src/generator/build.ts',
  'page-worker': 'src/generator/threads/page-worker.ts',
  'lazy-api-schemas': 'src/generator/emulators/lazy-api-schemas.mjs',
};

/**
 * Entries that are not commands: the build session (the dev server loads it), the page pool's
 * worker thread, and what the Auth emulator's process preloads (found beside the code that starts it).
 */
const NOT_COMMANDS = new Set(['session', 'page-worker', 'lazy-api-schemas']);

/** Loaded from node_modules as they are: native code, binaries, and packages that find files next to themselves. */
const EXTERNAL = [
  'esbuild',
  'sharp',
  'chokidar',
  'fsevents',
  'lightningcss',
  '@netlify/*',
  'netlify-redirector',
  'lighthouse',
  'chrome-launcher',
  'firebase-admin',
  'firebase-tools',
];

/** Bundles kept: those of the last few versions of the code (a branch switch and back). */
const KEEP = 4;

/**
 * The folder holding the bundle of the code as it is now, made if need be.
 * @param {{ fresh?: boolean }} [options] `fresh`: hash the code again (it may have changed since this process started).
 * @returns {Promise<string>}
 */
export async function generatorBundle({ fresh = false } = {}) {
  const dir = path.join(BUNDLES_DIR, codeKeys({ fresh }).all);
  if (existsSync(path.join(dir, 'session.mjs'))) return dir;
  const { build } = await import('esbuild');
  const temporary = `${dir}.tmp-${process.pid}-${Date.now()}`;
  await build({
    absWorkingDir: GENERATOR_ROOT,
    entryPoints: Object.fromEntries(
      Object.entries(ENTRIES).map(([name, file]) => [name, path.join(GENERATOR_ROOT, file)]),
    ),
    outdir: temporary,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: `node${REQUIRED_NODE_MAJOR}`,
    external: EXTERNAL,
    // Packages written as CommonJS call require(): give the ES modules one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'error',
  });
  try {
    renameSync(temporary, dir);
  } catch {
    // Another process made the same bundle first: use that one.
    rmSync(temporary, { recursive: true, force: true });
  }
  prune();
  return dir;
}

/** Removes the bundles of older versions of the code, beyond the KEEP most recent. */
function prune() {
  const dated = readdirSync(BUNDLES_DIR)
    .filter((name) => !name.includes('.tmp-'))
    .map((name) => ({ name, time: statSync(path.join(BUNDLES_DIR, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { name } of dated.slice(KEEP))
    rmSync(path.join(BUNDLES_DIR, name), { recursive: true, force: true });
}

const isMain =
  process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url;
if (isMain) {
  const command = process.argv[2];
  if (!command || !(command in ENTRIES) || NOT_COMMANDS.has(command)) {
    console.error(
      `Usage: node scripts/run.mjs <${Object.keys(ENTRIES)
        .filter((name) => !NOT_COMMANDS.has(name))
        .join('|')}> [options]`,
    );
    process.exit(1);
  }
  // React's production build renders the same HTML in about half the time, without development-only
  // checks. Set before React is first imported.
  process.env.NODE_ENV ??= 'production';
  // A build keeps what it loaded (about 80 MB at 4,000 pages) while the Markdown parser's garbage
  // is promoted by the hundred megabytes: V8 would let the heap grow to several times what is live
  // before a full collection. At most twice: a few more collections, marked on the second core.
  setFlagsFromString('--heap-growing-percent=100');
  process.argv.splice(2, 1);
  nodeModule.enableCompileCache(COMPILE_CACHE_DIR);
  await import(pathToFileURL(path.join(await generatorBundle(), `${command}.mjs`)).href);
}
