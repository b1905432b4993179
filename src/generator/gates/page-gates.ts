// The page gates of `npm run check:change`, as a list: each takes the built pages a change altered
// and says what is wrong with each, through the same functions the browser tests and the Lighthouse
// step call (html-validity.ts, w3c-validity.ts, links.ts, structured-data.ts, axe.ts with
// page-watch.ts, lighthouse-run.ts with lighthouse-gate.ts). Another gate is one more entry of PAGE_GATES.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { ensureChromium } from '../../../scripts/ensure-chromium.ts';
import type { ContentProblem, ProblemCode } from '../../kernel/errors/problems.ts';
import type { RenderJob } from '../../kernel/render/render-page.tsx';
import { loadAt, scanStates, VIEWPORTS } from './axe.ts';
import { formatHtmlProblems, validateHtmlFiles } from './html-validity.ts';
import { formatTable, lighthousePageFor, type LighthousePage } from './lighthouse-gate.ts';
import { auditPages, launchChromium } from './lighthouse-run.ts';
import { crawlSite } from './links.ts';
import { isOwn404, watchContext } from './page-watch.ts';
import { structuredDataProblems } from './structured-data.ts';
import { ensureJava, formatW3cErrors, JAVA_NEEDED, w3cErrors } from './w3c-validity.ts';

/** Where the 404 page is asked for: any address the site does not have. */
export const NOT_FOUND_PATH = '/this-page-does-not-exist';

/** One built page, as the gates see it. */
export interface GatePage {
  /** How the report names it: its address ("/about"), or "the 404 page". */
  name: string;
  /** Its template ("service", "area", "standard"…, "error"): pages of one kind share the layout's menus. */
  kind: string;
  /** Its HTML file in the output folder ("about.html"). */
  file: string;
  /** The content file it is made from, which its problems name ("content/pages/about.md"). */
  source: string;
  /** The address it is asked for and the status it answers with; none for a page no address serves (the 500 page). */
  url?: { path: string; status: number };
  /**
   * A page of the site's content, which the browser gates (axe, Lighthouse) check. Not an account
   * screen (template "app": sign-in, /admin, the builder), whose behaviour is the sign-in service's:
   * npm test checks those against the local Auth emulator, signed in where they are guarded. A
   * content change reaches them only through the layout, which every other page shows too.
   */
  browser: boolean;
  /** How Lighthouse audits it. */
  lighthouse?: LighthousePage;
}

/** A render job of the build as a gate page. */
export function gatePageOf(job: RenderJob): GatePage {
  if ('page' in job) {
    const { route, entry, access, noindex, template } = job.page;
    const browser = template !== 'app' && access === 'public';
    return {
      name: route,
      kind: template,
      file: job.path,
      source: entry.file,
      url: { path: route, status: 200 },
      browser,
      ...(browser
        ? { lighthouse: lighthousePageFor(route, { kind: `${template} ${route}`, noindex }) }
        : {}),
    };
  }
  const { file, data } = job.error;
  if (data.status !== 404)
    return {
      name: `the ${data.status} page`,
      kind: 'error',
      file: job.path,
      source: file,
      browser: false,
    };
  return {
    name: 'the 404 page',
    kind: 'error',
    file: job.path,
    source: file,
    url: { path: NOT_FOUND_PATH, status: 404 },
    browser: true,
    lighthouse: lighthousePageFor(NOT_FOUND_PATH, { kind: '404', noindex: true }),
  };
}

/** The built site the gates check. */
export interface GateSite {
  /** The output folder. */
  root: string;
  /** Where it is served as `npm start` serves it: http://127.0.0.1:<port>. */
  origin: string;
  /** The public address the pages name (canonical links, JSON-LD), checked on the local copy. */
  siteUrl?: string;
  /** The one Chromium of the run, started on first use: its remote debugging port, for Lighthouse and for Playwright over CDP. */
  chromium(): Promise<{ port: number }>;
  /** Where Lighthouse's reports go. */
  reports?: string;
  /** Lines for the person running the check (Lighthouse's table). */
  log(line: string): void;
}

export interface GateFinding {
  page: GatePage;
  message: string;
  /** When not the gate's own code (axe's gate also reports console errors). */
  code?: ProblemCode;
}

export interface PageGate {
  /** Its name in the output, with the time it took. */
  name: string;
  /** The code of what it finds (src/kernel/errors/catalogue.ts). */
  code: ProblemCode;
  /** The pages it checks of those given (all, unless it says). */
  checks?(page: GatePage): boolean;
  run(pages: readonly GatePage[], site: GateSite): Promise<GateFinding[]>;
}

const inBrowser = (page: GatePage) => page.browser && page.url !== undefined;

/** html-validate with the project's .htmlvalidate.mjs. */
const htmlValidate: PageGate = {
  name: 'html-validate',
  code: 'page-html-invalid',
  async run(pages, site) {
    const byFile = new Map(pages.map((page) => [page.file, page]));
    const problems = await validateHtmlFiles(
      site.root,
      pages.map((page) => path.join(site.root, page.file)),
    );
    const lines = formatHtmlProblems(problems);
    return problems.map((problem, index) => ({
      page: byFile.get(problem.file)!,
      message: lines[index]!,
    }));
  },
};

