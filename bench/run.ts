// npm run bench [-- --sizes 1000,4000] [-- --runs 3] [-- --dir <folder>] [-- --no-dev]
//
// Cold full builds of the same N synthetic area pages by this generator (the real `npm run build`
// command), by Eleventy 3, by Hugo when installed and by Astro's newest major (builders.ts). Runs are
// interleaved (ours, Eleventy, Hugo, Astro, ours, …) so that a busy machine slows them alike; every
// run starts with a fresh output folder, ours with an empty cache and Astro with no caches. Per N,
// also the floor the chosen Markdown stack sets (floor.mjs: bare remark alone, on one thread and on
// every core), measured in the same run.
// Then, at the largest N: warm rebuilds (nothing changed; one file changed; a fresh output folder
// with the cache kept) and one edited page under `npm run dev`, at N and on the real site.
// First: on too old a Node, it stops with one line before anything else loads.
import '../scripts/require-node.mjs';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { astroVersion, eleventyVersion, HUGO, hugoVersion, tools } from './builders.ts';
import { devEdits, type DevEdits, type EditablePage } from './dev-edits.ts';
import { generate, type SyntheticArea } from './generate.ts';
import {
  buildCommand,
  cleanEnv,
  countHtml,
  measuresRss,
  median,
  projectRoot,
  type Measured,
} from './measure.ts';
import { recordResults } from './results.ts';

recordResults('build');

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,4000' },
    runs: { type: 'string', default: '3' },
    dir: { type: 'string' },
    'no-dev': { type: 'boolean', default: false },
  },
});
const sizes = values.sizes!.split(',').map(Number);
const runs = Number(values.runs);
if (sizes.some((n) => !Number.isInteger(n) || n < 1) || !Number.isInteger(runs) || runs < 1) {
  console.error(
    'Usage: npm run bench -- [--sizes 1000,4000] [--runs 3] [--dir <folder>] [--no-dev]',
  );
  process.exit(1);
}

/** A RAM-backed folder when there is one: the generators are measured, not the disk. */
const work = mkdtempSync(
  path.join(values.dir ?? (existsSync('/dev/shm') ? '/dev/shm' : tmpdir()), 'ardent-bench-'),
);

interface Floor {
  threads: number;
  oneThreadSeconds: number;
  allThreadsSeconds: number;
}

/** bench/floor.mjs on the same Markdown: the fastest the chosen stack converts it, on one thread and on every core. */
function markdownFloor(markdownDir: string): Floor {
  const result = spawnSync(
    process.execPath,
    [path.join(projectRoot, 'bench/floor.mjs'), markdownDir],
    { cwd: projectRoot, env: cleanEnv, encoding: 'utf8' },
  );
  if (result.status !== 0)
    throw new Error(`bench/floor.mjs failed:\n${result.stdout}\n${result.stderr}`);
  return JSON.parse(result.stdout) as Floor;
}

/** The build's own time, as scripts/build.ts prints it; 0 when it found nothing to do. */
const ownSeconds = (stdout: string) =>
  /^Nothing changed since build/m.test(stdout)
    ? 0
    : Number(/ in ([\d.]+) s \(/.exec(stdout)?.[1] ?? NaN);
const workLine = (stdout: string) =>
  /^(?:Converted|Nothing changed) .*$/m.exec(stdout)?.[0].replace(/; checked in .*$/, '.') ?? '';

/** Warm builds after the last cold one: nothing changed, one file changed, and a fresh output folder with the cache kept. */
async function warmRebuilds(dir: string, contentDir: string, area: SyntheticArea) {
  const cache = path.join(dir, `cache-ours-${runs - 1}`);
  const out = path.join(dir, `out-ours-${runs - 1}`);
  const rows: Record<'unchanged' | 'oneFile' | 'freshOut', Measured[]> = {
    unchanged: [],
    oneFile: [],
    freshOut: [],
  };
  const file = path.join(contentDir, 'areas', `${area.slug}.md`);
  for (let run = 0; run < runs; run++) {
    rows.unchanged.push(await buildCommand(contentDir, out, cache));
    // A different heading each run (the last run's text replaced), so every run has an edit to build.
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        /^## (?:Warm run \d+: h|H)omes in/m,
        `## Warm run ${run}: homes in`,
      ),
    );
    rows.oneFile.push(await buildCommand(contentDir, out, cache));
    const freshOut = path.join(dir, `out-warm-${run}`);
    rows.freshOut.push(await buildCommand(contentDir, freshOut, cache));
    rmSync(freshOut, { recursive: true, force: true });
  }
  return rows;
}

