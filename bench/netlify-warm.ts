// What a Netlify build of a one-file change costs, cold and warm, on N synthetic pages:
//   npx tsx bench/netlify-warm.ts [--n 4000] [--runs 3] [--dir /tmp]
// Each build starts as on Netlify: a fresh clone of the content (new inodes and times), then
// netlify-plugin-cache copying the cached folders back, then `npm run build` (node scripts/run.mjs
// build). Cold: nothing cached. Warm: .cache/ and dist/ restored (netlify.toml), or .cache/ alone.
// Prints the median wall time of the build, of the copy back, and the size of what is cached.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { generate } from './generate.ts';
import { recordResults } from './results.ts';

recordResults('netlify-warm');

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '4000' },
    runs: { type: 'string', default: '3' },
    dir: { type: 'string', default: '/tmp' },
  },
});
const n = Number(values.n);
const runs = Number(values.runs);
const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const workDir = mkdtempSync(path.join(values.dir!, 'netlify-warm-'));
const pristine = path.join(workDir, 'pristine');
const repo = path.join(workDir, 'repo');
const content = path.join(repo, 'content');
const cache = path.join(repo, '.cache');
const dist = path.join(repo, 'dist');
const saved = path.join(workDir, 'netlify-cache');

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const seconds = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;

function sizeOf(dir: string): number {
  return (readdirSync(dir, { recursive: true }) as string[]).reduce((sum, name) => {
    const stats = statSync(path.join(dir, name));
    return sum + (stats.isFile() ? stats.size : 0);
  }, 0);
}

/** `npm run build`: its wall time and its work line. */
function build(): { wall: number; work: string } {
  const started = process.hrtime.bigint();
  const run = spawnSync(
    process.execPath,
    ['scripts/run.mjs', 'build', '--content', content, '--out', dist, '--cache', cache],
    { cwd: projectRoot, encoding: 'utf8', env: { ...process.env, CONTEXT: 'deploy-preview' } },
  );
  const wall = seconds(started);
  if (run.status !== 0) throw new Error(`build failed:\n${run.stderr}`);
  return { wall, work: /^Converted .*$/m.exec(run.stdout)?.[0] ?? '' };
}

/** A new build machine: the clone, and the cached folders copied back; returns the copy's time. */
function newMachine(restore: readonly string[], change: boolean): number {
  for (const dir of [content, cache, dist]) rmSync(dir, { recursive: true, force: true });
  cpSync(pristine, content, { recursive: true });
  if (change) {
    // The pull request: one area page's text.
    const file = path.join(content, 'areas', readdirSync(path.join(content, 'areas')).sort()[0]!);
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        '\n## ',
        '\n## A heading added by the pull request\n\nA sentence added by the pull request.\n\n## ',
      ),
    );
  }
  const started = process.hrtime.bigint();
  for (const dir of restore) cpSync(path.join(saved, path.basename(dir)), dir, { recursive: true });
  return seconds(started);
}

try {
  mkdirSync(repo, { recursive: true });
  generate({
    sourceContent: path.join(projectRoot, 'content'),
    contentDir: pristine,
    markdownDir: path.join(workDir, 'markdown'),
    count: n,
  });
  // The bundle of the generator is made once per version of the code: not part of any build here.
  newMachine([], false);
  build();

  const cold: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    newMachine([], true);
    cold.push(build().wall);
  }
  // What main's last successful build leaves in Netlify's cache.
  newMachine([], false);
  build();
  rmSync(saved, { recursive: true, force: true });
  for (const dir of [cache, dist])
    cpSync(dir, path.join(saved, path.basename(dir)), { recursive: true });

  const rows: [string, number[], number[], string][] = [];
  for (const [label, restore] of [
    ['.cache/ and dist/ restored', [cache, dist]],
    ['.cache/ alone restored', [cache]],
  ] as const) {
    const walls: number[] = [];
    const copies: number[] = [];
    let work = '';
    for (let run = 0; run < runs; run += 1) {
      copies.push(newMachine(restore, true));
      const result = build();
      walls.push(result.wall);
      work = result.work;
    }
    rows.push([label, walls, copies, work]);
  }

  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `N = ${n} synthetic area pages (${runs} runs each, median; wall time of \`npm run build\` with start-up)`,
  );
  console.log(`| build | build s | copy back s | runs (s) |`);
  console.log(`|---|---:|---:|---|`);
  console.log(
    `| cold, nothing cached | ${median(cold).toFixed(2)} | 0 | ${cold.map((value) => value.toFixed(2)).join(', ')} |`,
  );
  for (const [label, walls, copies] of rows)
    console.log(
      `| warm, ${label} | ${median(walls).toFixed(2)} | ${median(copies).toFixed(2)} | ${walls.map((value) => value.toFixed(2)).join(', ')} |`,
    );
  for (const [label, , , work] of rows) console.log(`${label}: ${work}`);
  console.log(
    `Cached: .cache/ ${mb(sizeOf(path.join(saved, '.cache')))}, dist/ ${mb(sizeOf(path.join(saved, 'dist')))}`,
  );
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
