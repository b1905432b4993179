// What `npm test` prints about the browser tests, read from Playwright's JSON report
// (test-results/e2e.json): the counts, and where the time went (the slowest tests, each spec file's sum).
import type { JSONReport, JSONReportSuite } from '@playwright/test/reporter';

export interface TestTime {
  file: string;
  title: string;
  seconds: number;
}

/** Every spec in the report, with the titles of the describe blocks around it. */
export function* specsOf(
  report: JSONReport,
): Generator<{ spec: JSONReportSuite['specs'][number]; titles: string[] }> {
  function* walk(suite: JSONReportSuite, titles: string[]): ReturnType<typeof specsOf> {
    for (const spec of suite.specs) yield { spec, titles };
    for (const child of suite.suites ?? []) yield* walk(child, [...titles, child.title]);
  }
  for (const file of report.suites) yield* walk(file, []);
}

/** Every test run in the report (each result, retries included), with its spec file and duration. */
export function testTimes(report: JSONReport): TestTime[] {
  const times: TestTime[] = [];
  for (const { spec, titles } of specsOf(report))
    for (const test of spec.tests)
      for (const result of test.results)
        times.push({
          file: spec.file,
          title: [...titles, spec.title].join(' › '),
          seconds: result.duration / 1000,
        });
  return times;
}

/** The `count` slowest tests, slowest first. */
export const slowestTests = (times: readonly TestTime[], count = 10) =>
  [...times].sort((a, b) => b.seconds - a.seconds).slice(0, count);

/** Each spec file's summed test time and test count, largest first. */
export function timeBySpec(
  times: readonly TestTime[],
): { file: string; seconds: number; tests: number }[] {
  const files = new Map<string, { file: string; seconds: number; tests: number }>();
  for (const time of times) {
    const entry = files.get(time.file) ?? { file: time.file, seconds: 0, tests: 0 };
    entry.seconds += time.seconds;
    entry.tests += 1;
    files.set(time.file, entry);
  }
  return [...files.values()].sort((a, b) => b.seconds - a.seconds);
}

/** The lines `npm test` prints after the browser tests: the slowest 10, then the spec files' sums. */
export function formatTimes(report: JSONReport, { slowest = 10, files = 10 } = {}): string[] {
  const times = testTimes(report);
  const total = times.reduce((sum, time) => sum + time.seconds, 0);
  const seconds = (value: number) => `${value.toFixed(1).padStart(6)} s`;
  return [
    `Slowest ${slowest} browser tests (of ${times.length}, ${total.toFixed(0)} s summed over the workers):`,
    ...slowestTests(times, slowest).map(
      (time) => `  ${seconds(time.seconds)}  ${time.file} › ${time.title}`,
    ),
    `Spec files by summed time:`,
    ...timeBySpec(times)
      .slice(0, files)
      .map((file) => `  ${seconds(file.seconds)}  ${file.file} (${file.tests} tests)`),
  ];
}
