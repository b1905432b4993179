import type { Result } from 'lighthouse';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_THRESHOLDS, formatTable, judgeRuns, type LighthousePage } from '../../support/quality/lighthouse-gate.ts';

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