const summary = (label: string, measured: Measured[]) =>
  `  ${label.padEnd(40)} ${median(measured.map((m) => m.seconds)).toFixed(2)} s wall, ${median(measured.map((m) => ownSeconds(m.stdout))).toFixed(2)} s in the build; ${workLine(measured.at(-1)!.stdout)}`;
const devLine = (label: string, dev: DevEdits) =>
  `  ${label}: rebuilt ${dev.rendered.join(', ')} of ${dev.pages} pages; file event to HTML written (as npm run dev prints it) median ${median(dev.printed).toFixed(0)} ms (${dev.printed.join(', ')}); save to HTML seen on disk median ${median(dev.observed).toFixed(0)} ms`;

console.log(
  `Benchmark in ${work} (${availableParallelism()} cores, Node ${process.versions.node}, load average ${loadavg()[0]!.toFixed(2)})`,
);
console.log(
  `Tools: ours (npm run build), Eleventy ${eleventyVersion()}${HUGO ? `, Hugo ${hugoVersion()}` : ', Hugo not installed (apt-get install hugo)'}, Astro ${astroVersion()}`,
);
console.log(
  `Peak RSS: ${measuresRss ? 'GNU time %M' : 'not measured (no GNU time)'}. ${runs} cold runs of each, interleaved; medians.\n`,
);

// The generator's bundle, its compiled code and the browser scripts are made once per version of
// the code (scripts/run.mjs), by whichever command runs first: one build of the real site makes
// them, so that the runs measure the build, as every build after the first on this code is.
{
  const first = path.join(work, 'first');
  await buildCommand(
    path.join(projectRoot, 'content'),
    path.join(first, 'out'),
    path.join(first, 'cache'),
  );
  rmSync(first, { recursive: true, force: true });
}

