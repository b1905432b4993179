// What the generator's output depends on besides the content: its own code, its packages and its
// version. Cached results are kept only under the same key, so editing a template, updating a
// package or releasing a new version makes the next build start afresh.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface CodeKeys {
  /** Loading: front matter, validation, Markdown (src/content/, src/images/), and how entries are stored (src/parallel/, src/cache/). */
  load: string;
  /** Rendering: everything that can change a page (all of src/ but the dev server, the local server and the lint; templates/). */
  render: string;
}

/** The generator's own folder (the project root), wherever the content comes from. */
export const GENERATOR_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** What makes a loaded entry: the loader, the images stage, and the code that stores entries (this cache, the workers). */
const LOAD_DIRS = ['src/content', 'src/images', 'src/parallel', 'src/cache'];
const RENDER_DIRS = ['src', 'templates'];
/** Not part of any page: the dev server, the local Netlify-like server and the content lint. */
const NOT_RENDERING = ['src/dev', 'src/server', 'src/lint'];
const SOURCE = /\.(?:ts|tsx|mts|js|mjs|json|css)$/;

function filesUnder(root: string, dir: string, skip: readonly string[]): string[] {
  let names: string[];
  try {
    names = readdirSync(path.join(root, dir), { recursive: true }) as string[];
  } catch {
    return [];
  }
  return names
    .map((name) => path.posix.join(dir, name.split(path.sep).join('/')))
    .filter((file) => SOURCE.test(file) && !skip.some((prefix) => file.startsWith(`${prefix}/`)))
    .sort();
}

function hashFiles(root: string, files: readonly string[], extra: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of extra) hash.update(part).update('\0');
  for (const file of files) {
    hash.update(file).update('\0');
    try {
      hash.update(readFileSync(path.join(root, file)));
    } catch {
      hash.update('(unreadable)');
    }
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 20);
}

export interface CodeKeyOptions {
  /** Defaults to the generator's own root. */
  root?: string;
  /** Defaults to the "version" of the root's package.json. */
  version?: string;
}

const memo = new Map<string, CodeKeys>();

/**
 * The keys of the code at `root`. Computed once per process and root: a running process keeps
 * the modules it imported, so its code cannot change under it (the dev server starts a new build
 * process after a code change).
 */
export function codeKeys({ root = GENERATOR_ROOT, version }: CodeKeyOptions = {}): CodeKeys {
  const memoKey = `${root}\0${version ?? ''}`;
  const known = memo.get(memoKey);
  if (known) return known;
  const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: string };
  const generatorVersion = version ?? packageJson.version ?? '0';
  // Package versions: the lock file pins what is installed.
  const packages = ['package-lock.json'];
  // React renders differently in development (NODE_ENV) only in ways that should not show, but a cache must not bet on it.
  const environment = [`version ${generatorVersion}`, `node ${process.versions.node}`];
  const keys = {
    load: hashFiles(root, [...packages, ...LOAD_DIRS.flatMap((dir) => filesUnder(root, dir, []))], environment),
    render: hashFiles(root, [...packages, ...RENDER_DIRS.flatMap((dir) => filesUnder(root, dir, NOT_RENDERING))], [...environment, `NODE_ENV ${process.env.NODE_ENV ?? ''}`]),
  };
  memo.set(memoKey, keys);
  return keys;
}
