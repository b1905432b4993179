/**
 * Where /login sends the visitor after signing in: the `next` query parameter when it is a path on
 * this site, otherwise the home page, so the sign-in page is never an open redirect.
 *
 * The decision is taken on the path as the browser will read it, never on the text as written: the
 * URL parser drops tabs and newlines, reads a backslash as a slash and removes dot segments (also
 * written %2e), so "/.//evil.example" becomes "//evil.example", which location.assign() would open
 * as http://evil.example/. The value returned is then checked again as it will be navigated to.
 */
const HOME_PATH = '/';

/** Two slashes, or a slash and a backslash, at the start of a path name another host. */
const NAMES_A_HOST = /^\/[/\\]/;
/** No link of the site holds a control character; the browser would silently drop some of them. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
/** Percent-decoding rounds tried before a path is refused as too deeply encoded to be a real link. */
const DECODING_ROUNDS = 4;

export function safeNextPath(next: string | null | undefined, origin: string): string {
  if (!next || !next.startsWith('/') || CONTROL_CHARACTER.test(next)) return HOME_PATH;
  const site = new URL(origin);
  const url = parse(next, site);
  if (!url || url.origin !== site.origin) return HOME_PATH;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return staysOnSite(path, site) ? path : HOME_PATH;
}

/**
 * Whether `path`, resolved against the site, stays on it with a path name that does not name another
 * host: as the browser reads it, and as a server that percent-decodes the path (again and again,
 * folding full-width look-alikes such as "／" into "/") and normalises it once more might read it.
 */
function staysOnSite(path: string, site: URL): boolean {
  let url = parse(path, site);
  for (let round = 0; round < DECODING_ROUNDS; round += 1) {
    if (!url || url.origin !== site.origin || NAMES_A_HOST.test(url.pathname)) return false;
    const decoded = decodePath(url.pathname);
    const again = decoded === null ? null : parse(decoded, site);
    // Decoding no longer changes what the path is ("/caf%C3%A9" and "/café" are one path).
    if (again?.origin === site.origin && again.pathname === url.pathname) return true;
    url = again;
  }
  return false;
}

function parse(path: string, site: URL): URL | null {
  try {
    return new URL(path, site);
  } catch {
    return null;
  }
}

function decodePath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname).normalize('NFKC');
  } catch {
    return null;
  }
}

/** The sign-in page, asked to come back to `path` afterwards (the guard sends visitors here). */
export function loginPathFor(path: string): string {
  return `/login?${new URLSearchParams({ next: path }).toString()}`;
}
