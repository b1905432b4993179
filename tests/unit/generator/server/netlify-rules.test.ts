import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isBotUserAgent } from '../../../../src/generator/server/bot-user-agent.ts';
import {
  headersForPath,
  loadNetlifyRules,
  matchRedirect,
} from '../../../../src/generator/server/netlify-rules.ts';
import { decodeRequestPath } from '../../../../src/generator/server/resolve-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'netlify-rules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, content: string): string {
  const file = join(dir, name);
  writeFileSync(file, content);
  return file;
}

const toml = write(
  'netlify.toml',
  `
[[headers]]
  for = "/*"
  [headers.values]
    Cache-Control = "public, max-age=0"
    Content-Length = "1"
[[headers]]
  for = "/blog/:slug"
  [headers.values]
    X-Slug = "yes"
[[headers]]
  for = "/assets/*"
  [headers.values]
    cache-control = "max-age=31536000, immutable"
[[headers]]
  for = "/exact"
  [headers.values]
    X-Exact = "yes"

[[redirects]]
  from = "/blog/:year/*"
  to = "/posts/:year/:splat"
  status = 302
[[redirects]]
  from = "/dup"
  to = "/from-toml"
`,
);
write('_redirects', '/dup /from-file 301\n');
const rules = await loadNetlifyRules({ netlifyToml: toml, publishDir: dir });
const match = (path: string, query = '') =>
  matchRedirect(rules.matcher, { path, query, host: 'localhost', headers: {} });

describe('headersForPath', () => {
  it('matches /*, :placeholder segments and exact paths (trailing slash and case-insensitive)', () => {
    expect(headersForPath(rules.headers, '/blog/hello')['x-slug']).toBe('yes');
    expect(headersForPath(rules.headers, '/blog/hello/more')['x-slug']).toBeUndefined();
    expect(headersForPath(rules.headers, '/exact')['x-exact']).toBe('yes');
    expect(headersForPath(rules.headers, '/EXACT/')['x-exact']).toBe('yes');
    expect(headersForPath(rules.headers, '/exactly')['x-exact']).toBeUndefined();
  });

  it('joins values of the same header from several matching rules', () => {
    expect(headersForPath(rules.headers, '/assets/a.js')['cache-control']).toBe(
      'public, max-age=0, max-age=31536000, immutable',
    );
  });

  it('drops headers Netlify does not let sites set', () => {
    expect(headersForPath(rules.headers, '/')['content-length']).toBeUndefined();
  });
});

describe('matchRedirect (netlify-redirector)', () => {
  it('substitutes placeholders and splats', () => {
    const hit = match('/blog/2024/a/b');
    expect(hit?.status).toBe(302);
    expect(hit?.to).toBe('/posts/2024/a/b');
  });

  it('defaults status to 301 and gives _redirects precedence over netlify.toml', () => {
    const hit = match('/dup');
    expect(hit?.to).toBe('/from-file');
    expect(hit?.status).toBe(301);
  });

  it('returns null without a match', () => {
    expect(match('/nothing')).toBeNull();
  });
});

describe('decodeRequestPath', () => {
  it('decodes normal paths and rejects traversal', () => {
    expect(decodeRequestPath('/a%20b/c?x=1')).toBe('/a b/c');
    expect(decodeRequestPath('/a/%2e%2e/b')).toBeNull();
    expect(decodeRequestPath('/a/..%2f')).toBeNull();
    expect(decodeRequestPath('/%E0%A4%A')).toBeNull();
    expect(decodeRequestPath('http://evil/x')).toBeNull();
  });
});

describe('isBotUserAgent', () => {
  it('spots crawlers and not browsers', () => {
    expect(isBotUserAgent('Mozilla/5.0 (compatible; YandexBot/3.0)')).toBe(true);
    expect(isBotUserAgent('DuckDuckBot/1.1')).toBe(true);
    expect(isBotUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari/604.1')).toBe(false);
    expect(isBotUserAgent(undefined)).toBe(false);
  });
});
