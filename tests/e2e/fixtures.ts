// Shared pieces of the browser tests: the spec's route list, the site model loaded
// with the project's own content loader, and a console-error watch on every page.
import { fileURLToPath } from 'node:url';
import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';
import { checkSite } from '../../src/build.ts';
import type { SiteModel } from '../../src/site/site-model.ts';

export { expect };

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/** §2 of /work/shared/spec/site-spec.md, written out as the spec lists them. */
export const MAIN_ROUTES = ['/', '/ardent-cleaning', '/ardent-wellbeing', '/about', '/faqs', '/contact', '/privacy-policy'] as const;

export const SERVICE_ROUTES = [
  '/domestic-cleaning-services',
  '/deep-cleaning-services',
  '/end-of-tenancy-cleaning-services',
  '/carpet-cleaning-services',
  '/oven-cleaning-services',
  '/window-cleaning-services',
  '/seasonal-cleaning-services',
  '/oven-cleaning-bromley',
  '/cleaning-services-busy-professionals',
  '/cleaning-services-senior-citizens',
] as const;

export const AREA_SLUGS = [
  'orpington',
  'bromley',
  'bickley',
  'beckenham',
  'chelsfield',
  'chislehurst',
  'locksbottom',
  'farnborough-village',
  'hayes-bromley',
  'keston-bromley',
  'petts-wood-bromley',
  'shortlands-bromley',
  'biggin-hill-bromley',
  'eden-park-beckenham',
  'west-wickham-bromley',
] as const;

export const AREA_ROUTES = AREA_SLUGS.map((slug) => `/cleaning-services-${slug}`);

/** Account and other pages: server-rendered shells, noindex, not in the sitemap. */
export const ACCOUNT_ROUTES = [
  '/login',
  '/register',
  '/reset-password',
  '/admin',
  '/integrated-builder',
  '/test-builder-dashboard',
  '/experiments/block-builder/builder',
  '/experiments/block-builder/preview',
] as const;

export const PUBLIC_ROUTES: readonly string[] = [...MAIN_ROUTES, ...SERVICE_ROUTES, ...AREA_ROUTES];
export const SPEC_ROUTES: readonly string[] = [...PUBLIC_ROUTES, ...ACCOUNT_ROUTES];

let siteModel: Promise<SiteModel> | undefined;

/** The site model from the project's own loader (content/ front matter), loaded once per worker. */
export function loadSite(): Promise<SiteModel> {
  siteModel ??= checkSite({ projectRoot }).then(({ site }) => site);
  return siteModel;
}

/** The title a route's content gives it. */
export async function titleOf(route: string): Promise<string> {
  const page = (await loadSite()).byRoute.get(route);
  if (!page) throw new Error(`No content produces the route ${route}`);
  return page.title;
}

export interface ConsoleWatch {
  /** Console errors and uncaught page errors seen so far, as text. */
  readonly errors: string[];
  /** Tolerate console errors matching `pattern` (e.g. the 404 document's own "Failed to load resource"). */
  allow(pattern: RegExp): void;
}

/** Starts collecting console errors and page errors of `page`. */
export function watchConsole(page: Page): ConsoleWatch & { unexpected(): string[] } {
  const errors: string[] = [];
  const allowed: RegExp[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return {
    errors,
    allow: (pattern) => allowed.push(pattern),
    unexpected: () => errors.filter((error) => !allowed.some((pattern) => pattern.test(error))),
  };
}

/**
 * `test` with an automatic console watch on `page`: any console error or uncaught
 * exception fails the test, unless the test allowed it with `consoleErrors.allow()`.
 */
export const test = base.extend<{ consoleErrors: ConsoleWatch }>({
  consoleErrors: [
    async ({ page }, use) => {
      const watch = watchConsole(page);
      await use(watch);
      expect(watch.unexpected(), 'console errors / page errors').toEqual([]);
    },
    { auto: true },
  ],
});

/** Parsed JSON-LD blocks of the current page. Throws (fails the test) when one is not valid JSON. */
export async function jsonLdOf(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

export interface LdNode {
  '@type': string | string[];
  [key: string]: unknown;
}

/** Every node of every @graph on the page. */
export async function graphNodesOf(page: Page): Promise<LdNode[]> {
  const blocks = await jsonLdOf(page);
  return blocks.flatMap((block) => {
    expect(block['@context'], 'JSON-LD @context').toBe('https://schema.org');
    expect(Array.isArray(block['@graph']), 'JSON-LD has an @graph array').toBe(true);
    return block['@graph'] as LdNode[];
  });
}

export const typesOf = (nodes: readonly LdNode[]) => nodes.flatMap((node) => (Array.isArray(node['@type']) ? node['@type'] : [node['@type']]));
