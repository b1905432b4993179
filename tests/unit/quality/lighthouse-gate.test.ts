import type { Result } from 'lighthouse';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_THRESHOLDS, formatTable, judgeRuns, MOST_RUNS, runAgain, RUNS_WHEN_FAILING, type LighthousePage } from '../../support/quality/lighthouse-gate.ts';

/** The parts of a Lighthouse result the gate reads. */
function run({ performance = 1, tbt = 0, cls = 0, benchmark = 2400 }: { performance?: number; tbt?: number; cls?: number; benchmark?: number }): Result {
  const category = (score: number) => ({ score, auditRefs: [] });
  return {
    runWarnings: [],
    environment: { benchmarkIndex: benchmark },
    categories: { performance: category(performance), accessibility: category(1), 'best-practices': category(1), seo: category(1) },
    audits: {
      'largest-contentful-paint': { numericValue: 1200 },
      'cumulative-layout-shift': { numericValue: cls },
      'total-blocking-time': { numericValue: tbt },
    },
  } as unknown as Result;
}

const publicPage: LighthousePage = { kind: 'faqs', path: '/faqs' };
const adminPage: LighthousePage = { kind: 'guarded', path: '/admin', thresholds: ACCOUNT_THRESHOLDS };

describe('judgeRuns', () => {
  it('passes a page on a run that meets every threshold, and lists every run’s TBT', () => {
    const { scores, judged } = judgeRuns(publicPage, [run({ tbt: 184, performance: 0.97 }), run({ tbt: 30 }), run({ tbt: 90 })]);
    expect(scores.failures).toEqual([]);
    expect(scores.tbtMs).toBe(30);
    expect(scores.runTbts).toEqual([184, 30, 90]);
    expect(judged.audits['total-blocking-time']!.numericValue).toBe(30);
  });

  it('fails a page whose every run misses a threshold, showing the least disturbed run’s failures', () => {
    const { scores } = judgeRuns(publicPage, [run({ tbt: 120 }), run({ tbt: 60 }), run({ tbt: 300 })]);
    expect(scores.failures).toEqual(['TBT 60 ms > 50 ms']);
  });

  it('does not pass a quick run that fails on something else', () => {
    const { scores } = judgeRuns(publicPage, [run({ tbt: 0, cls: 0.1 }), run({ tbt: 80 })]);
    expect(scores.failures.length).toBeGreaterThan(0);
  });

  it('holds the account pages to performance 0.95 with no TBT limit of their own, and the public pages to 0.98 and 50 ms', () => {
    const busy = run({ tbt: 200, performance: 0.96 });
    expect(judgeRuns(adminPage, [busy]).scores.failures).toEqual([]);
    expect(judgeRuns(publicPage, [busy]).scores.failures).toEqual(['performance 0.96 < 0.98', 'TBT 200 ms > 50 ms']);
    expect(judgeRuns(adminPage, [run({ tbt: 400, performance: 0.9 })]).scores.failures).toEqual(['performance 0.90 < 0.95']);
  });

  it('prints the host’s CPU benchmark of the judged run beside its timings', () => {
    const { scores } = judgeRuns(publicPage, [run({ tbt: 120, benchmark: 1500 }), run({ tbt: 20, benchmark: 2500 })]);
    const table = formatTable([scores], [publicPage]);
    expect(table).toMatch(/\| 20 ms +\| 2500 +\| pass \(2 runs; TBT 120, 20 ms\)/);
    expect(table).toContain('benchmarkIndex');
  });
});

describe('runAgain', () => {
  const failing = (benchmark: number) => run({ tbt: 90, benchmark });

  it('stops at the first run that meets every threshold', () => {
    expect(runAgain(publicPage, [failing(2500), run({ tbt: 10 })], 2500)).toBe(false);
  });

  it('gives a failing page five runs on an undisturbed machine', () => {
    const runs = Array.from({ length: RUNS_WHEN_FAILING - 1 }, () => failing(2500));
    expect(runAgain(publicPage, runs, 2500)).toBe(true);
    expect(runAgain(publicPage, [...runs, failing(2400)], 2500)).toBe(false);
  });

  it('does not count a run on a machine slowed below 80% of its best, up to eight runs in all', () => {
    const busy = [failing(2500), failing(2500), failing(1600), failing(2500), failing(1700), failing(2450)];
    expect(runAgain(publicPage, busy, 2500)).toBe(true);
    expect(runAgain(publicPage, [...busy, failing(2500)], 2500)).toBe(false);
    expect(runAgain(publicPage, Array.from({ length: MOST_RUNS }, () => failing(1000)), 2500)).toBe(false);
  });

  it('says in the table how many runs were on a busy machine', () => {
    const { scores } = judgeRuns(publicPage, [failing(1600), run({ tbt: 20, benchmark: 2500 })], 2500);
    expect(formatTable([scores], [publicPage])).toContain('pass (2 runs, 1 on a busy machine; TBT 90, 20 ms)');
  });
});
