// The page gates of `npm run check:change`, as a list: each takes the built pages a change altered
// and says what is wrong with each, through the same functions the browser tests and the Lighthouse
// step call (static-gates.ts: html-validate, the W3C checker, links, JSON-LD; browser-gates.ts: axe
// and Lighthouse). Another gate is one more entry of PAGE_GATES.
import type { ContentProblem } from '../../kernel/errors/problems.ts';
import type { RenderJob } from '../../kernel/render/render-page.tsx';
import { axe, lighthouse } from './browser-gates.ts';
import type { GateFinding, GatePage, GateSite, PageGate } from './gate-types.ts';
import { lighthousePageFor } from './lighthouse-pages.ts';
import { htmlValidate, links, structuredData, w3c } from './static-gates.ts';

/** Where the 404 page is asked for: any address the site does not have. */
export const NOT_FOUND_PATH = '/this-page-does-not-exist';

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

/** In the order they run: the quick ones first, Lighthouse last and alone (it times the page). */
export const PAGE_GATES: readonly PageGate[] = [
  htmlValidate,
  w3c,
  links,
  structuredData,
  axe,
  lighthouse,
];

/**
 * The gates left when those named are skipped (`--skip axe,lighthouse`: checks that a test of
 * something else waits on for seconds rather than for a browser's time).
 */
export const gatesWithout = (skip: readonly string[]): readonly PageGate[] =>
  PAGE_GATES.filter((gate) => !skip.includes(gate.id));

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
