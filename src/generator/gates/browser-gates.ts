// The page gates that load each page in Chromium: axe with the page's console watched
// (axe.ts, page-watch.ts), and Lighthouse (lighthouse-run.ts). Both share the run's one Chromium.
import { chromium, type Browser } from '@playwright/test';
import { ensureChromium } from '../../../scripts/ensure-chromium.ts';
import { loadAt, scanStates, VIEWPORTS } from './axe.ts';
import type { GateFinding, GatePage, PageGate } from './gate-types.ts';
import { auditPages, launchChromium } from './lighthouse-run.ts';
import { formatTable } from './lighthouse-table.ts';
import { isOwn404, watchContext } from './page-watch.ts';

const inBrowser = (page: GatePage) => page.browser && page.url !== undefined;

/** One page at both widths in a context of its own: axe's violations in each state, and what the page reported meanwhile. */
async function scanPage(
  browser: Browser,
  origin: string,
  page: GatePage,
  menus: boolean,
): Promise<GateFinding[]> {
  const { path: address, status } = page.url!;
  const findings: GateFinding[] = [];
  const context = await browser.newContext({ baseURL: origin });
  const watch = await watchContext(context, status === 404 ? isOwn404 : undefined);
  try {
    const tab = await context.newPage();
    for (const viewport of VIEWPORTS) {
      const answered = await loadAt(tab, address, viewport);
      if (answered !== status)
        findings.push({
          page,
          message: `${address} answered ${answered ?? 'nothing'}, not ${status}`,
        });
      for (const [state, violations] of Object.entries(
        await scanStates(tab, viewport, { menus }),
      )) {
        for (const violation of violations)
          findings.push({ page, message: `${state}: ${violation}` });
      }
    }
  } finally {
    await context.close();
  }
  return [
    ...findings,
    ...watch
      .all()
      .map((problem) => ({ page, message: problem, code: 'page-script-error' as const })),
  ];
}

/**
 * axe at 1280 and 375 px, the menus closed and open, as the browser tests scan every route; and
 * no console error or warning, uncaught exception or CSP violation while it happens. The menus are
 * the layout's, the same on every page of a kind (only the current page's mark moves): open on the
 * first page of each kind, as quality-a11y scans them.
 */
export const axe: PageGate = {
  id: 'axe',
  name: 'axe (375 and 1280 px)',
  code: 'page-accessibility',
  checks: inBrowser,
  async run(pages, site) {
    // Connected for this gate alone: Lighthouse, after it, has the browser to itself.
    const browser = await chromium.connectOverCDP(
      `http://127.0.0.1:${(await site.chromium()).port}`,
    );
    const findings: GateFinding[] = [];
    const kindsSeen = new Set<string>();
    try {
      for (const page of pages) {
        findings.push(...(await scanPage(browser, site.origin, page, !kindsSeen.has(page.kind))));
        kindsSeen.add(page.kind);
      }
    } finally {
      await browser.close(); // disconnects; the browser stays
    }
    return findings;
  },
};

/** Lighthouse, mobile: one run a page, run again only when it fails (lighthouse-gate.ts, runAgain). */
export const lighthouse: PageGate = {
  id: 'lighthouse',
  name: 'Lighthouse',
  code: 'page-lighthouse',
  checks: (page) => inBrowser(page) && page.lighthouse !== undefined,
  async run(pages, site) {
    const { port } = await site.chromium();
    const audited = pages.map((page) => page.lighthouse!);
    const rows = await auditPages(
      { port, origin: site.origin, reports: site.reports, log: site.log },
      audited,
    );
    site.log(formatTable(rows, audited));
    return rows.flatMap((row, index) =>
      row.failures.map((message) => ({ page: pages[index]!, message })),
    );
  },
};

/** The run's one Chromium, for GateSite.chromium: Debian's, installed with apt when missing and this process may. */
export async function startChromium(): Promise<{ port: number; close(): void }> {
  if (!ensureChromium()) throw new Error('Chromium is needed for the browser gates (above).');
  const chrome = await launchChromium();
  return { port: chrome.port, close: () => chrome.kill() };
}
