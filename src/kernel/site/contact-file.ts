import type { ContactRouting } from '../schema/contact.ts';

/**
 * Which contact file a path's contact section shows: an exact rule wins, then the longest
 * matching prefix, then the table's default. Runs in the build and in the browser.
 */
export function contactFileForPath(pathname: string, routing: ContactRouting): string {
  const path = normalisePath(pathname);
  const exact = routing.rules.find((rule) => rule.match === 'exact' && rule.path === path);
  if (exact) return exact.file;
  let best: { file: string; length: number } | undefined;
  for (const rule of routing.rules) {
    if (
      rule.match === 'prefix' &&
      path.startsWith(rule.path) &&
      rule.path.length > (best?.length ?? -1)
    ) {
      best = { file: rule.file, length: rule.path.length };
    }
  }
  return best?.file ?? routing.default;
}

/** "/about/" and "/about" are the same page. */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}
