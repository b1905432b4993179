// npx tsx bench/threads.ts [--sizes 0,100,200,300,400,600] [--runs 5] [--dir <folder>]
//
// Where the page pool's worker threads start to pay (src/generator/threads/page-pool.ts,
// WORKERS_FROM): cold builds of the real site with N synthetic area pages added (N = 0 is the real
// site alone), on the main thread alone (BUILD_THREADS=0) and with one worker thread per core
// (BUILD_THREADS unset, the pool's threshold set to 0 so that it starts at every size), interleaved.
// Prints per N the medians of each, their ratio and the peak RSS.
import '../scripts/require-node.mjs';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generate } from './generate.ts';
import { buildCommand, median, projectRoot, type Measured } from './measure.ts';
import { recordResults } from './results.ts';

recordResults('threads');

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '0,100,200,300,400,600' },
    runs: { type: 'string', default: '5' },
    dir: { type: 'string' },
  },
});
const sizes = values.sizes!.split(',').map(Number);
const runs = Number(values.runs);
const work = mkdtempSync(
  path.join(values.dir ?? (existsSync('/dev/shm') ? '/dev/shm' : tmpdir()), 'ardent-threads-'),
);
const ways = {
  'main thread': { BUILD_THREADS: '0' },
  workers: { BUILD_THREADS_FROM: '0' },
} as const;

console.log(
  `Page pool threshold in ${work} (${availableParallelism()} cores, Node ${process.versions.node}, load average ${loadavg()[0]!.toFixed(2)}); ${runs} cold runs of each, interleaved; medians.\n`,
);
console.log(
  '| N areas | files | main thread s | workers s | workers ÷ main | peak RSS MB (main, workers) |',
);
console.log('|---:|---:|---:|---:|---:|---|');
try {
  // The first build makes the generator's bundle, as every build after the first on this code finds it.
  await buildCommand(
    path.join(projectRoot, 'content'),
    path.join(work, 'first', 'out'),
    path.join(work, 'first', 'cache'),
  );
  for (const n of sizes) {
    const dir = path.join(work, `n${n}`);
    const contentDir = path.join(dir, 'content');
    generate({
      sourceContent: path.join(projectRoot, 'content'),
      contentDir,
      markdownDir: path.join(dir, 'markdown'),
      count: n,
    });
    const results = new Map<string, Measured[]>(Object.keys(ways).map((way) => [way, []]));
    for (let run = 0; run < runs; run++) {
      for (const [way, env] of Object.entries(ways)) {
        const out = path.join(dir, 'out');
        const cache = path.join(dir, 'cache');
        results.get(way)!.push(await buildCommand(contentDir, out, cache, env));
        rmSync(out, { recursive: true, force: true });
        rmSync(cache, { recursive: true, force: true });
      }
    }
    const [alone, threaded] = [...results.values()].map((measured) =>
      median(measured.map((m) => m.seconds)),
    );
    const files = /^Converted \d+ of (\d+)/m.exec(results.get('workers')!.at(-1)!.stdout)?.[1];
    const rss = [...results.values()]
      .map((measured) => Math.max(...measured.map((m) => m.rssMb ?? NaN)).toFixed(0))
      .join(', ');
    console.log(
      `| ${n} | ${files} | ${alone!.toFixed(2)} | ${threaded!.toFixed(2)} | ${(threaded! / alone!).toFixed(2)} | ${rss} |`,
    );
    rmSync(dir, { recursive: true, force: true });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`\nLoad average at the end: ${loadavg()[0]!.toFixed(2)}`);
