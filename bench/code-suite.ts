// The code suite's time, as CI meets it: `CI=true bash .ci/run` (npm ci, then npm test with the
// platform smoke) in a fresh clone of HEAD, no stdin, one run after another:
//   npm run bench:suite [-- --runs 3] [--target 600] [--keep]
// Each run's figures come from what its `npm test` wrote (test-results/summary.json) and the
// `npm ci took N s` line `.ci/run` prints. The target counts `npm ci` and `npm test` without the
// platform steps (Netlify's CLI installed, then its smoke), which are timed apart. It prints each
// step's time, the spec files with the most summed time, and exits 1 when a run failed a test or
// missed the target. Each run's log stays in the temporary folder it names; --keep keeps the clones.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  PLATFORM_STEPS,
  SUITE_SUMMARY_FILE,
  stepSeconds,
  SuiteSummarySchema,
  targetSeconds,
  type SuiteSummary,
} from '../scripts/suite-summary.ts';
import { median, projectRoot } from './measure.ts';
import { recordResults } from './results.ts';

recordResults('code-suite');

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    target: { type: 'string', default: '600' },
    keep: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const target = Number(values.target);

const git = (...args: string[]) =>
  spawnSync('git', args, { cwd: projectRoot, encoding: 'utf8' }).stdout.trim();

/** This environment as a fresh CI shell has it: no npm run's variables, no node_modules/.bin on PATH. */
function ciEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!/^npm_/i.test(key) && !['NODE_OPTIONS', 'INIT_CWD'].includes(key)) env[key] = value;
  env.PATH = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => !dir.includes(`node_modules${path.sep}.bin`) && !dir.includes('node-gyp-bin'))
    .join(path.delimiter);
  env.CI = 'true';
  return env;
}

interface Run {
  load: number;
  /** `.ci/run` from start to end, Chromium's install included when it was missing. */
  wall: number;
  npmCi?: number;
  summary?: SuiteSummary;
  log: string;
}

function runOnce(commit: string, workDir: string, index: number): Run {
  const clone = path.join(workDir, `clone-${index}`);
  const log = path.join(workDir, `run-${index}.log`);
  spawnSync('git', ['clone', '--quiet', projectRoot, clone], { stdio: 'inherit' });
  spawnSync('git', ['checkout', '--quiet', '--detach', commit], { cwd: clone, stdio: 'inherit' });
  const load = loadavg()[0]!;
  const out = openSync(log, 'w');
  const started = performance.now();
  spawnSync('bash', ['.ci/run'], { cwd: clone, env: ciEnvironment(), stdio: ['ignore', out, out] });
  const wall = (performance.now() - started) / 1000;
  closeSync(out);
  const npmCi = /^npm ci took (\d+) s$/m.exec(readFileSync(log, 'utf8'))?.[1];
  const summaryFile = path.join(clone, SUITE_SUMMARY_FILE);
  const summary = existsSync(summaryFile)
    ? SuiteSummarySchema.safeParse(JSON.parse(readFileSync(summaryFile, 'utf8'))).data
    : undefined;
  if (!values.keep) rmSync(clone, { recursive: true, force: true });
  return { load, wall, npmCi: npmCi === undefined ? undefined : Number(npmCi), summary, log };
}

const total = (run: Run) =>
  run.summary && run.npmCi !== undefined ? targetSeconds(run.summary, run.npmCi) : undefined;
const seconds = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(1));

const commit = git('rev-parse', 'HEAD');
const changed = git('status', '--porcelain', '--untracked-files=no');
console.log(
  `Commit ${commit.slice(0, 7)} (${git('log', '-1', '--format=%s')}): ${runs} runs of \`CI=true bash .ci/run\`, each in a fresh clone, one after another.`,
);
if (changed) console.log('Uncommitted changes are not measured: only the commit is cloned.');
const workDir = mkdtempSync(path.join(tmpdir(), 'ardent-code-suite-'));
const done: Run[] = [];
for (let index = 1; index <= runs; index++) {
  const run = runOnce(commit, workDir, index);
  done.push(run);
  const platform = PLATFORM_STEPS.map((name) =>
    run.summary ? seconds(stepSeconds(run.summary, name)) : '–',
  );
  console.log(
    `run ${index} of ${runs}: npm ci + npm test ${seconds(total(run))} s (the platform steps apart: ${platform.join(' + ')} s), ` +
      `${run.summary ? `${run.summary.passed} passed, ${run.summary.failed} failed` : 'no summary written'}; log: ${run.log}`,
  );
}

console.log(
  [
    '',
    `Each step's time in seconds, as \`npm test\` measured it; "npm test" is its total without the platform steps; "in all" is \`.ci/run\`'s whole time.`,
    '',
    '| run | load at start | npm ci | typecheck | lint | unit | e2e | lighthouse | npm test | CLI + smoke | **npm ci + npm test** | in all | passed, failed |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...done.map((run, index) => {
      const summary = run.summary;
      const step = (name: string) => (summary ? seconds(stepSeconds(summary, name)) : '–');
      // `npm test` without the platform steps: the target's count with no `npm ci`.
      const npmTest = summary ? seconds(targetSeconds(summary, 0)) : '–';
      const smoke = PLATFORM_STEPS.map(step).join(' + ');
      const counts = summary ? `${summary.passed}, ${summary.failed}` : '–';
      return `| ${index + 1} | ${run.load.toFixed(2)} | ${run.npmCi ?? '–'} | ${step('typecheck')} | ${step('lint')} | ${step('unit')} | ${step('e2e')} | ${step('lighthouse')} | ${npmTest} | ${smoke} | **${seconds(total(run))}** | ${run.wall.toFixed(0)} | ${counts} |`;
    }),
  ].join('\n'),
);

// The spec files with the most browser-test time over all the runs, each run's sum beside it.
const bySpec = new Map<string, number[]>();
done.forEach((run, index) => {
  for (const spec of run.summary?.specFiles ?? []) {
    const row = bySpec.get(spec.file) ?? done.map(() => 0);
    row[index] = spec.seconds;
    bySpec.set(spec.file, row);
  }
});
const sum = (row: number[]) => row.reduce((a, b) => a + b, 0);
const slowest = [...bySpec].sort(([, a], [, b]) => sum(b) - sum(a)).slice(0, 8);
console.log(
  [
    '',
    'The spec files with the most summed time (seconds, over both workers):',
    '',
    `| spec | ${done.map((_, index) => index + 1).join(' | ')} |`,
    `|---|${done.map(() => '---|').join('')}`,
    ...slowest.map(
      ([file, row]) => `| ${file} | ${row.map((value) => value.toFixed(1)).join(' | ')} |`,
    ),
    `| all spec files | ${done.map((run) => sum((run.summary?.specFiles ?? []).map((spec) => spec.seconds)).toFixed(0)).join(' | ')} |`,
  ].join('\n'),
);

const totals = done.map(total);
const measured = totals.filter((value): value is number => value !== undefined);
const met = measured.filter((value) => value <= target).length;
const failedRuns = done.filter((run) => !run.summary || run.summary.failed > 0).length;
console.log(
  `\nnpm ci + npm test: ${totals.map(seconds).join(', ')} s (median ${measured.length ? seconds(median(measured)) : '–'} s); ` +
    `the target, ${target} s, met by ${met} of ${runs} runs; ${failedRuns} of ${runs} runs failed a test or wrote no summary.`,
);
if (met < runs || failedRuns > 0) process.exitCode = 1;
