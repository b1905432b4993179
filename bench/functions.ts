// npm run bench:functions [-- --project <checkout>] [-- --runs 5] [-- --require-module]
//
// The Netlify Functions as the platform ships and starts them: `npm run build:functions` where the
// project has it, then Netlify's bundler with the project's netlify.toml (zipped, as deployed: the
// sizes), and each function started afresh `--runs` times in the Lambda-like runner
// (src/generator/lambda/), deployed without settings, until its first answer: the cold start.
// `--project` measures another checkout (an older commit, to compare); `--require-module` starts
// Node with require() of ES modules allowed, which functions shipped as packages needed to load.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import toml from '@iarna/toml';
import { ARCHIVE_FORMAT, zipFunctions } from '@netlify/zip-it-and-ship-it';
import { LAMBDA_NODE_FLAGS, startLambda } from '../src/generator/lambda/lambda.ts';
import { packFunctions } from '../src/generator/lambda/pack.ts';
import { median } from './measure.ts';
import { recordResults } from './results.ts';

recordResults('functions');

const { values } = parseArgs({
  options: {
    project: { type: 'string' },
    runs: { type: 'string', default: '5' },
    'require-module': { type: 'boolean', default: false },
  },
});
const project = path.resolve(values.project ?? '.');
const runs = Number(values.runs);
const flags = values['require-module'] ? ['--experimental-require-module'] : LAMBDA_NODE_FLAGS;

const scripts = (
  JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;
if (scripts['build:functions'])
  execFileSync('npm', ['run', '--silent', 'build:functions'], { cwd: project, stdio: 'inherit' });
const settings =
  (
    toml.parse(readFileSync(path.join(project, 'netlify.toml'), 'utf8')) as {
      functions?: { directory?: string };
    }
  ).functions ?? {};
const source = path.join(project, settings.directory ?? 'netlify/functions');

const work = mkdtempSync(path.join(tmpdir(), 'bench-functions-'));
try {
  let started = performance.now();
  const packed = await packFunctions(project, source, path.join(work, 'packed'));
  const packSeconds = (performance.now() - started) / 1000;
  const zipped = await zipFunctions(source, path.join(work, 'zipped'), {
    archiveFormat: ARCHIVE_FORMAT.ZIP,
    basePath: project,
    repositoryRoot: project,
    config: {
      '*': {
        nodeVersion: 'nodejs24.x',
        includedFilesBasePath: project,
        ...(packed[0]?.result.bundler === 'none' ? { nodeBundler: 'none' as never } : {}),
      },
    },
  });

  console.log(
    `Functions of ${project} (${values['require-module'] ? 'require() of ES modules allowed' : "Lambda's flags"}), ${runs} cold starts each; packed in ${packSeconds.toFixed(1)} s; load ${loadavg()[0]!.toFixed(2)}`,
  );
  console.log(
    `${'function'.padEnd(10)} ${'bundler'.padEnd(8)} ${'zip'.padStart(9)} ${'unpacked'.padStart(9)} ${'files'.padStart(6)} ${'import ms'.padStart(10)} ${'1st call'.padStart(9)} ${'to answer'.padStart(10)}  status`,
  );
  for (const fn of packed) {
    const zip = zipped.find((each) => each.name === fn.name)!;
    const dir = path.dirname(fn.entry);
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    );
    const unpacked = files.reduce(
      (sum, entry) => sum + statSync(path.join(entry.parentPath, entry.name)).size,
      0,
    );
    const init: number[] = [];
    const first: number[] = [];
    const total: number[] = [];
    let status = 0;
    for (let run = 0; run < runs; run += 1) {
      started = performance.now();
      const lambda = await startLambda(
        fn.entry,
        { AWS_LAMBDA_FUNCTION_NAME: fn.name, LAMBDA_TASK_ROOT: dir },
        flags,
      );
      const answer = await lambda.invoke('GET', `https://ardent.example/api/${fn.name}`);
      total.push(performance.now() - started);
      init.push(lambda.initMs);
      first.push(answer.ms);
      status = answer.status;
      await lambda.stop();
    }
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
    console.log(
      `${fn.name.padEnd(10)} ${String(fn.result.bundler).padEnd(8)} ${mb(statSync(zip.path).size).padStart(9)} ${mb(unpacked).padStart(9)} ${String(files.length).padStart(6)} ${median(init).toFixed(0).padStart(10)} ${median(first).toFixed(0).padStart(9)} ${median(total).toFixed(0).padStart(10)}  ${status}`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