const finals = new Map<string, { seconds: number; rss: number | undefined }>();
const floors = new Map<number, Floor>();
try {
  let largest: { n: number; dir: string; contentDir: string; areas: SyntheticArea[] } | undefined;
  for (const n of sizes) {
    const dir = path.join(work, `n${n}`);
    const contentDir = path.join(dir, 'content');
    const markdownDir = path.join(dir, 'markdown');
    const areas = generate({
      sourceContent: path.join(projectRoot, 'content'),
      contentDir,
      markdownDir,
      count: n,
    });
    const builders = tools(dir, contentDir, markdownDir);
    const results = new Map<string, Measured[]>(builders.map((tool) => [tool.name, []]));
    for (let run = 0; run < runs; run++) {
      for (const tool of builders) {
        const result = await tool.build(run);
        const html = countHtml(result.out);
        if (html < n) throw new Error(`${tool.name} wrote ${html} HTML files for ${n} pages`);
        // A page with its Markdown body in it, not only a layout round nothing.
        const sample = path.join(result.out, tool.page(areas[0]!.slug));
        if (
          !existsSync(sample) ||
          !readFileSync(sample, 'utf8').includes(`${areas[0]!.name} is mostly`)
        )
          throw new Error(`${tool.name} wrote no ${sample} with the page's text in it`);
        results.get(tool.name)!.push(result);
        process.stderr.write(
          `  N=${n} run ${run + 1}/${runs} ${tool.name}: ${result.seconds.toFixed(2)} s\n`,
        );
        // Keep the last run of ours (output and cache) for the warm rebuilds; the rest only take memory.
        if (!(tool.name === 'ours' && run === runs - 1))
          rmSync(result.out, { recursive: true, force: true });
        if (tool.name === 'ours' && run < runs - 1)
          rmSync(path.join(dir, `cache-ours-${run}`), { recursive: true, force: true });
      }
    }
    const floor = markdownFloor(markdownDir);
    floors.set(n, floor);
    console.log(`N = ${n}`);
    console.log('| tool | median wall s | pages/s | peak RSS MB | runs (s) |');
    console.log('|---|---:|---:|---:|---|');
    for (const [name, measured] of results) {
      const seconds = median(measured.map((m) => m.seconds));
      const rss = measured.every((m) => m.rssMb !== undefined)
        ? Math.max(...measured.map((m) => m.rssMb!))
        : undefined;
      console.log(
        `| ${name} | ${seconds.toFixed(2)} | ${Math.round(n / seconds)} | ${rss?.toFixed(0) ?? 'n/a'} | ${measured.map((m) => m.seconds.toFixed(2)).join(', ')} |`,
      );
      finals.set(`${n}:${name}`, { seconds, rss });
    }
    console.log(
      `| floor: bare remark → rehype → stringify (bench/floor.mjs; start-up, imports and reads not counted) | ${floor.allThreadsSeconds.toFixed(2)} on ${floor.threads} threads | | | ${floor.oneThreadSeconds.toFixed(2)} on one |`,
    );
    console.log(`${workLine(results.get('ours')!.at(-1)!.stdout)}\n`);
    largest = { n, dir, contentDir, areas };
  }

  if (largest) {
    const warm = await warmRebuilds(largest.dir, largest.contentDir, largest.areas[0]!);
    console.log(`Warm builds, N = ${largest.n}, the cache kept (median of ${runs}):`);
    console.log(summary('nothing changed, same output folder:', warm.unchanged));
    console.log(summary('one page edited, same output folder:', warm.oneFile));
    console.log(summary('nothing changed, fresh output folder:', warm.freshOut));
    if (!values['no-dev']) {
      // One edit takes well under a second: enough of them for a median a busy moment does not decide.
      const edits = Math.max(9, runs);
      const synthetic = (area: SyntheticArea): EditablePage => ({
        file: path.join(largest!.contentDir, 'areas', `${area.slug}.md`),
        text: '## Nearby areas',
        html: `cleaning-services-${area.slug}.html`,
      });
      console.log(
        devLine(
          `Dev, N = ${largest.n}, one page's text edited`,
          await devEdits(
            largest.dir,
            largest.contentDir,
            largest.areas.slice(1, 1 + edits).map(synthetic),
          ),
        ),
      );
      const real = path.join(work, 'real');
      cpSync(path.join(projectRoot, 'content'), path.join(real, 'content'), { recursive: true });
      const realAreas = [
        'bickley',
        'bromley',
        'chislehurst',
        'orpington',
        'beckenham',
        'chelsfield',
        'locksbottom',
        'hayes-bromley',
        'keston-bromley',
      ];
      const realPages = [...realAreas, ...realAreas].slice(0, edits).map((slug) => ({
        file: path.join(real, 'content', 'areas', `${slug}.md`),
        text: '\n## ',
        html: `cleaning-services-${slug}.html`,
      }));
      console.log(
        devLine(
          "Dev, the real site, one page's text edited",
          await devEdits(real, path.join(real, 'content'), realPages),
        ),
      );
    }
    console.log('');
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const n = sizes.includes(4000) ? 4000 : Math.max(...sizes);
const ours = finals.get(`${n}:ours`)!;
const eleventy = finals.get(`${n}:eleventy`)!;
const astro = finals.get(`${n}:astro`)!;
const floor = floors.get(n)!;
console.log(`Load average at the end: ${loadavg()[0]!.toFixed(2)}`);
console.log(
  `ours ÷ Astro at N=${n}: ${(ours.seconds / astro.seconds).toFixed(2)} (ours is ${(astro.seconds / ours.seconds).toFixed(2)} × as fast as Astro; goal: at least 1.5 ×)`,
);
console.log(
  `bench: N=${n} ours=${ours.seconds.toFixed(2)} eleventy=${eleventy.seconds.toFixed(2)} astro=${astro.seconds.toFixed(2)} floor=${floor.allThreadsSeconds.toFixed(2)} ` +
    `ratio=${(ours.seconds / eleventy.seconds).toFixed(2)} floor_ratio=${(ours.seconds / floor.allThreadsSeconds).toFixed(2)} rss_mb=${ours.rss?.toFixed(0) ?? 'n/a'}`,
);
