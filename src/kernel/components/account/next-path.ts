/**
 * Where /login sends the visitor after signing in: the `next` query parameter when it is a path on
 * this site, otherwise the home page. Anything that could leave the site ("//evil.example",
 * "https://…", "javascript:…", a backslash that browsers read as a slash) is refused, so the sign-in
 * page is never an open redirect.
 */
export const HOME_PATH = '/';

export function safeNextPath(next: string | null | undefined, origin: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(next)) return HOME_PATH;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return HOME_PATH;
  }
  if (url.origin !== new URL(origin).origin) return HOME_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page, asked to come back to `path` afterwards (the guard sends visitors here). */
export function loginPathFor(path: string): string {
  return `/login?${new URLSearchParams({ next: path }).toString()}`;
}
