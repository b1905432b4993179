import type { Result } from 'lighthouse';
import { describe, expect, it } from 'vitest';
import {
  checkTbtAgain,
  failsOnTbtAlone,
  judgeRuns,
  MOST_RUNS,
  runAgain,
  RUNS_WHEN_FAILING,
  TBT_CHECK_RUNS,
  withCheckedTbt,
} from '../../../../src/generator/gates/lighthouse-gate.ts';
import {
  ACCOUNT_THRESHOLDS,
  type LighthousePage,
} from '../../../../src/generator/gates/lighthouse-pages.ts';
import { formatRuns, formatTable } from '../../../../src/generator/gates/lighthouse-table.ts';

/**
 * The parts of a Lighthouse result the gate reads. With `tbtScore`, the performance category weighs
 * TBT at 30% (Lighthouse 12's weight) and the TBT audit has that score.
 */
function run({
  performance = 1,
  tbt = 0,
  tbtScore,
  cls = 0,
  benchmark = 2400,
}: {
  performance?: number;
  tbt?: number;
  tbtScore?: number;
  cls?: number;
  benchmark?: number;
}): Result {
  const category = (score: number) => ({ score, auditRefs: [] });
  const performanceRefs =
    tbtScore === undefined
      ? []
      : [
          { id: 'total-blocking-time', weight: 30 },
          { id: 'largest-contentful-paint', weight: 70 },
        ];
  return {
    runWarnings: [],
    environment: { benchmarkIndex: benchmark },
    categories: {
      performance: { score: performance, auditRefs: performanceRefs },
      accessibility: category(1),
      'best-practices': category(1),
      seo: category(1),
    },
    audits: {
      'largest-contentful-paint': { numericValue: 1200, score: 1 },
      'cumulative-layout-shift': { numericValue: cls },
      'total-blocking-time': {
        numericValue: tbt,
        score: tbtScore ?? (tbt <= 200 ? 1 : 0.9),
        scoreDisplayMode: 'numeric',
      },
    },
  } as unknown as Result;
}

const publicPage: LighthousePage = { kind: 'faqs', path: '/faqs' };
const adminPage: LighthousePage = {
  kind: 'guarded',
  path: '/admin',
  thresholds: ACCOUNT_THRESHOLDS,
};

describe('judgeRuns', () => {
  it('passes a page on a run that meets every threshold, and lists every run’s TBT', () => {
    const { scores, judged } = judgeRuns(publicPage, [
      run({ tbt: 184, performance: 0.97 }),
      run({ tbt: 30 }),
      run({ tbt: 90 }),
    ]);
    expect(scores.failures).toEqual([]);
    expect(scores.tbtMs).toBe(30);
    expect(scores.runTbts).toEqual([184, 30, 90]);
    expect(judged.audits['total-blocking-time']!.numericValue).toBe(30);
  });

  it('fails a page whose every run misses a threshold, showing the least disturbed run’s failures', () => {
    const { scores } = judgeRuns(publicPage, [
      run({ tbt: 120 }),
      run({ tbt: 60 }),
      run({ tbt: 300 }),
    ]);
    expect(scores.failures).toEqual(['TBT 60 ms > 50 ms']);
  });

  it('does not pass a quick run that fails on something else', () => {
    const { scores } = judgeRuns(publicPage, [run({ tbt: 0, cls: 0.1 }), run({ tbt: 80 })]);
    expect(scores.failures.length).toBeGreaterThan(0);
  });

  it('holds the account pages to performance 0.95 with no TBT limit of their own, and the public pages to 0.98 and 50 ms', () => {
    const busy = run({ tbt: 200, performance: 0.96 });
    expect(judgeRuns(adminPage, [busy]).scores.failures).toEqual([]);
    expect(judgeRuns(publicPage, [busy]).scores.failures).toEqual([
      'performance 0.96 < 0.98',
      'TBT 200 ms > 50 ms',
    ]);
    expect(judgeRuns(adminPage, [run({ tbt: 400, performance: 0.9 })]).scores.failures).toEqual([
      'performance 0.90 < 0.95',
    ]);
  });

  it('prints the host’s CPU benchmark of the judged run beside its timings', () => {
    const { scores } = judgeRuns(publicPage, [
      run({ tbt: 120, benchmark: 1500 }),
      run({ tbt: 20, benchmark: 2500 }),
    ]);
    const table = formatTable([scores], [publicPage]);
    expect(table).toMatch(/\| 20 ms +\| 2500 +\| pass \(2 runs; TBT 120, 20 ms\)/);
    expect(table).toContain('benchmarkIndex');
  });
});

