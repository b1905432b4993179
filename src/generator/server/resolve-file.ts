// Maps a request path to a file under the publish dir the way Netlify does with its Pretty URLs
// setting on (netlify.toml [build.processing.html] pretty_urls = true; docs/deploying.md, "URLs"): one URL
// per page, the other forms redirected to it. about.html answers /about, and /about/ and
// /about.html redirect there; a folder's index.html answers /about/, and /about and
// /about/index.html redirect there. The result never escapes the root.
import { realpath, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { join, sep } from 'node:path';

export interface ResolvedFile {
  filePath: string;
  stats: Stats;
}

/**
 * Decoded URL path ("/a b/c") from a raw request URL, or null when it cannot be
 * served safely: malformed %-encoding, NUL bytes, backslashes, or any `..`
 * segment (also when it was encoded as %2e%2e or hidden behind %2f).
 */
export function decodeRequestPath(rawUrl: string): string | null {
  const rawPath = rawUrl.split('?', 1)[0] ?? '';
  if (!rawPath.startsWith('/')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.')) return null;
  return decoded;
}

/** Files Netlify never serves: dotfiles (except .well-known) and its own config files. */
function isHiddenPath(path: string): boolean {
  if (path === '/_headers' || path === '/_redirects') return true;
  return path.split('/').some((segment) => segment.startsWith('.') && segment !== '.well-known');
}

/** Candidate files for a path that names a file or an extensionless page, in Netlify's lookup order. */
function candidatesFor(path: string): string[] {
  if (path.endsWith('/')) return [`${path}index.html`];
  return [path, `${path}.html`, `${path}/index.html`];
}

/** What a request path gets: a file, a redirect to the one URL of its page, or nothing (404). */
export type Resolution = { file: ResolvedFile } | { redirect: string } | null;

/**
 * The answer to a request for `path` (already decoded by decodeRequestPath), as Netlify gives it
 * with Pretty URLs on: a page's own URL is served, its other forms are redirected there.
 */
export async function resolveRequest(realRoot: string, path: string): Promise<Resolution> {
  if (path.endsWith('/')) {
    const index = await findFile(realRoot, `${path}index.html`);
    if (index) return { file: index };
    const flat = path.length > 1 && (await findFile(realRoot, `${path.slice(0, -1)}.html`));
    return flat ? { redirect: path.slice(0, -1) } : null;
  }
  if (path.endsWith('.html')) {
    const file = await findFile(realRoot, path);
    if (!file) return null;
    // /about.html -> /about, /about/index.html -> /about/, when that URL serves this same file.
    const pretty = path.endsWith('/index.html')
      ? path.slice(0, -'index.html'.length)
      : path.slice(0, -'.html'.length);
    const there = await resolveRequest(realRoot, pretty);
    return there && 'file' in there && there.file.filePath === file.filePath
      ? { redirect: pretty }
      : { file };
  }
  const exact = (await findFile(realRoot, path)) ?? (await findFile(realRoot, `${path}.html`));
  if (exact) return { file: exact };
  return (await findFile(realRoot, `${path}/index.html`)) ? { redirect: `${path}/` } : null;
}

/**
 * The file that serves `path` (already decoded by decodeRequestPath) without redirecting: for a
 * rewrite rule's target and the error pages. `realRoot` must be the realpath of the publish dir;
 * symlinks that point outside it are treated as missing.
 */
export async function resolveFile(realRoot: string, path: string): Promise<ResolvedFile | null> {
  if (isHiddenPath(path)) return null;
  for (const candidate of candidatesFor(path)) {
    const found = await findFile(realRoot, candidate);
    if (found) return found;
  }
  return null;
}

/** The file at exactly this path under the root, if it is one Netlify would serve. */
async function findFile(realRoot: string, path: string): Promise<ResolvedFile | null> {
  if (isHiddenPath(path)) return null;
  const rootPrefix = realRoot.endsWith(sep) ? realRoot : realRoot + sep;
  const filePath = join(realRoot, path);
  if (!filePath.startsWith(rootPrefix)) return null;
  const stats = await stat(filePath).catch(() => null);
  if (!stats?.isFile()) return null;
  const real = await realpath(filePath);
  if (!real.startsWith(rootPrefix)) return null;
  return { filePath: real, stats };
}
