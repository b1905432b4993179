// The browser tests' figures `npm test` prints, from Playwright's JSON report.
import { describe, expect, it } from 'vitest';
import type { JSONReport, JSONReportSuite } from '@playwright/test/reporter';
import {
  formatTimes,
  slowestTests,
  testTimes,
  timeBySpec,
} from '../../../support/e2e/json-report.ts';

const result = (ms: number) => ({ duration: ms });
const spec = (file: string, title: string, ...durations: number[]) => ({
  file,
  title,
  tests: [{ results: durations.map(result) }],
});
const suite = (title: string, specs: ReturnType<typeof spec>[], suites: JSONReportSuite[] = []) =>
  ({ title, file: title, specs, suites }) as unknown as JSONReportSuite;

const report = {
  suites: [
    suite('routes.spec.ts', [
      spec('routes.spec.ts', '/ at 1280 px', 4000),
      spec('routes.spec.ts', '/ at 375 px', 2500),
    ]),
    suite(
      'islands.spec.ts',
      [],
      [suite('mobile menu', [spec('islands.spec.ts', 'Escape closes it', 1200)])],
    ),
    // A retried test: each run counts.
    suite('enquiry.spec.ts', [spec('enquiry.spec.ts', 'sends', 9000, 8000)]),
  ],
} as unknown as JSONReport;

describe("the browser tests' figures", () => {
  it('lists every run with its spec file, its describe blocks and its duration', () => {
    expect(testTimes(report)).toEqual([
      { file: 'routes.spec.ts', title: '/ at 1280 px', seconds: 4 },
      { file: 'routes.spec.ts', title: '/ at 375 px', seconds: 2.5 },
      { file: 'islands.spec.ts', title: 'mobile menu › Escape closes it', seconds: 1.2 },
      { file: 'enquiry.spec.ts', title: 'sends', seconds: 9 },
      { file: 'enquiry.spec.ts', title: 'sends', seconds: 8 },
    ]);
  });

  it('puts the slowest first, as many as asked for', () => {
    expect(slowestTests(testTimes(report), 2).map((time) => time.seconds)).toEqual([9, 8]);
  });

  it('sums each spec file, largest first', () => {
    expect(timeBySpec(testTimes(report))).toEqual([
      { file: 'enquiry.spec.ts', seconds: 17, tests: 2 },
      { file: 'routes.spec.ts', seconds: 6.5, tests: 2 },
      { file: 'islands.spec.ts', seconds: 1.2, tests: 1 },
    ]);
  });

  it('prints the slowest tests, then the spec files, with the total', () => {
    const lines = formatTimes(report, { slowest: 2, files: 2 });
    expect(lines[0]).toBe('Slowest 2 browser tests (of 5, 25 s summed over the workers):');
    expect(lines[1]).toBe('     9.0 s  enquiry.spec.ts › sends');
    expect(lines).toContain('    17.0 s  enquiry.spec.ts (2 tests)');
    expect(lines).toHaveLength(6);
  });
});
