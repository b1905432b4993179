// The netlify.toml header rules as served: security headers on pages, the 404 page and
// assets; long-lived caching for hashed assets (the build's _headers), never for a missing one;
// revalidation for HTML and build/contact data.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import TOML from '@iarna/toml';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, projectRoot, test as base } from '../support/e2e/fixtures.ts';

interface HeaderRule {
  for: string;
  values: Record<string, string>;
}

/** The [[headers]] rules of netlify.toml, read with a TOML parser (not with the server's own code). */
function netlifyHeaderRules(): HeaderRule[] {
  const config = TOML.parse(readFileSync(join(projectRoot, 'netlify.toml'), 'utf8')) as {
    headers?: { for: string; values?: Record<string, unknown> }[];
  };
  return (config.headers ?? []).map((rule) => ({
    for: rule.for,
    values: Object.fromEntries(
      Object.entries(rule.values ?? {}).map(([name, value]) => [
        name.toLowerCase(),
        Array.isArray(value) ? value.join(', ') : String(value),
      ]),
    ),
  }));
}

/** Netlify's `for` patterns as used here: exact paths and `*` wildcards. */
function ruleMatches(pattern: string, path: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(path);
}

const REVALIDATE = /(^|,)\s*(no-cache|max-age=0)\s*(,|$)/;

interface Sample {
  label: string;
  path: string;
  status: number;
  headers: Record<string, string>;
}

/** Loads a page in Chromium and keeps the document's and the first hashed asset's responses. */
async function pageAndAsset(
  page: Page,
  path: string,
  assetPattern: RegExp,
): Promise<{ document: Sample; asset: Sample }> {
  const assetResponse = page.waitForResponse((response) =>
    assetPattern.test(new URL(response.url()).pathname),
  );
  const response = await page.goto(path);
  if (!response) throw new Error(`No response for ${path}`);
  const asset = await assetResponse;
  return {
    document: {
      label: path,
      path,
      status: response.status(),
      headers: await response.allHeaders(),
    },
    asset: {
      label: `asset ${new URL(asset.url()).pathname}`,
      path: new URL(asset.url()).pathname,
      status: asset.status(),
      headers: await asset.allHeaders(),
    },
  };
}

async function fetched(request: APIRequestContext, url: string): Promise<Sample> {
  const response = await request.get(url);
  const path = new URL(url, 'http://localhost').pathname;
  return { label: url, path, status: response.status(), headers: response.headers() };
}

type Samples = Record<
  | 'page'
  | 'home'
  | 'notFound'
  | 'css'
  | 'script'
  | 'missingAsset'
  | 'manifest'
  | 'latest'
  | 'contact'
  | 'sitemap',
  Sample
>;

let sampled: Promise<Samples> | undefined;

/** The responses are sampled once per worker process; the tests below only read them. */
const test = base.extend<{ samples: Samples }>({
  samples: async ({ browser, playwright, baseURL }, use) => {
    sampled ??= (async () => {
      const context = await browser.newContext({ baseURL });
      const request = await playwright.request.newContext({ baseURL });
      try {
        const page = await context.newPage();
        const about = await pageAndAsset(page, '/about', /^\/assets\/.+\.css$/);
        const notFound = await pageAndAsset(
          page,
          '/this-page-does-not-exist',
          /^\/assets\/.+\.js$/,
        );
        const [home, manifest, latest, contact, sitemap, missingAsset] = await Promise.all(
          [
            '/',
            '/build-manifest.json',
            `/latest-build.json?t=${Date.now()}`,
            '/content/contact-details.json',
            '/sitemap.xml',
            '/assets/not-built-yet-ABC123.js',
          ].map((path) => fetched(request, path)),
        );
        return {
          page: about.document,
          css: about.asset,
          notFound: notFound.document,
          script: notFound.asset,
          missingAsset: missingAsset!,
          home: home!,
          manifest: manifest!,
          latest: latest!,
          contact: contact!,
          sitemap: sitemap!,
        };
      } finally {
        await Promise.all([context.close(), request.dispose()]);
      }
    })();
    await use(await sampled);
  },
});

test('the samples answer with the expected statuses', async ({ samples }) => {
  expect(samples.page.status).toBe(200);
  expect(samples.notFound.status).toBe(404);
  expect(samples.missingAsset.status).toBe(404);
  for (const sample of [
    samples.css,
    samples.script,
    samples.home,
    samples.manifest,
    samples.latest,
    samples.contact,
    samples.sitemap,
  ]) {
    expect(sample.status, sample.label).toBe(200);
  }
});

