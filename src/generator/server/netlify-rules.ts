// Netlify header and redirect rules, parsed by Netlify's own parsers and
// matched the way Netlify matches them.
//
// Redirect matching choice: we use `netlify-redirector`, Netlify's own
// matcher (C++ compiled to wasm, the engine netlify-cli's `netlify dev` uses).
// It loads its .wasm from node_modules, so it works offline, and it handles
// splats, :placeholders, query and condition matching exactly like Netlify,
// which a hand-written matcher would only approximate.
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { parseAllHeaders, type Header } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import type { RedirectMatcher, RedirectorMatch } from 'netlify-redirector';

export type { RedirectorMatch as RedirectMatch } from 'netlify-redirector';

export interface NetlifyRuleSources {
  /** Path to netlify.toml; a missing file means "no rules". */
  netlifyToml: string;
  /** Publish dir, searched for `_headers` and `_redirects`. */
  publishDir: string;
}

export interface NetlifyRules {
  /** Header rules with `forRegExp`, in netlify.toml/_headers order. */
  headers: Header[];
  /** Normalized redirect rules, in precedence order (_redirects first). */
  redirects: unknown[];
  /** Netlify's matcher for `redirects`; null when there are none. */
  matcher: RedirectMatcher | null;
}

/** Thrown when netlify.toml, _headers or _redirects contain invalid rules. */
export class NetlifyRulesError extends Error {
  override name = 'NetlifyRulesError';
}

export function ruleFilesFor(sources: NetlifyRuleSources): string[] {
  return [
    sources.netlifyToml,
    join(sources.publishDir, '_headers'),
    join(sources.publishDir, '_redirects'),
  ];
}

/** Parse all header and redirect rules. Invalid rules throw (a Netlify deploy would reject them too). */
export async function loadNetlifyRules(sources: NetlifyRuleSources): Promise<NetlifyRules> {
  const [headerResult, redirectResult] = await Promise.all([
    parseAllHeaders({
      headersFiles: [join(sources.publishDir, '_headers')],
      netlifyConfigPath: sources.netlifyToml,
      configHeaders: [],
      minimal: false,
    }),
    parseAllRedirects({
      redirectsFiles: [join(sources.publishDir, '_redirects')],
      netlifyConfigPath: sources.netlifyToml,
      configRedirects: [],
      minimal: false,
    }),
  ]);
  const errors: unknown[] = [...headerResult.errors, ...redirectResult.errors];
  if (errors.length > 0) {
    const messages = errors.map((error) =>
      error instanceof Error ? error.message : String(error),
    );
    throw new NetlifyRulesError(`Invalid Netlify rules:\n${messages.join('\n\n')}`);
  }
  // With `minimal: false` every header carries `forRegExp`; the filter only narrows the type.
  const headers = headerResult.headers.filter((rule): rule is Header => 'forRegExp' in rule);
  const { redirects } = redirectResult;
  return { headers, redirects, matcher: await createMatcher(redirects) };
}

async function createMatcher(redirects: unknown[]): Promise<RedirectMatcher | null> {
  if (redirects.length === 0) return null;
  // Imported lazily: the wasm is only compiled when a site has redirects.
  const { default: redirector } = await import('netlify-redirector');
  return redirector.parseJSON(JSON.stringify(redirects), {});
}

// Netlify ignores custom values for these; its servers set them
// (docs.netlify.com "Custom headers" > Limitations).
const IGNORED_HEADERS = new Set([
  'accept-ranges',
  'age',
  'allow',
  'alt-svc',
  'connection',
  'content-encoding',
  'content-length',
  'content-range',
  'date',
  'location',
  'server',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Headers for a decoded request path. Every matching rule applies (Netlify has
 * no "first match wins" for headers). When several matching rules set the same
 * header, production Netlify sends the values joined with ", " (e.g. a
 * Cache-Control on "/*" and on "/assets/*" add up); identical values are kept
 * once. Note `netlify dev` differs here: there the last rule wins.
 * Keys are lower-case.
 */
export function headersForPath(rules: readonly Header[], path: string): Record<string, string> {
  const result: Record<string, string[]> = {};
  for (const rule of rules) {
    if (!rule.forRegExp.test(path)) continue;
    for (const [name, value] of Object.entries(rule.values)) {
      const key = name.toLowerCase();
      if (IGNORED_HEADERS.has(key)) continue;
      const values = (result[key] ??= []);
      if (!values.includes(value)) values.push(value);
    }
  }
  return Object.fromEntries(
    Object.entries(result).map(([key, values]) => [key, values.join(', ')]),
  );
}

export interface RedirectRequest {
  /** Decoded URL path. */
  path: string;
  /** Query string without `?`. */
  query: string;
  host: string;
  headers: IncomingHttpHeaders;
}

/**
 * First matching redirect rule, or null. Shapes the request like netlify-cli
 * does (rules-proxy.ts), including the x-language / x-country headers the
 * matcher reads for Language/Country conditions.
 */
export function matchRedirect(
  matcher: RedirectMatcher | null,
  request: RedirectRequest,
): RedirectorMatch | null {
  if (!matcher) return null;
  const cookieValues = parseCookies(request.headers.cookie);
  const headers: Record<string, string | string[] | undefined> = {
    'x-language': cookieValues.nf_lang ?? firstLanguage(request.headers['accept-language']),
    'x-country': cookieValues.nf_country ?? 'us',
    ...request.headers,
  };
  return matcher.match({
    scheme: 'http',
    host: request.host,
    path: request.path,
    query: request.query,
    headers,
    cookieValues,
    getHeader: (name) => {
      const value = headers[name.toLowerCase()];
      return (Array.isArray(value) ? value[0] : value) ?? '';
    },
    getCookie: (name) => cookieValues[name] ?? '',
  });
}

function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      cookies[part.slice(0, eq).trim()] = decodeURIComponent(raw);
    } catch {
      cookies[part.slice(0, eq).trim()] = raw;
    }
  }
  return cookies;
}

function firstLanguage(acceptLanguage: string | undefined): string {
  return acceptLanguage?.split(',')[0]?.slice(0, 2) || 'en';
}
