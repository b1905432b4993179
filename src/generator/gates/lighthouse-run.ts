// Gate 2's runs: Lighthouse 12 (Node API, mobile with its default simulated throttling; TBT checked
// with DevTools throttling when it alone fails a page) on pages of a served site, in a Chromium
// started with remote debugging. One page at a time, judged by lighthouse-gate.ts. Used by
// tests/runners/lighthouse.ts (npm test's pages of each kind) and by `npm run check:change` (the pages a
// change altered), so both run a page the same way.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/ensure-chromium.ts';
import { LOCAL_ACCOUNTS } from '../emulators/local-accounts.ts';
import {
  checkTbtAgain,
  failsOnTbtAlone,
  judgeRuns,
  runAgain,
  withCheckedTbt,
} from './lighthouse-gate.ts';
import { THRESHOLDS, type LighthousePage } from './lighthouse-pages.ts';
import type { PageScores } from './lighthouse-score.ts';

/** Debian's Chromium with the project's flags (scripts/ensure-chromium.ts), headless, with remote debugging for Lighthouse (and Playwright, over CDP). */
export function launchChromium(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    logLevel: 'silent',
  });
}

// Trace failures Lighthouse itself says to retry ("Please run Lighthouse again").
const TRANSIENT = new Set([
  'NO_NAVSTART',
  'NO_FCP',
  'NO_LCP',
  'NO_TRACING_STARTED',
  'PROTOCOL_TIMEOUT',
]);

/**
 * Audits that weigh nothing in any category and cost a second of each run: the back/forward cache
 * check, which navigates away and back (and the full-page screenshot, for the HTML report's pictures,
 * is off too).
 */
const SKIPPED_AUDITS = ['bf-cache'];

/**
 * How long Lighthouse waits after first paint and after load, and for the network and the CPU to be
 * quiet, before it ends a page's trace: 500 ms rather than its 1 s, which it sets for pages on the
 * open web. These pages are served from this machine and loaded in a few hundred ms; what they do
 * later (the build check a second in, prefetching and preloading when idle) is small, and the
 * quiet windows still take it in.
 */
const QUIET_MS = 500;

export interface AuditOptions {
  /** The Chromium's remote debugging port. */
  port: number;
  /** The served site, http://127.0.0.1:<port>. */
  origin: string;
  /** Where each page's judged report goes (<kind>.json), if anywhere. */
  reports?: string;
  /** Told of a run that is repeated. */
  log?: (message: string) => void;
  /** The highest CPU benchmark the host has shown in the session (runAgain's yardstick for a disturbed run): share it between calls of one session. */
  host?: { best: number };
  /**
   * The local emulators starting, if they are: pages held to no TBT limit (the sign-in pages) are
   * audited meanwhile; every other page waits until they are ready, so that none is measured while
   * they take the CPU.
   */
  ready?: Promise<unknown>;
}

/** `throttling`: Lighthouse's default simulated throttling, or DevTools throttling for checkTbtAgain's runs (performance only). */
async function run(
  options: AuditOptions,
  page: LighthousePage,
  throttling: 'simulate' | 'devtools' = 'simulate',
  attempt = 1,
): Promise<Result> {
  const { port, origin } = options;
  if (!page.signedInAs) await clearStorage(port, origin);
  // No config: Lighthouse's default, which is mobile emulation (with simulated throttling unless told otherwise).
  const result = await lighthouse(`${origin}${page.path}`, {
    port,
    output: 'json',
    logLevel: 'error',
    throttlingMethod: throttling,
    onlyCategories:
      throttling === 'simulate'
        ? ['performance', 'accessibility', 'best-practices', 'seo']
        : ['performance'],
    skipAudits: SKIPPED_AUDITS,
    disableFullPageScreenshot: true,
    pauseAfterFcpMs: QUIET_MS,
    pauseAfterLoadMs: QUIET_MS,
    networkQuietThresholdMs: QUIET_MS,
    cpuQuietThresholdMs: QUIET_MS,
    // The 404 page is audited as served, with its 404 status.
    ignoreStatusCode: page.status !== undefined,
    // A signed-in page keeps the session the browser holds (otherwise Lighthouse clears the origin's storage first).
    disableStorageReset: page.signedInAs !== undefined,
  });
  if (!result) throw new Error(`Lighthouse returned no result for ${page.path}`);
  const { lhr } = result;
  if (lhr.runtimeError && TRANSIENT.has(lhr.runtimeError.code) && attempt < 3) {
    options.log?.(`  (${page.path}: ${lhr.runtimeError.code}, running it again)`);
    return run(options, page, throttling, attempt + 1);
  }
  return lhr;
}

