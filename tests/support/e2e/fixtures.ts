// Shared pieces of the browser tests: the spec's route list, the site model loaded
// with the project's own content loader, and a console-error watch on every page.
import { fileURLToPath } from 'node:url';
import {
  test as base,
  expect,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
} from '@playwright/test';
import type { SiteModel } from '../../../src/kernel/site/site-model.ts';
import { noteSession, sessionFile, type Role } from './sessions.ts';

export { expect };

export const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));

export {
  ACCOUNT_ROUTES,
  AREA_ROUTES,
  AREA_SLUGS,
  MAIN_ROUTES,
  PUBLIC_ROUTES,
  SERVICE_ROUTES,
  SPEC_ROUTES,
} from '../spec-routes.ts';

let siteModel: Promise<SiteModel> | undefined;

/**
 * The site model from the project's own loader (content/ front matter), loaded once per worker.
 * Imported on first use, so listing the tests does not load the whole build pipeline.
 */
export function loadSite(): Promise<SiteModel> {
  siteModel ??= import('../../../src/generator/build.ts')
    .then(({ checkSite }) => checkSite({ projectRoot }))
    .then(({ site }) => site);
  return siteModel;
}

export interface ConsoleErrors {
  /** Tolerate console errors matching `pattern` (e.g. the 404 document's own "Failed to load resource"). */
  allow(pattern: RegExp): void;
  readonly allowed: readonly RegExp[];
}

/** Collects the console errors and uncaught page errors of `page` until disposed. */
export function watchConsole(page: Page): { errors: string[]; dispose(): void } {
  const errors: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error')
      errors.push(`console.error: ${message.text()} (${message.location().url})`);
  };
  const onPageError = (error: Error) => errors.push(`pageerror: ${error.message}`);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  return {
    errors,
    dispose: () => {
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
    },
  };
}

/** Runs `body` with a console watch on `page`, then fails on any error `consoleErrors` does not allow. */
async function watched(
  page: Page,
  consoleErrors: ConsoleErrors,
  body: () => Promise<void>,
): Promise<void> {
  const watch = watchConsole(page);
  try {
    await body();
  } finally {
    watch.dispose();
  }
  const unexpected = watch.errors.filter(
    (error) => !consoleErrors.allowed.some((pattern) => pattern.test(error)),
  );
  expect(unexpected, 'console errors / page errors').toEqual([]);
}

/**
 * The one `test` of the suite (one test type, so Playwright never restarts workers between files).
 * - `signedInAs`: `test.use({ signedInAs: 'admin' })` starts the test's `context` and `page` with
 *   the seeded administrator's session (or the member's), saved once per run by the setup project
 *   (tests/support/e2e/sessions.ts). No test signs in through the form unless signing in is what it tests.
 * - `page`: Playwright's page, with a console watch: any console error or uncaught exception fails
 *   the test unless the test allowed it with `consoleErrors.allow()`.
 * - `routePage`: for the tests that load each of the 40 routes. Instead of a fresh context per test,
 *   each worker keeps one page per mode (JavaScript on at the default desktop viewport; JavaScript
 *   off at 375 px, chosen with `test.use({ javaScript: false })`) and every test navigates it,
 *   which keeps the suite fast on a busy machine. Same console watch as `page`.
 */
export const test = base.extend<
  {
    consoleErrors: ConsoleErrors;
    javaScript: boolean;
    routePage: Page;
    signedInAs: Role | undefined;
  },
  { sharedPages: { get(javaScript: boolean): Promise<Page> } }
>({
  signedInAs: [undefined, { option: true }],
  storageState: async ({ signedInAs, storageState }, use) => {
    await use(signedInAs ? sessionFile(signedInAs) : storageState);
  },
  context: async ({ context, signedInAs }, use) => {
    if (signedInAs) noteSession(context, signedInAs);
    await use(context);
  },
  consoleErrors: async ({}, use) => {
    const allowed: RegExp[] = [];
    await use({ allow: (pattern) => allowed.push(pattern), allowed });
  },
  page: async ({ page, consoleErrors }, use) => {
    await watched(page, consoleErrors, () => use(page));
  },
  javaScript: [true, { option: true }],
  sharedPages: [
    async ({ browser }, use, workerInfo) => {
      const contexts: Promise<BrowserContext>[] = [];
      const pages = new Map<boolean, Promise<Page>>();
      const { baseURL } = workerInfo.project.use;
      await use({
        get(javaScript) {
          let page = pages.get(javaScript);
          if (!page) {
            const context = browser.newContext(
              javaScript
                ? { baseURL }
                : { baseURL, javaScriptEnabled: false, viewport: { width: 375, height: 740 } },
            );
            contexts.push(context);
            page = context.then((created) => created.newPage());
            pages.set(javaScript, page);
          }
          return page;
        },
      });
      await Promise.all(contexts.map(async (context) => (await context).close()));
    },
    { scope: 'worker' },
  ],
  routePage: async ({ sharedPages, javaScript, consoleErrors }, use) => {
    const page = await sharedPages.get(javaScript);
    await watched(page, consoleErrors, () => use(page));
  },
});

export interface LdNode {
  '@type': string | string[];
  [key: string]: unknown;
}

/** Every node of every @graph in these JSON-LD texts. Fails the test when one does not parse. */
export function graphNodesOfTexts(texts: readonly string[]): LdNode[] {
  return texts.flatMap((text) => {
    const block = JSON.parse(text) as Record<string, unknown>;
    expect(block['@context'], 'JSON-LD @context').toBe('https://schema.org');
    expect(Array.isArray(block['@graph']), 'JSON-LD has an @graph array').toBe(true);
    return block['@graph'] as LdNode[];
  });
}

/** Every node of every @graph on the page. */
export async function graphNodesOf(page: Page): Promise<LdNode[]> {
  return graphNodesOfTexts(
    await page.locator('script[type="application/ld+json"]').allTextContents(),
  );
}

export const typesOf = (nodes: readonly LdNode[]) =>
  nodes.flatMap((node) => (Array.isArray(node['@type']) ? node['@type'] : [node['@type']]));