/** The W3C's Nu Html Checker, errors only: all the pages in one run of Java, whose start-up is most of its cost. */
const w3c: PageGate = {
  name: 'W3C checker',
  code: 'page-html-invalid',
  async run(pages, site) {
    if (!ensureJava()) throw new Error(JAVA_NEEDED);
    const byFile = new Map(pages.map((page) => [page.file, page]));
    const errors = await w3cErrors(
      site.root,
      pages.map((page) => path.join(site.root, page.file)),
    );
    const lines = formatW3cErrors(errors);
    return errors.map((error, index) => ({
      page: byFile.get(error.file) ?? pages[0]!,
      message: lines[index]!,
    }));
  },
};

/**
 * Every link, image, script and stylesheet of the pages checked answers, without a redirect, and
 * each #fragment names an element there. (Links into them from other pages are the content
 * check's: it finds a link to a heading that no longer exists, in the file that links.)
 */
const links: PageGate = {
  name: 'links',
  code: 'page-broken-link',
  checks: (page) => page.url !== undefined,
  async run(pages, site) {
    const roots = pages.map((page) => page.url!.path);
    const result = await crawlSite({
      origin: site.origin,
      roots,
      expectNotFound: roots.filter((_, index) => pages[index]!.url!.status === 404),
      siteUrl: site.siteUrl,
      recurse: false,
    });
    const byPath = new Map(pages.map((page) => [page.url!.path, page]));
    return result.broken.map((link) => {
      const page =
        (link.parent && byPath.get(new URL(link.parent).pathname)) ||
        byPath.get(new URL(link.url).pathname) ||
        pages[0]!;
      return {
        page,
        message: `${link.url.replace(site.origin, '')}${link.status ? ` (${link.status})` : ''}: ${link.reason}`,
      };
    });
  },
};

/** Every JSON-LD block valid against schema.org, and a LocalBusiness with what Google asks for. */
const structuredData: PageGate = {
  name: 'JSON-LD',
  code: 'page-structured-data',
  async run(pages, site) {
    const found = await Promise.all(
      pages.map(async (page) =>
        (
          await structuredDataProblems(await readFile(path.join(site.root, page.file), 'utf8'))
        ).problems.map((message) => ({ page, message })),
      ),
    );
    return found.flat();
  },
};

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
const axe: PageGate = {
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
const lighthouse: PageGate = {
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

/** In the order they run: the quick ones first, Lighthouse last and alone (it times the page). */
export const PAGE_GATES: readonly PageGate[] = [
  htmlValidate,
  w3c,
  links,
  structuredData,
  axe,
  lighthouse,
];

/** What one gate did: its time, and how many pages and problems, or that it could not run. */
export interface GateStep {
  name: string;
  seconds: number;
  ok: boolean;
  note?: string;
}

/** A finding as a problem of the page's content file, its message starting with the page's address. */
export const problemOf = (gate: PageGate, finding: GateFinding): ContentProblem => ({
  code: finding.code ?? gate.code,
  file: finding.page.source,
  message: `${finding.page.name}: ${finding.message}`,
});

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * Each gate in turn on the pages it checks, timed: every problem found, a step for each gate that
 * had pages, and what kept a gate from running (the first such), the others running still.
 */
export async function runPageGates(
  pages: readonly GatePage[],
  site: GateSite,
  gates: readonly PageGate[] = PAGE_GATES,
): Promise<{ problems: ContentProblem[]; steps: GateStep[]; stopped?: string }> {
  const problems: ContentProblem[] = [];
  const steps: GateStep[] = [];
  let stopped: string | undefined;
  for (const gate of gates) {
    const checked = pages.filter((page) => gate.checks?.(page) ?? true);
    if (checked.length === 0) continue;
    const since = performance.now();
    const seconds = () => (performance.now() - since) / 1000;
    try {
      const findings = await gate.run(checked, site);
      problems.push(...findings.map((finding) => problemOf(gate, finding)));
      steps.push({
        name: gate.name,
        seconds: seconds(),
        ok: findings.length === 0,
        note: `${plural(checked.length, 'page')}${findings.length ? `, ${plural(findings.length, 'problem')}` : ''}`,
      });
    } catch (error) {
      steps.push({ name: gate.name, seconds: seconds(), ok: false, note: 'could not run' });
      stopped ??= `the ${gate.name} gate could not run: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  return { problems, steps, ...(stopped ? { stopped } : {}) };
}

/** The run's one Chromium, for GateSite.chromium: Debian's, installed with apt when missing and this process may. */
export async function startChromium(): Promise<{ port: number; close(): void }> {
  if (!ensureChromium()) throw new Error('Chromium is needed for the browser gates (above).');
  const chrome = await launchChromium();
  return { port: chrome.port, close: () => chrome.kill() };
}
