/**
 * npm test: the whole suite in order: typecheck, lint, format check, unit tests, content check, build, browser tests
 * (with the quality gates of tests/e2e/routes.spec.ts and quality-*.spec.ts), Lighthouse.
 * `npm test -- --platform` (.ci/run, the workflow) then runs the platform smoke: Netlify's own CLI,
 * installed into tools/netlify/ when missing, building and serving the site offline
 * (tests/platform/netlify-cli.smoke.ts); its install and its run are timed apart.
 * Every step runs (browser tests need the build). The summary gives each step's time, and before it
 * the slowest 10 browser tests, each spec file's summed time and the tests that failed, by name;
 * the last line sums up: "N passed, N failed".
 */
// First: on too old a Node, it stops with one line before anything else loads.
import '../scripts/require-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { JSONReport } from '@playwright/test/reporter';
import { ensureBrowsers } from '../scripts/ensure-chromium.ts';
import { ensureNetlifyTools } from '../scripts/netlify-tools.ts';
import {
  SUITE_SUMMARY_FILE,
  type StepResult,
  type SuiteSummary,
} from '../scripts/suite-summary.ts';
import { formatTimes, testTimes, timeBySpec } from './support/e2e/json-report.ts';
import {
  failedInLighthouse,
  failedInPlaywright,
  failedInVitest,
  formatFailed,
  type LighthouseReport,
  type VitestReport,
} from './support/failed-tests.ts';

const bin = (name: string) => `node_modules/.bin/${name}`;
const results: StepResult[] = [];

function run(
  name: string,
  command: string,
  args: string[],
  counts?: () => { passed: number; failed: number } | undefined,
): boolean {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const started = performance.now();
  const child = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const ok = child.status === 0;
  const result: StepResult = { name, ok, seconds: (performance.now() - started) / 1000 };
  const tally = counts?.();
  if (tally) Object.assign(result, tally);
  results.push(result);
  return ok;
}

function readJson<T = Record<string, unknown>>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

const suiteStarted = performance.now();
rmSync('test-results', { recursive: true, force: true });
const chromium = ensureBrowsers();
// Every step runs on this Node (`npm run` put node_modules/.bin first on PATH; the steps inherit it).
console.log(`Node.js ${process.version} (${process.execPath})`);

// TypeScript 7, the native compiler, by its own path: TypeScript 6 is installed beside it for the
// layering check (scripts/typescript-api.mjs), and both packages have a `tsc`.
run('typecheck', process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.']);
// The linter (.oxlintrc.json, type-aware over the product code) and the formatter's check, at 0 findings.
run('lint', 'npm', ['run', '--silent', 'lint']);
run('format', 'npm', ['run', '--silent', 'format:check']);
run(
  'unit',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/unit.json'],
  () => {
    const report = readJson('test-results/unit.json');
    return report
      ? { passed: Number(report.numPassedTests), failed: Number(report.numFailedTests) }
      : undefined;
  },
);
run('content check', process.execPath, ['scripts/run.mjs', 'check']);
// The local build: the account pages use the Auth emulator the browser tests start (through the site's origin).
const built = run('build', process.execPath, ['scripts/run.mjs', 'build', '--auth-emulator']);
// Size budgets (src/kernel/wire/budgets.ts) on the built pages: HTML + CSS, JavaScript, images.
if (built) run('budgets', process.execPath, ['scripts/run.mjs', 'budgets']);
// The W3C's HTML checker on every built page, beside html-validate (the e2e step's gate 3); the broken fixture must fail it.
if (built) run('w3c html', bin('tsx'), ['tests/runners/w3c-html.ts']);
if (!chromium) {
  results.push({ name: 'e2e', ok: false, seconds: 0 });
  console.error('\n✖ e2e: skipped, a browser is not available (see above).');
} else if (!built || !existsSync('dist/index.html')) {
  results.push({ name: 'e2e', ok: false, seconds: 0 });
  console.error('\n✖ e2e: skipped, the build failed.');
} else {
  run('e2e', bin('playwright'), ['test'], () => {
    const stats = readJson('test-results/e2e.json')?.stats as Record<string, number> | undefined;
    return stats
      ? { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) }
      : undefined;
  });
  // Quality gate 2: Lighthouse on one page of each kind (it serves dist/ itself), then the broken
  // fixture, which must fail it. Each page is one test in the counts.
  run('lighthouse', bin('tsx'), ['tests/runners/lighthouse.ts'], () => {
    const report = readJson('test-results/lighthouse.json');
    return report ? { passed: Number(report.passed), failed: Number(report.failed) } : undefined;
  });
}

