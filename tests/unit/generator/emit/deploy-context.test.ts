// Deploy previews stay out of search engines, production does not, and every deploy names the
// production URL. `npm run build` (node scripts/run.mjs build) with Netlify's build variables, then
// the output served by the local server with the project's netlify.toml, as `npm start` serves it.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPreviewContext } from '../../../../src/generator/emit/deploy-context.ts';
import { createSiteServer } from '../../../../src/generator/server/create-server.ts';
import { close, get, listen, silentLogger } from '../../../support/server-site.ts';
import { jsonLdBlocks, PROJECT_ROOT, REAL_CONTENT } from '../../../support/sites.ts';

const PRODUCTION_URL = 'https://www.ardent-production.example';
const PREVIEW_URL = 'https://deploy-preview-42--ardent-site.netlify.app';

let root: string;
let outDir: string;

/** A build of the real content into the temp output folder, with the cache Netlify would restore. */
function build(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { CONTEXT: _, URL: __, DEPLOY_PRIME_URL: ___, ...rest } = process.env;
  const args = [
    'scripts/run.mjs',
    'build',
    '--content',
    REAL_CONTENT,
    '--out',
    outDir,
    '--cache',
    path.join(root, 'cache'),
  ];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { cwd: PROJECT_ROOT, timeout: 120_000, env: { ...rest, ...env } },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
          stdout,
          stderr,
        }),
    );
  });
}

/** Serves the output folder as `npm start` does, for the length of `body`. */
async function served<T>(body: (port: number) => Promise<T>): Promise<T> {
  const server: Server = await createSiteServer({
    root: outDir,
    netlifyToml: path.join(PROJECT_ROOT, 'netlify.toml'),
    logger: silentLogger,
  });
  const port = await listen(server);
  try {
    return await body(port);
  } finally {
    await close(server);
  }
}

/** The paths to ask for: every page in the sitemap, an asset, the sitemap, and an unknown path (the 404 page). */
async function pathsToCheck(port: number): Promise<string[]> {
  const sitemap = (await get(port, '/sitemap.xml')).text;
  const pages = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map(
    (match) => new URL(match[1]!).pathname,
  );
  expect(pages.length).toBeGreaterThan(30);
  return [...pages, '/login', '/sitemap.xml', '/robots.txt', '/favicon.svg', '/no-such-page'];
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'deploy-context-'));
  outDir = path.join(root, 'dist');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the deploy context', () => {
  it('keeps deploy previews and branch deploys out of search engines, and never production or a build outside Netlify', () => {
    expect(isPreviewContext('deploy-preview')).toBe(true);
    expect(isPreviewContext('branch-deploy')).toBe(true);
    expect(isPreviewContext('production')).toBe(false);
    expect(isPreviewContext(undefined)).toBe(false);
    expect(isPreviewContext('')).toBe(false);
  });
});

describe('a deploy preview, then production into the same output folder and cache', () => {
  it('the preview sends X-Robots-Tag: noindex on every response', async () => {
    const preview = await build({
      CONTEXT: 'deploy-preview',
      URL: PRODUCTION_URL,
      DEPLOY_PRIME_URL: PREVIEW_URL,
    });
    expect(preview.stderr).toBe('');
    expect(preview.code).toBe(0);
    await served(async (port) => {
      for (const route of await pathsToCheck(port)) {
        const response = await get(port, route);
        expect(response.headers['x-robots-tag'], route).toBe('noindex');
      }
    });
  }, 180_000);

  it('names the production URL, never the preview’s, in canonical links, the sitemap, robots.txt, Open Graph and JSON-LD', async () => {
    await served(async (port) => {
      for (const route of [
        '/',
        '/about',
        '/cleaning-services-orpington',
        '/domestic-cleaning-services',
      ]) {
        const html = (await get(port, route)).text;
        expect(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1], route).toBe(
          `${PRODUCTION_URL}${route}`,
        );
        expect(/<meta property="og:url" content="([^"]+)"/.exec(html)?.[1], route).toBe(
          `${PRODUCTION_URL}${route}`,
        );
        // JSON-LD: every address of the site in it (url, @id, breadcrumb items) is a production one.
        const jsonLd = jsonLdBlocks(html)
          .map((block) => JSON.stringify(block))
          .join('\n');
        const siteAddresses = [...jsonLd.matchAll(/"(https?:\/\/[^"/]+)[^"]*"/g)]
          .map((match) => match[1]!)
          .filter((origin) => !/schema\.org|instagram|facebook/.test(origin));
        expect(siteAddresses.length, route).toBeGreaterThan(0);
        expect(new Set(siteAddresses), route).toEqual(new Set([PRODUCTION_URL]));
      }
      const locs = [...(await get(port, '/sitemap.xml')).text.matchAll(/<loc>([^<]*)<\/loc>/g)].map(
        (match) => match[1]!,
      );
      for (const loc of locs) expect(loc.startsWith(`${PRODUCTION_URL}/`)).toBe(true);
      expect((await get(port, '/robots.txt')).text).toContain(
        `Sitemap: ${PRODUCTION_URL}/sitemap.xml`,
      );
    });
    // Nowhere in the output: the preview's address.
    const files = (await readdir(outDir, { recursive: true, withFileTypes: true })).filter(
      (entry) => entry.isFile(),
    );
    for (const file of files) {
      const text = await readFile(path.join(file.parentPath, file.name), 'latin1');
      expect(text.includes('deploy-preview-42'), file.name).toBe(false);
    }
  });

  it('production, built next into the same folder with the same cache, sends no noindex', async () => {
    const production = await build({
      CONTEXT: 'production',
      URL: PRODUCTION_URL,
      DEPLOY_PRIME_URL: PRODUCTION_URL,
    });
    expect(production.stderr).toBe('');
    expect(production.code).toBe(0);
    // Not "Nothing changed": the preview's output is not production's.
    expect(production.stdout).toMatch(/^Built \d+ pages/m);
    expect(await readFile(path.join(outDir, '_headers'), 'utf8')).not.toContain('X-Robots-Tag');
    await served(async (port) => {
      for (const route of await pathsToCheck(port)) {
        const response = await get(port, route);
        expect(response.headers['x-robots-tag'], route).toBeUndefined();
      }
      // Each hashed asset is cached for a year; a missing one, answered 404, is revalidated each time.
      const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(
        (await get(port, '/about')).text,
      )?.[1];
      expect(stylesheet).toMatch(/^\/assets\//);
      expect((await get(port, stylesheet!)).headers['cache-control']).toBe(
        'public, max-age=31536000, immutable',
      );
      const missing = await get(port, '/assets/not-built-yet-ABC123.js');
      expect(missing.status).toBe(404);
      expect(missing.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      // Guarded pages stay noindex by their own robots meta, as before.
      expect((await get(port, '/admin')).text).toMatch(/<meta name="robots" content="noindex/);
    });
  }, 180_000);
});