/**
 * A page is run until one run meets every threshold, or it has had RUNS_WHEN_FAILING runs on an
 * undisturbed machine (runAgain), and is judged on its best run (judgeRuns): on a shared machine
 * the CPU load of the moment moves the simulated timings (TBT above all). A real failure fails
 * every run. When TBT alone keeps the best run from passing, DevTools-throttled runs measure it
 * (checkTbtAgain). `host.best`: the highest CPU benchmark the host has shown in the session.
 */
async function audit(
  options: AuditOptions,
  page: LighthousePage,
  host: { best: number },
): Promise<PageScores> {
  const runs: Result[] = [];
  do {
    const lhr = await run(options, page);
    host.best = Math.max(host.best, lhr.environment?.benchmarkIndex ?? 0);
    runs.push(lhr);
  } while (runAgain(page, runs, host.best));
  const judgement = judgeRuns(page, runs, host.best);
  const { judged } = judgement;
  let { scores } = judgement;
  if (failsOnTbtAlone(page, judged)) {
    const checks: Result[] = [];
    do checks.push(await run(options, page, 'devtools'));
    while (checkTbtAgain(page, judged, checks));
    scores = withCheckedTbt(page, judged, scores, checks);
  }
  if (options.reports) {
    mkdirSync(options.reports, { recursive: true });
    writeFileSync(
      join(options.reports, `${page.kind.replace(/\W+/g, '-')}.json`),
      JSON.stringify(judged),
    );
  }
  return scores;
}

/** Signs the account in through /login in the Chromium Lighthouse drives: the SDK keeps the session in the origin's storage. */
async function signIn(
  port: number,
  origin: string,
  account: keyof typeof LOCAL_ACCOUNTS,
): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${origin}/login`);
    await page.getByLabel('Email address').fill(LOCAL_ACCOUNTS[account].email);
    await page.getByLabel('Password', { exact: true }).fill(LOCAL_ACCOUNTS[account].password);
    await page.locator('button[type="submit"]:enabled').click();
    await page.waitForURL(`${origin}/`);
    await page.close();
  } finally {
    await browser.close(); // disconnects; the browser and its default context stay for Lighthouse
  }
}

/**
 * Clears the origin's storage before each signed-out run. Lighthouse clears it too, but first warns
 * about any IndexedDB it finds, and the Firebase SDK keeps one (its heartbeat store) on every
 * account page: a run after another account page would fail on that warning alone.
 */
async function clearStorage(port: number, origin: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    const session = await page.context().newCDPSession(page);
    await session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await page.close();
  } finally {
    await browser.close();
  }
}

/**
 * Each page's scores, in the order given. One page at a time: parallel runs on a shared machine
 * would distort the timings. Signed-out pages first (Lighthouse clears the origin's storage before
 * each of them), and of those first the ones held to no TBT limit (the sign-in pages), while the
 * emulators may still be starting (`ready`); then those audited signed in, after one sign-in (the
 * site must then be served with the local Auth emulator behind it).
 */
export async function auditPages(
  options: AuditOptions,
  pages: readonly LighthousePage[],
): Promise<PageScores[]> {
  const host = options.host ?? { best: 0 };
  const rows: PageScores[] = [];
  const tolerant = (page: LighthousePage) =>
    !page.signedInAs && (page.thresholds ?? THRESHOLDS).tbt === undefined;
  const order = [
    ...pages.filter(tolerant),
    ...pages.filter((page) => !tolerant(page) && !page.signedInAs),
    ...pages.filter((page) => page.signedInAs),
  ];
  let signedIn = false;
  for (const page of order) {
    if (!tolerant(page)) await options.ready;
    if (page.signedInAs && !signedIn) {
      await signIn(options.port, options.origin, page.signedInAs);
      signedIn = true;
    }
    rows.push(await audit(options, page, host));
  }
  return pages.map((page) => rows[order.indexOf(page)]!);
}
