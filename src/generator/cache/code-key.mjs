// @ts-check
// What the generator's output depends on besides the content: its own code, its packages and its
// version. Cached results are kept only under the same key, so editing a template, updating a
// package or releasing a new version makes the next build start afresh. Plain JavaScript: the
// launcher (scripts/run.mjs) names the generator's bundle by these keys before any TypeScript runs.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * @typedef {object} CodeKeys
 * @property {string} load What makes a loaded entry: front matter, validation, Markdown, images, the problem catalogue.
 * @property {string} render What can change a page: all of src/ but the dev server, the local server and the lint.
 * @property {string} all The whole generator, command-line scripts and the functions it serves included: the launcher's bundle.
 */

/**
 * The generator's own folder (the project root), wherever the content comes from: three levels up
 * from this file, or, running from the generator's bundle (scripts/run.mjs), the folder holding
 * node_modules/.cache/ardent/.
 */
export const GENERATOR_ROOT = fileURLToPath(
  new URL(
    import.meta.url.includes('/node_modules/.cache/ardent/')
      ? import.meta.url.replace(/node_modules\/\.cache\/ardent\/.*$/, '')
      : '../../../',
    import.meta.url,
  ),
);

const LOAD_DIRS = [
  'src/kernel/content',
  'src/kernel/schema',
  'src/kernel/images',
  'src/kernel/errors',
  'src/kernel/wire',
  'src/generator/content',
  'src/generator/images',
];
const RENDER_DIRS = ['src'];
/** Not part of any page: the dev server, the local Netlify-like server, the Lambda-like runner, the page gates, the functions and the content lint. */
const NOT_RENDERING = [
  'src/generator/dev',
  'src/generator/server',
  'src/generator/lambda',
  'src/generator/gates',
  'src/functions',
  'src/kernel/lint',
  'src/generator/lint',
];
/** netlify/: the functions' entries, which the local server's bundle carries. */
const ALL_DIRS = ['src', 'scripts', 'netlify'];
const SOURCE = /\.(?:ts|tsx|mts|js|mjs|json|css)$/;

/** @param {string} root @param {string} dir @param {readonly string[]} skip @returns {string[]} */
function filesUnder(root, dir, skip) {
  /** @type {string[]} */
  let names;
  try {
    names = /** @type {string[]} */ (readdirSync(path.join(root, dir), { recursive: true }));
  } catch {
    return [];
  }
  return names
    .map((name) => path.posix.join(dir, name.split(path.sep).join('/')))
    .filter((file) => SOURCE.test(file) && !skip.some((prefix) => file.startsWith(`${prefix}/`)))
    .sort();
}

/**
 * @param {readonly string[]} files
 * @param {readonly string[]} extra
 * @param {(file: string) => Buffer | string} read
 */
function hashFiles(files, extra, read) {
  const hash = createHash('sha256');
  for (const part of extra) hash.update(part).update('\0');
  for (const file of files) hash.update(file).update('\0').update(read(file)).update('\0');
  return hash.digest('hex').slice(0, 20);
}

/**
 * Shared by every copy of this module in the process (the launcher's, and the generator bundle's):
 * the code is hashed once per command.
 * @type {Map<string, CodeKeys>}
 */
const memo = (/** @type {any} */ (globalThis)[Symbol.for('ardent.codeKeys')] ??= new Map());

/**
 * The keys of the code at `root`, computed once per process and root: a running process keeps
 * the modules it imported, so its code cannot change under it (the dev server loads a new bundle).
 * @param {{ root?: string, version?: string, fresh?: boolean }} [options] `fresh`: read the files again (the dev server after a code change).
 * @returns {CodeKeys}
 */
export function codeKeys({ root = GENERATOR_ROOT, version, fresh = false } = {}) {
  const memoKey = `${root}\0${version ?? ''}`;
  const known = memo.get(memoKey);
  if (known && !fresh) return known;
  const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  // Package versions: the lock file pins what is installed.
  const environment = [
    `version ${version ?? packageJson.version ?? '0'}`,
    `node ${process.versions.node}`,
    'package-lock.json',
  ];
  const lock = ['package-lock.json'];
  const filesOf = (/** @type {string[]} */ dirs, /** @type {string[]} */ skip) => [
    ...lock,
    ...dirs.flatMap((dir) => filesUnder(root, dir, skip)),
  ];
  // The three keys share most files: each is read once.
  /** @type {Map<string, Buffer | string>} */
  const texts = new Map();
  const read = (/** @type {string} */ file) => {
    let text = texts.get(file);
    if (text === undefined) {
      try {
        text = readFileSync(path.join(root, file));
      } catch {
        text = '(unreadable)';
      }
      texts.set(file, text);
    }
    return text;
  };
  const keys = {
    load: hashFiles(filesOf(LOAD_DIRS, []), environment, read),
    // React renders differently in development (NODE_ENV) only in ways that should not show, but a cache must not bet on it.
    render: hashFiles(
      filesOf(RENDER_DIRS, NOT_RENDERING),
      [...environment, `NODE_ENV ${process.env.NODE_ENV ?? ''}`],
      read,
    ),
    all: hashFiles(filesOf(ALL_DIRS, []), environment, read),
  };
  memo.set(memoKey, keys);
  return keys;
}
