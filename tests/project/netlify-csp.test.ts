// The Content Security Policy the site is served with, read from netlify.toml by Netlify's own
// parser and matched as Netlify matches it (src/generator/server/netlify-rules.ts). Public pages keep the
// policy they had before the media library; the admin and builder pages get the same one, and it
// is enough for them: the library's calls go to the storage origin (connect-src), and its photos are
// drawn into data: URLs (img-src 'self' data:). A netlify.toml rule that gave those routes a second
// policy would not loosen it: Netlify sends both, and a browser enforces every policy it receives.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  headersForPath,
  loadNetlifyRules,
  type NetlifyRules,
} from '../../src/generator/server/netlify-rules.ts';
import { GUARDED_ROUTES, PUBLIC_ROUTES, SIGN_IN_ROUTES } from '../support/spec-routes.ts';
import { PROJECT_ROOT } from '../support/sites.ts';

/** The policy every page was served with before the admin work (issue 14): it must not change. */
const POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://firebasestorage.googleapis.com; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
const STORAGE_ORIGIN = 'https://firebasestorage.googleapis.com';

let publishDir: string;
let rules: NetlifyRules;
beforeAll(async () => {
  publishDir = await mkdtemp(path.join(tmpdir(), 'csp-'));
  rules = await loadNetlifyRules({
    netlifyToml: path.join(PROJECT_ROOT, 'netlify.toml'),
    publishDir,
  });
});
afterAll(() => rm(publishDir, { recursive: true, force: true }));

const cspOf = (headers: Record<string, string>) => headers['content-security-policy'];
const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([first]) => first === name)
    ?.slice(1) ?? [];

describe('the Content Security Policy', () => {
  it('is unchanged on every public page, the sign-in pages and the 404 page', () => {
    for (const route of [...PUBLIC_ROUTES, ...SIGN_IN_ROUTES, '/no-such-page'])
      expect(cspOf(headersForPath(rules.headers, route)), route).toBe(POLICY);
  });

  it('is one policy on the admin and builder pages too, and lets the library call the storage origin and show its photos as data: images', () => {
    for (const route of GUARDED_ROUTES) {
      const policy = cspOf(headersForPath(rules.headers, route))!;
      expect(policy, route).toBe(POLICY);
      expect(directive(policy, 'connect-src')).toContain(STORAGE_ORIGIN);
      expect(directive(policy, 'img-src')).toEqual(["'self'", 'data:']);
    }
  });

  it('could not be loosened for the admin routes by a rule of their own: Netlify would send two policies, and the stricter wins', async () => {
    const toml = path.join(publishDir, 'netlify.toml');
    const loosened = POLICY.replace(
      "img-src 'self' data:",
      `img-src 'self' data: ${STORAGE_ORIGIN}`,
    );
    await writeFile(
      toml,
      `${await readFile(path.join(PROJECT_ROOT, 'netlify.toml'), 'utf8')}\n[[headers]]\n  for = "/admin"\n  [headers.values]\n    Content-Security-Policy = "${loosened}"\n`,
    );
    const withRule = await loadNetlifyRules({ netlifyToml: toml, publishDir });
    const sent = cspOf(headersForPath(withRule.headers, '/admin'))!;
    // Two policies, comma-separated (RFC 9110 field combination): the browser enforces both, and the first still forbids the storage origin's images.
    expect(sent).toBe(`${POLICY}, ${loosened}`);
  });
});
