// Gates 6 and 8 (issue 5): what a page reports while it loads and runs. Console errors and
// warnings, uncaught exceptions, and Content Security Policy violations (from the document's
// securitypolicyviolation events, so a violation fails the test even if nothing logs it).
import { expect, type BrowserContext, type ConsoleMessage, type Page } from '@playwright/test';

declare global {
  interface Window {
    __qualityCspViolation?: (violation: string) => void;
  }
}

export interface PageWatch {
  /** Console errors and warnings, and uncaught exceptions. */
  readonly console: string[];
  /** CSP violations, as "directive: blocked URI (source)". */
  readonly csp: string[];
  /** Everything, for one expect. */
  all(): string[];
}

/**
 * Starts watching every page of `context` (call before the first navigation). `allow` drops
 * console messages that are expected (the 404 page's own status, which Chromium logs).
 */
export async function watchContext(
  context: BrowserContext,
  allow: (message: ConsoleMessage, page: Page) => boolean = () => false,
): Promise<PageWatch> {
  const consoleProblems: string[] = [];
  const csp: string[] = [];
  await context.exposeFunction(
    '__qualityCspViolation',
    (violation: string) => void csp.push(violation),
  );
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const source = event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber})` : '';
      window.__qualityCspViolation?.(
        `${event.effectiveDirective}: ${event.blockedURI || 'inline'}${source} on ${location.pathname}`,
      );
    });
  });
  const watchPage = (page: Page) => {
    page.on('console', (message) => {
      const type = message.type();
      if ((type === 'error' || type === 'warning') && !allow(message, page)) {
        consoleProblems.push(
          `console.${type} on ${new URL(page.url()).pathname}: ${message.text()} (${message.location().url})`,
        );
      }
    });
    page.on('pageerror', (error) =>
      consoleProblems.push(`uncaught on ${new URL(page.url()).pathname}: ${error.message}`),
    );
  };
  context.pages().forEach(watchPage);
  context.on('page', watchPage);
  return {
    console: consoleProblems,
    csp,
    all: () => [...consoleProblems, ...csp.map((violation) => `CSP violation: ${violation}`)],
  };
}

/** The 404 page's own status line, which Chromium logs for any document answered with 404. */
export const isOwn404 = (message: ConsoleMessage, page: Page) =>
  message.type() === 'error' &&
  /status of 404/.test(message.text()) &&
  message.location().url === page.url();

/** A guarded screen hydrates once its session is checked, behind the 250 KB of a builder's scripts: up to 15 s on a busy two-core machine. */
const HYDRATION_TIMEOUT_MS = 20_000;

/**
 * Waits until the page has settled: loaded, its widgets woken (a Shift press: they hydrate when
 * the visitor first acts) and hydrated (they mark themselves data-hydrated), the contact
 * section's first load checked (data-checked, or hydrated when it changed the section), and a
 * guarded page's screen hydrated and past its checking state. (A sign-in screen starts when the
 * visitor turns to its form; until then the form the build rendered is what there is to see.)
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.keyboard.press('Shift');
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('[data-island]')].every((island) =>
          island.matches('[data-hydrated], [data-checked]'),
        ) &&
        [...document.querySelectorAll('[data-screen="guarded"]')].every((screen) =>
          screen.matches('[data-hydrated]:not(:has([data-state="checking"]))'),
        ),
      undefined,
      { timeout: HYDRATION_TIMEOUT_MS },
    )
    .catch(async () => {
      const stuck = await page.evaluate(() =>
        [
          ...document.querySelectorAll<HTMLElement>(
            '[data-island]:not([data-hydrated], [data-checked]), [data-screen="guarded"]:not([data-hydrated]), [data-screen]:has([data-state="checking"])',
          ),
        ].map((element) => element.dataset.island ?? `screen ${element.dataset.screen}`),
      );
      throw new Error(
        `islands not hydrated after ${HYDRATION_TIMEOUT_MS / 1000} s on ${new URL(page.url()).pathname}: ${stuck.join(', ')}`,
      );
    });
}

/**
 * Waits until the page's own work after loading is done: the build check (a second after it starts)
 * answered, and the widgets' chunks the page preloads when idle all fetched. What has not happened
 * by then (a widget hydrating, a sign-in screen starting) waits for the visitor.
 */
export async function startedWorkDone(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const later = (
          document.querySelector<HTMLScriptElement>('script[data-later-modules]')?.dataset
            .laterModules ?? ''
        )
          .split(' ')
          .filter(Boolean);
        const fetched = (url: string) =>
          performance
            .getEntriesByName(new URL(url, location.href).href)
            .some((entry) => (entry as PerformanceResourceTiming).responseEnd > 0);
        return fetched('/build-manifest.json') && later.every(fetched);
      }),
    )
    .toBe(true);
}
