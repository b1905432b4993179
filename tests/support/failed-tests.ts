// The tests that failed, by name, each with the first line of what it said: `npm test` prints them
// just before its summary, so that the end of a log (all a CI page may show) says what to look at,
// not only how many.
import type { JSONReport } from '@playwright/test/reporter';
import { specsOf } from './e2e/json-report.ts';

export interface FailedTest {
  /** The step of `npm test` it ran in. */
  step: string;
  /** Its file and titles. */
  name: string;
  /** The first line of its error. */
  reason: string;
}

/** The parts of vitest's JSON report (`--reporter=json`) read here. */
export interface VitestReport {
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

const ESCAPES = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The first line that says something, without colours, at most `width` characters. */
export function firstLine(text: string | undefined, width = 200): string {
  const line =
    (text ?? '')
      .replace(ESCAPES, '')
      .split('\n')
      .map((one) => one.trim())
      .find(Boolean) ?? 'no message';
  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
}

/** A file's failed tests; a file that failed with none (it did not load, a hook failed) as itself. */
export function failedInVitest(step: string, report: VitestReport, root: string): FailedTest[] {
  return report.testResults.flatMap((file) => {
    const name = file.name.startsWith(`${root}/`) ? file.name.slice(root.length + 1) : file.name;
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    if (failed.length === 0)
      return file.status === 'failed' ? [{ step, name, reason: firstLine(file.message) }] : [];
    return failed.map((test) => ({
      step,
      name: `${name} › ${test.fullName}`,
      reason: firstLine(test.failureMessages?.[0]),
    }));
  });
}

/** The browser tests that failed, or passed only when retried. */
export function failedInPlaywright(step: string, report: JSONReport): FailedTest[] {
  const failed: FailedTest[] = [];
  for (const { spec, titles } of specsOf(report))
    for (const test of spec.tests) {
      if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
      const error = test.results.find((result) => result.error)?.error;
      failed.push({
        step,
        name: [spec.file, ...titles.filter(Boolean), spec.title].join(' › '),
        reason: `${test.status === 'flaky' ? '(passed when retried) ' : ''}${firstLine(error?.message)}`,
      });
    }
  return failed;
}

/** The parts of the Lighthouse runner's report (test-results/lighthouse.json) read here. */
export interface LighthouseReport {
  pages?: { kind: string; path: string; failures: string[] }[];
  fixture?: { failures: string[] };
}

/** The pages that missed their thresholds; the broken fixture when it did not. */
export function failedInLighthouse(step: string, report: LighthouseReport): FailedTest[] {
  return [
    ...(report.pages ?? [])
      .filter((page) => page.failures.length > 0)
      .map((page) => ({
        step,
        name: `${page.kind} (${page.path})`,
        reason: firstLine(page.failures.join('; ')),
      })),
    ...(report.fixture && report.fixture.failures.length === 0
      ? [{ step, name: 'broken fixture', reason: 'passes the gate: the gate cannot fail' }]
      : []),
  ];
}

/** The lines printed: at most `shown` tests, then how many more. */
export function formatFailed(failed: readonly FailedTest[], shown = 20): string[] {
  if (failed.length === 0) return [];
  return [
    `Failed (${failed.length}):`,
    ...failed
      .slice(0, shown)
      .flatMap((test) => [`  ✖ ${test.step}: ${test.name}`, `      ${test.reason}`]),
    ...(failed.length > shown ? [`  … and ${failed.length - shown} more (see above)`] : []),
  ];
}