describe('runAgain', () => {
  const failing = (benchmark: number) => run({ tbt: 90, benchmark });

  it('runs a page that passes once, and says so', () => {
    expect(runAgain(publicPage, [run({ tbt: 0 })], 2500)).toBe(false);
    const rows = [
      judgeRuns(publicPage, [run({ tbt: 0 })]).scores,
      judgeRuns(adminPage, [run({ tbt: 0 })]).scores,
    ];
    expect(formatRuns(rows)).toBe('Runs: 2 for 2 pages, one each');
  });

  it('runs the broken fixture once: it must fail, and every run would', () => {
    expect(
      runAgain(
        { kind: 'broken fixture', path: '/', once: true },
        [run({ tbt: 90, cls: 0.4 })],
        2500,
      ),
    ).toBe(false);
  });

  it('counts the runs of a page that missed, DevTools-throttled checks included', () => {
    const again = judgeRuns(publicPage, [failing(2500), run({ tbt: 20 })], 2500).scores;
    const checked = { ...judgeRuns(adminPage, [run({ tbt: 0 })]).scores, devtoolsTbts: [30] };
    expect(formatRuns([again, checked])).toBe(
      'Runs: 4 for 2 pages; run again after a miss: /faqs (2), /admin (2)',
    );
  });

  it('stops at the first run that meets every threshold', () => {
    expect(runAgain(publicPage, [failing(2500), run({ tbt: 10 })], 2500)).toBe(false);
  });

  it('gives a failing page three runs on an undisturbed machine', () => {
    const runs = Array.from({ length: RUNS_WHEN_FAILING - 1 }, () => failing(2500));
    expect(runAgain(publicPage, runs, 2500)).toBe(true);
    expect(runAgain(publicPage, [...runs, failing(2400)], 2500)).toBe(false);
  });

  it('does not count a run on a machine slowed below 80% of its best, up to five runs in all', () => {
    const busy = [failing(2500), failing(1600), failing(1700), failing(2450)];
    expect(runAgain(publicPage, busy, 2500)).toBe(true);
    expect(runAgain(publicPage, [...busy, failing(2500)], 2500)).toBe(false);
    expect(
      runAgain(
        publicPage,
        Array.from({ length: MOST_RUNS }, () => failing(1000)),
        2500,
      ),
    ).toBe(false);
  });

  it('says in the table how many runs were on a busy machine', () => {
    const { scores } = judgeRuns(
      publicPage,
      [failing(1600), run({ tbt: 20, benchmark: 2500 })],
      2500,
    );
    expect(formatTable([scores], [publicPage])).toContain(
      'pass (2 runs, 1 on a busy machine; TBT 90, 20 ms)',
    );
  });
});

describe('the DevTools-throttled TBT check', () => {
  // Simulated TBT 180 ms: TBT scores 0.9, which costs the performance score 0.03 (30% of 0.1).
  const simulated = run({ tbt: 180, tbtScore: 0.9, performance: 0.97 });

  it('is made when TBT alone keeps the page from passing, performance included, and not otherwise', () => {
    expect(failsOnTbtAlone(publicPage, simulated)).toBe(true);
    expect(failsOnTbtAlone(publicPage, run({ tbt: 180, tbtScore: 0.9, performance: 0.9 }))).toBe(
      false,
    );
    expect(
      failsOnTbtAlone(publicPage, run({ tbt: 180, tbtScore: 0.9, performance: 0.97, cls: 0.05 })),
    ).toBe(false);
    expect(failsOnTbtAlone(publicPage, run({ tbt: 20, tbtScore: 1 }))).toBe(false);
    // The account pages have no TBT limit, but TBT weighs in their performance score like any page's.
    expect(failsOnTbtAlone(adminPage, run({ tbt: 400, tbtScore: 0.6, performance: 0.9 }))).toBe(
      true,
    );
    expect(failsOnTbtAlone(adminPage, run({ tbt: 400, tbtScore: 0.6, performance: 0.8 }))).toBe(
      false,
    );
  });

  it('is made on the quickest run that misses on TBT alone, even when a quicker one misses on something else too', () => {
    const shifted = run({ tbt: 94, tbtScore: 1, cls: 0.002 });
    const { judged } = judgeRuns(publicPage, [
      run({ tbt: 123, tbtScore: 1 }),
      shifted,
      run({ tbt: 118, tbtScore: 1 }),
    ]);
    expect(judged.audits['total-blocking-time']!.numericValue).toBe(118);
    expect(failsOnTbtAlone(publicPage, judged)).toBe(true);
    expect(judgeRuns(publicPage, [run({ tbt: 123, cls: 0.1 }), shifted]).judged).toBe(shifted);
  });

  it('passes the page on a DevTools-throttled run within 50 ms, with the performance score re-weighed for that TBT', () => {
    const checks = [run({ tbt: 70, tbtScore: 1 }), run({ tbt: 12, tbtScore: 1 })];
    expect(checkTbtAgain(publicPage, simulated, checks.slice(0, 1))).toBe(true);
    expect(checkTbtAgain(publicPage, simulated, checks)).toBe(false);
    const scores = withCheckedTbt(
      publicPage,
      simulated,
      judgeRuns(publicPage, [simulated]).scores,
      checks,
    );
    expect(scores.failures).toEqual([]);
    expect(scores.tbtMs).toBe(12);
    expect(scores.scores.performance).toBe(1);
    expect(formatTable([scores], [publicPage])).toContain(
      'pass (1 runs; TBT 180 ms; DevTools-throttled TBT 70, 12 ms)',
    );
  });

  it('fails a page whose own work blocks under DevTools throttling too, after TBT_CHECK_RUNS runs', () => {
    const checks = Array.from({ length: TBT_CHECK_RUNS }, (_, i) =>
      run({ tbt: 90 + i, tbtScore: 1 }),
    );
    expect(checkTbtAgain(publicPage, simulated, checks.slice(0, -1))).toBe(true);
    expect(checkTbtAgain(publicPage, simulated, checks)).toBe(false);
    const scores = withCheckedTbt(
      publicPage,
      simulated,
      judgeRuns(publicPage, [simulated]).scores,
      checks,
    );
    expect(scores.failures).toEqual(['TBT 90 ms > 50 ms']);
    expect(formatTable([scores], [publicPage])).toMatch(
      /FAIL \(1 runs; TBT 180 ms; DevTools-throttled TBT 90, 91, 92 ms\)/,
    );
  });
});