// The platform smoke, last: `netlify build` writes dist/ again, as Netlify builds it.
if (process.argv.includes('--platform')) {
  const installStarted = performance.now();
  const tools = ensureNetlifyTools(process.cwd());
  results.push({
    name: 'netlify cli',
    ok: tools !== undefined,
    seconds: (performance.now() - installStarted) / 1000,
  });
  if (tools) {
    run(
      'platform smoke',
      bin('vitest'),
      [
        'run',
        '--config',
        'vitest.smoke.config.ts',
        '--reporter=default',
        '--reporter=json',
        '--outputFile.json=test-results/platform.json',
      ],
      () => {
        const report = readJson('test-results/platform.json');
        return report
          ? { passed: Number(report.numPassedTests), failed: Number(report.numFailedTests) }
          : undefined;
      },
    );
  }
}

// Where the browser tests' time went: the slowest 10, and each spec file's sum (its durations, over both workers).
const e2eReport = readJson<JSONReport>('test-results/e2e.json');
if (e2eReport?.suites) console.log(`\n${formatTimes(e2eReport).join('\n')}`);

// Which tests failed, by name: the end of a CI log may be all there is to read.
const vitestReport = (step: string, file: string) => {
  const report = readJson<VitestReport>(file);
  return report?.testResults ? failedInVitest(step, report, process.cwd()) : [];
};
const lighthouseReport = readJson<LighthouseReport>('test-results/lighthouse.json');
const failedTests = [
  ...vitestReport('unit', 'test-results/unit.json'),
  ...(e2eReport?.suites ? failedInPlaywright('e2e', e2eReport) : []),
  ...(lighthouseReport ? failedInLighthouse('lighthouse', lighthouseReport) : []),
  ...vitestReport('platform smoke', 'test-results/platform.json'),
];
if (failedTests.length > 0) console.log(`\n${formatFailed(failedTests).join('\n')}`);

console.log('\nSummary');
for (const result of results) {
  const counts =
    result.passed !== undefined ? ` (${result.passed} passed, ${result.failed} failed)` : '';
  console.log(
    `  ${result.ok ? '✔' : '✖'} ${result.name.padEnd(14)} ${result.seconds.toFixed(1).padStart(6)} s${counts}`,
  );
}
const suiteSeconds = (performance.now() - suiteStarted) / 1000;
console.log(`  total ${suiteSeconds.toFixed(1)} s`);
for (const result of results.filter((r) => r.passed !== undefined)) {
  console.log(`${result.name}: ${result.passed} passed, ${result.failed} failed`);
}
// Steps without their own tests (typecheck, check, build) count as one test each; a runner
// that failed without a failing test (a crash, a config error) counts one failure.
const passedOf = (r: StepResult) => r.passed ?? (r.ok ? 1 : 0);
const failedOf = (r: StepResult) => (r.failed ?? 0) + (!r.ok && !r.failed ? 1 : 0);
const passed = results.reduce((sum, r) => sum + passedOf(r), 0);
const failed = results.reduce((sum, r) => sum + failedOf(r), 0);
// For bench/code-suite.ts, which runs the suite in fresh clones and keeps the figures.
const summary: SuiteSummary = {
  seconds: suiteSeconds,
  passed,
  failed,
  steps: results,
  specFiles: e2eReport?.suites ? timeBySpec(testTimes(e2eReport)) : [],
};
mkdirSync('test-results', { recursive: true });
writeFileSync(SUITE_SUMMARY_FILE, `${JSON.stringify(summary, null, 2)}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