test('netlify.toml defines security headers for "/*", and no long caching for a whole folder', () => {
  const rules = netlifyHeaderRules();
  const all = rules.filter((rule) => rule.for === '/*');
  expect(all.length, 'a [[headers]] rule for "/*"').toBeGreaterThan(0);
  // A rule applies to a 404 at its path too: only the build's _headers, file by file, caches for long.
  for (const rule of rules.filter((candidate) => candidate.for.includes('*')))
    expect(rule.values['cache-control'] ?? '', rule.for).not.toMatch(/immutable|max-age=[1-9]/);
});

test('every header netlify.toml defines is served on the paths its rule matches', async ({
  samples,
}) => {
  const rules = netlifyHeaderRules();
  for (const sample of Object.values(samples)) {
    const matching = rules.filter((rule) => ruleMatches(rule.for, sample.path));
    for (const rule of matching) {
      for (const [name, value] of Object.entries(rule.values)) {
        // When two matching rules set the same header, either value may be served.
        const candidates = matching.flatMap((other) =>
          other.values[name] !== undefined ? [other.values[name]] : [],
        );
        const served = sample.headers[name];
        expect(served, `${name} on ${sample.label} (rule for "${rule.for}")`).toBeDefined();
        if (candidates.length === 1)
          expect(served?.trim(), `${name} on ${sample.label}`).toBe(value.trim());
        else
          expect(
            candidates.map((candidate) => candidate.trim()),
            `${name} on ${sample.label}`,
          ).toContain(served?.trim());
      }
    }
  }
});

test('security headers are on a page, on the 404 page and on assets', async ({ samples }) => {
  for (const sample of [
    samples.page,
    samples.home,
    samples.notFound,
    samples.css,
    samples.script,
  ]) {
    const headers = sample.headers;
    const where = sample.label;

    const csp = headers['content-security-policy'] ?? '';
    expect(csp, `Content-Security-Policy on ${where}`).not.toBe('');
    const directives = new Map(
      csp
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name = '', ...sources]) => [name.toLowerCase(), sources] as const),
    );
    const scriptSrc = directives.get('script-src') ?? directives.get('default-src');
    expect(scriptSrc, `script-src (or default-src) on ${where}`).toBeDefined();
    expect(scriptSrc, `script-src on ${where}`).not.toContain("'unsafe-inline'");
    expect(scriptSrc, `script-src on ${where}`).not.toContain("'unsafe-eval'");

    const hsts = headers['strict-transport-security'] ?? '';
    const maxAge = Number(/max-age=(\d+)/i.exec(hsts)?.[1] ?? -1);
    expect(maxAge, `Strict-Transport-Security max-age on ${where}`).toBeGreaterThanOrEqual(
      15_768_000,
    );

    expect(headers['x-content-type-options'], `X-Content-Type-Options on ${where}`).toBe('nosniff');
    expect(headers['referrer-policy'], `Referrer-Policy on ${where}`).toMatch(/\S/);
    expect(headers['referrer-policy'], `Referrer-Policy on ${where}`).not.toMatch(/unsafe-url/);
    const framing =
      /^(deny|sameorigin)$/i.test(headers['x-frame-options'] ?? '') ||
      directives.has('frame-ancestors');
    expect(framing, `X-Frame-Options or frame-ancestors on ${where}`).toBe(true);
    expect(headers['permissions-policy'], `Permissions-Policy on ${where}`).toMatch(/\S/);
  }
});

test('hashed assets are cached for a year and immutable', async ({ samples }) => {
  for (const sample of [samples.css, samples.script]) {
    expect(sample.path, 'asset names carry a content hash').toMatch(
      /^\/assets\/(chunks\/)?[\w.-]+-[A-Z0-9]{6,}\.(css|js)$/,
    );
    const cacheControl = sample.headers['cache-control'] ?? '';
    expect(cacheControl, `Cache-Control on ${sample.label}`).toMatch(
      /(^|,)\s*max-age=31536000\s*(,|$)/,
    );
    expect(cacheControl, `Cache-Control on ${sample.label}`).toMatch(/(^|,)\s*immutable\s*(,|$)/);
  }
});

test('HTML, the build files, the contact data and a missing asset are revalidated', async ({
  samples,
}) => {
  for (const sample of [
    samples.page,
    samples.home,
    samples.notFound,
    samples.missingAsset,
    samples.manifest,
    samples.latest,
    samples.contact,
  ]) {
    const cacheControl = sample.headers['cache-control'] ?? '';
    expect(cacheControl, `Cache-Control on ${sample.label}`).toMatch(REVALIDATE);
    expect(cacheControl, `Cache-Control on ${sample.label}`).not.toMatch(/immutable/);
  }
  expect(samples.manifest.headers['content-type']).toMatch(/^application\/json/);
  expect(samples.contact.headers['content-type']).toMatch(/^application\/json/);
});
