// Maps a request path to a file under the publish dir the way Netlify does
// ("pretty URLs": /about and /about/ both serve about/index.html, no redirect),
// and guarantees the result never escapes the root.
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

/** Candidate files for a decoded path, in Netlify's lookup order. */
function candidatesFor(path: string): string[] {
  if (path.endsWith('/')) return [`${path}index.html`];
  return [path, `${path}/index.html`, `${path}.html`];
}

/**
 * Find the file that serves `path` (already decoded by decodeRequestPath).
 * `realRoot` must be the realpath of the publish dir; symlinks that point
 * outside it are treated as missing.
 */
export async function resolveFile(realRoot: string, path: string): Promise<ResolvedFile | null> {
  if (isHiddenPath(path)) return null;
  const rootPrefix = realRoot.endsWith(sep) ? realRoot : realRoot + sep;
  for (const candidate of candidatesFor(path)) {
    const filePath = join(realRoot, candidate);
    if (!filePath.startsWith(rootPrefix)) continue;
    const stats = await stat(filePath).catch(() => null);
    if (!stats?.isFile()) continue;
    const real = await realpath(filePath);
    if (!real.startsWith(rootPrefix)) continue;
    return { filePath: real, stats };
  }
  return null;
}
