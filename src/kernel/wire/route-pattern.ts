// A Netlify Function's `config.path` as Netlify matches it: `:name` matches one path segment, a
// final `*` the rest, and a trailing slash is allowed. One definition for the local server, which
// finds the function a request is for, and for the functions, which find the route within it.

export interface RoutePattern {
  pattern: RegExp;
  /** The `:name` parts, in order: the pattern's groups. */
  names: string[];
}

export function routePattern(path: string): RoutePattern {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      const param = /^:(\w+)$/.exec(segment);
      if (param) {
        names.push(param[1]!);
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { pattern: new RegExp(`^${source}/?$`), names };
}

/** The path's params when it matches the pattern (each segment's escapes decoded, as Netlify gives them), else undefined. */
export function matchRoute(
  { pattern, names }: RoutePattern,
  pathname: string,
): Record<string, string> | undefined {
  const found = pattern.exec(pathname);
  return found
    ? Object.fromEntries(names.map((name, i) => [name, decodedSegment(found[i + 1]!)]))
    : undefined;
}

/** A path segment with its escapes decoded; as written when they are malformed. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
