// One Lighthouse run scored against a page's thresholds (lighthouse-pages.ts): what failed, and the
// timings shown. Apart from the gate (lighthouse-gate.ts), which decides how many runs a page gets.
import type { Result } from 'lighthouse';
import { THRESHOLDS, type LighthousePage } from './lighthouse-pages.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

export interface PageScores {
  kind: string;
  path: string;
  scores: Record<Category, number | null>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Lighthouse's benchmarkIndex of the host during the run: how fast the machine was then (Lighthouse expects 1000 and more). */
  benchmark: number;
  failures: string[];
  /** Every run's TBT, ms, in the order run, when the first run failed and the page was run again. */
  runTbts?: number[];
  /** How many of those runs were on a disturbed machine (DISTURBED_BELOW). */
  busyRuns?: number;
  /** The DevTools-throttled runs' TBT, ms, when the simulated runs missed on TBT alone (checkTbtAgain); then `tbtMs` is the one judged. */
  devtoolsTbts?: number[];
  /** Categories scored below the threshold by design, and the audits why. */
  exempted: Partial<Record<Category, string[]>>;
}

/** Failing audits of a category (score below 1, not informative, not manual, not N/A). */
function failingAudits(lhr: Result, category: Category): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .filter((ref) => {
      const audit = lhr.audits[ref.id];
      return (
        audit &&
        audit.scoreDisplayMode !== 'notApplicable' &&
        audit.scoreDisplayMode !== 'manual' &&
        audit.score !== null &&
        audit.score < 1
      );
    })
    .map((ref) => ref.id);
}

/** A TBT and its audit score, as one Lighthouse run measured them. */
export interface TbtReading {
  ms: number;
  score: number;
}

export const tbtOf = (lhr: Result): TbtReading => {
  const audit = lhr.audits['total-blocking-time'];
  return { ms: audit?.numericValue ?? Number.NaN, score: audit?.score ?? 0 };
};

/** TBT's share of the performance score, by the run's own weights. */
function tbtWeight(lhr: Result): number {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  const total = refs.reduce((sum, ref) => sum + ref.weight, 0);
  const weight = refs.find((ref) => ref.id === 'total-blocking-time')?.weight ?? 0;
  return total > 0 ? weight / total : 0;
}

/**
 * Scores one Lighthouse result against the page's thresholds (THRESHOLDS unless it names its own);
 * `failures` is empty when the page passes. `tbt`: a TBT measured by another run (checkTbtAgain), used
 * instead of this run's, with the performance score re-weighed for it.
 */
export function evaluate(page: LighthousePage, lhr: Result, tbt?: TbtReading): PageScores {
  const failures: string[] = [];
  const limits = page.thresholds ?? THRESHOLDS;
  if (lhr.runtimeError)
    failures.push(`Lighthouse runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // Lighthouse warns that it audited an error status; that is the point on the 404 page.
  const expectedWarning = (warning: string) =>
    page.status !== undefined && warning.includes(`Status code: ${page.status}`);
  for (const warning of lhr.runWarnings)
    if (!expectedWarning(warning)) failures.push(`Lighthouse warning: ${warning}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, lhr.categories[category]?.score ?? null]),
  ) as Record<Category, number | null>;
  const lcpMs = lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
  const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN;
  const own = tbtOf(lhr);
  const tbtMs = (tbt ?? own).ms;
  if (tbt && scores.performance !== null)
    scores.performance = Math.min(
      1,
      Math.max(
        0,
        Math.round((scores.performance + tbtWeight(lhr) * (tbt.score - own.score)) * 100) / 100,
      ),
    );

  const expected = new Map((page.expectedFailures ?? []).map((entry) => [entry.audit, entry]));
  const exempted: PageScores['exempted'] = {};
  for (const category of CATEGORIES) {
    const score = scores[category];
    const failing = failingAudits(lhr, category).filter(
      (id) => !(tbt && id === 'total-blocking-time' && tbt.score >= 1),
    );
    const exempt = failing.filter((id) => {
      const entry = expected.get(id);
      return entry !== undefined && (entry.accept?.(lhr.audits[id]!, lhr) ?? true);
    });
    for (const entry of expected.values()) {
      const inCategory = lhr.categories[category]?.auditRefs.some((ref) => ref.id === entry.audit);
      if (inCategory && entry.mustFail && !failing.includes(entry.audit))
        failures.push(
          `${category}: ${entry.audit} was expected to fail here (${entry.why}) but passed; remove the exemption`,
        );
    }
    if (exempt.length > 0) {
      // The category's score is lowered by design; every other audit in it must pass.
      exempted[category] = exempt;
      const others = failing.filter((id) => !exempt.includes(id));
      if (others.length) failures.push(`${category}: failing audits ${others.join(', ')}`);
      continue;
    }
    if (score === null || score < limits[category]) {
      failures.push(
        `${category} ${score === null ? 'not scored' : score.toFixed(2)} < ${limits[category]}${failing.length ? ` (failing: ${failing.join(', ')})` : ''}`,
      );
    }
  }
  if (!(cls <= limits.cls)) failures.push(`CLS ${cls} > ${limits.cls}`);
  if (limits.tbt !== undefined && !(tbtMs <= limits.tbt))
    failures.push(`TBT ${Math.round(tbtMs)} ms > ${limits.tbt} ms`);
  const benchmark = lhr.environment?.benchmarkIndex ?? Number.NaN;
  return {
    kind: page.kind,
    path: page.path,
    scores,
    lcpMs,
    cls,
    tbtMs,
    benchmark,
    failures,
    exempted,
  };
}
