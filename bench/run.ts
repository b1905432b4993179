// npm run bench [-- --sizes 1000,4000] [-- --runs 3] [-- --dir <folder>] [-- --no-dev]
//
// Cold full builds of the same N synthetic area pages by this generator (the real `npm run build`
// command), by Eleventy 3 with an equivalent simple layout, and by Hugo when `hugo` is installed.
// Runs are interleaved (ours, Eleventy, Hugo, ours, …) so that a busy machine slows them alike;
// every run starts with a fresh output folder, and ours with an empty cache. Per N, also the floor
// the chosen Markdown stack sets (bench/floor.mjs: bare remark alone, on one thread and on every
// core), which no build on this machine can beat. Then, at the largest
// N: a warm rebuild (nothing changed, the cache kept) and one edited page under `npm run dev`.
//
// Wall time is measured around the whole command (Node start-up included); peak RSS is the
// command's maximum resident set size (GNU time's %M: all threads of the process).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generate, type SyntheticArea } from './generate.ts';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const benchRoot = fileURLToPath(new URL('.', import.meta.url));

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
  console.error('Usage: npm run bench -- [--sizes 1000,4000] [--runs 3] [--dir <folder>] [--no-dev]');
  process.exit(1);
}

/** A RAM-backed folder when there is one: the generators are measured, not the disk. */
function workFolder(): string {
  const base = values.dir ?? (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());
  return mkdtempSync(path.join(base, 'ardent-bench-'));
}

const TSX = import.meta.resolve('tsx');
const ELEVENTY = path.join(benchRoot, 'node_modules/@11ty/eleventy/cmd.cjs');
const GNU_TIME = ['/usr/bin/time', '/bin/time'].find((file) => existsSync(file));
const HUGO = spawnSync('hugo', ['version'], { encoding: 'utf8' }).status === 0 ? 'hugo' : undefined;

/** Node's own environment, without the site URL or NODE_ENV of the shell: each command sets what it needs. */
const { URL: _siteUrl, NODE_ENV: _nodeEnv, ...cleanEnv } = process.env;

interface Measured {
  seconds: number;
  rssMb: number | undefined;
  stdout: string;
}

/** Runs a command to completion: its wall time, and its peak RSS from GNU time when there is one. */
function measure(command: string, args: string[], cwd: string): Promise<Measured> {
  const timeFile = path.join(tmpdir(), `bench-time-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const [file, argv] = GNU_TIME ? [GNU_TIME, ['-f', '%M', '-o', timeFile, command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(file, argv, { cwd, env: cleanEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      let rssMb: number | undefined;
      if (GNU_TIME) {
        const kb = Number(readFileSync(timeFile, 'utf8').trim().split('\n').pop());
        rssMb = Number.isFinite(kb) ? kb / 1024 : undefined;
        rmSync(timeFile, { force: true });
      }
      if (code !== 0) reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${stdout}\n${stderr}`));
      else resolve({ seconds, rssMb, stdout });
    });
  });
}

function countHtml(dir: string): number {
  return (readdirSync(dir, { recursive: true }) as string[]).filter((name) => name.endsWith('.html')).length;
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

// ---- The three builders, on the same Markdown ---------------------------------------------

/** The services menu every layout shows, as the real site's header does. */
const SERVICE_LINKS = [
  ['domestic-cleaning-services', 'Domestic cleaning'],
  ['deep-cleaning-services', 'Deep cleaning'],
  ['end-of-tenancy-cleaning-services', 'End of tenancy cleaning'],
  ['oven-cleaning-services', 'Oven cleaning'],
  ['carpet-cleaning-services', 'Carpet cleaning'],
  ['window-cleaning-services', 'Window cleaning'],
  ['seasonal-cleaning-services', 'Seasonal cleaning'],
  ['cleaning-services-busy-professionals', 'Busy professionals'],
  ['cleaning-services-senior-citizens', 'Senior citizens'],
] as const;

/** Eleventy 3: the Markdown files as they are, a JavaScript layout, the same URLs as ours. */
function setUpEleventy(dir: string, markdownDir: string): void {
  mkdirSync(path.join(dir, 'src/_includes'), { recursive: true });
  for (const name of readdirSync(markdownDir)) writeFileSync(path.join(dir, 'src', name), readFileSync(path.join(markdownDir, name)));
  const nav = SERVICE_LINKS.map(([slug, label]) => `<li><a href="/${slug}">${label}</a></li>`).join('');
  writeFileSync(
    path.join(dir, 'src/_includes/area.11ty.js'),
    `export default function ({ title, description, heading, postcodes, services, content, page }) {
  return \`<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>\${title}</title><meta name="description" content="\${description}"><link rel="canonical" href="https://example.test\${page.url}"><link rel="stylesheet" href="/assets/site.css"></head><body><header><a href="/">Ardent</a><nav><ul>${nav}</ul></nav></header><main><h1>\${heading}</h1>\${content}</main><aside><h2>Postcodes</h2><p>\${postcodes.join(', ')}</p><h2>Popular here</h2><ul>\${services.map((slug) => \`<li><a href="/\${slug}">\${slug}</a></li>\`).join('')}</ul></aside><footer><p>Ardent Cleaning</p></footer></body></html>\`;
}
`,
  );
  writeFileSync(
    path.join(dir, 'eleventy.config.mjs'),
    `export default function (config) {
  config.addGlobalData('layout', 'area.11ty.js');
  config.addGlobalData('permalink', () => (data) => \`/cleaning-services-\${data.slug}/index.html\`);
  return { dir: { input: 'src' }, markdownTemplateEngine: false };
}
`,
  );
}

/** Hugo: the same Markdown as a section, a single-page layout like Eleventy's, the same URLs. */
function setUpHugo(dir: string, markdownDir: string): void {
  mkdirSync(path.join(dir, 'content/areas'), { recursive: true });
  mkdirSync(path.join(dir, 'layouts/_default'), { recursive: true });
  for (const name of readdirSync(markdownDir)) writeFileSync(path.join(dir, 'content/areas', name), readFileSync(path.join(markdownDir, name)));
  writeFileSync(
    path.join(dir, 'config.toml'),
    `baseURL = "https://example.test/"
languageCode = "en-GB"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
[permalinks]
  areas = "/cleaning-services-:slug/"
`,
  );
  const nav = SERVICE_LINKS.map(([slug, label]) => `<li><a href="/${slug}">${label}</a></li>`).join('');
  writeFileSync(
    path.join(dir, 'layouts/_default/single.html'),
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{{ .Title }}</title><meta name="description" content="{{ .Description }}"><link rel="canonical" href="{{ .Permalink }}"><link rel="stylesheet" href="/assets/site.css"></head><body><header><a href="/">Ardent</a><nav><ul>${nav}</ul></nav></header><main><h1>{{ .Params.heading }}</h1>{{ .Content }}</main><aside><h2>Postcodes</h2><p>{{ delimit .Params.postcodes ", " }}</p><h2>Popular here</h2><ul>{{ range .Params.services }}<li><a href="/{{ . }}">{{ . }}</a></li>{{ end }}</ul></aside><footer><p>Ardent Cleaning</p></footer></body></html>\n`,
  );
  writeFileSync(path.join(dir, 'layouts/_default/list.html'), '<!doctype html><title>{{ .Title }}</title>\n');
  writeFileSync(path.join(dir, 'layouts/index.html'), '<!doctype html><title>Ardent</title>\n');
}

interface Tool {
  name: string;
  /** One cold build into a fresh folder; resolves with the folder. */
  build(run: number): Promise<Measured & { out: string }>;
}

function tools(work: string, contentDir: string, markdownDir: string): Tool[] {
  const eleventyDir = path.join(work, 'eleventy');
  setUpEleventy(eleventyDir, markdownDir);
  const list: Tool[] = [
    {
      name: 'ours',
      async build(run) {
        const out = path.join(work, `out-ours-${run}`);
        const cache = path.join(work, `cache-ours-${run}`);
        // `npm run build` itself, minus npm: a fresh output folder and an empty cache.
        const result = await measure(process.execPath, ['--import', TSX, 'scripts/build.ts', '--content', contentDir, '--out', out, '--cache', cache], projectRoot);
        return { ...result, out };
      },
    },
    {
      name: 'eleventy',
      async build(run) {
        const out = path.join(work, `out-eleventy-${run}`);
        const result = await measure(process.execPath, [ELEVENTY, '--config=eleventy.config.mjs', `--output=${out}`, '--quiet'], eleventyDir);
        return { ...result, out };
      },
    },
  ];
  if (HUGO) {
    const hugoDir = path.join(work, 'hugo');
    setUpHugo(hugoDir, markdownDir);
    list.push({
      name: 'hugo',
      async build(run) {
        const out = path.join(work, `out-hugo-${run}`);
        const result = await measure(HUGO, ['--quiet', '--source', hugoDir, '--destination', out], hugoDir);
        return { ...result, out };
      },
    });
  }
  return list;
}

// ---- Warm rebuilds and the dev server -----------------------------------------------------

/**
 * The build's own time, as scripts/build.ts prints it ("in 0.41 s (1.20 s with start-up)"); 0 when
 * it found nothing to do ("Nothing changed since build …") and stopped before building.
 */
const ownSeconds = (stdout: string) => (/^Nothing changed since build/m.test(stdout) ? 0 : Number(/ in ([\d.]+) s \(/.exec(stdout)?.[1] ?? NaN));

async function warmRebuilds(work: string, contentDir: string, lastRun: number) {
  const cache = path.join(work, `cache-ours-${lastRun}`);
  const out = path.join(work, `out-ours-${lastRun}`);
  const result = { inPlace: [] as number[], inPlaceOwn: [] as number[], freshOut: [] as number[], freshOutOwn: [] as number[], work: [] as string[] };
  for (let run = 0; run < runs; run++) {
    // The same output folder: what `npm run build` does again after a build.
    const same = await measure(process.execPath, ['--import', TSX, 'scripts/build.ts', '--content', contentDir, '--out', out, '--cache', cache], projectRoot);
    // What it reused: all of it, unless the generator's code changed meanwhile (its cache key).
    result.work.push(/^(?:Converted|Nothing changed) .*$/m.exec(same.stdout)?.[0].replace(/; checked in .*$/, '.') ?? '');
    result.inPlace.push(same.seconds);
    result.inPlaceOwn.push(ownSeconds(same.stdout));
    // A fresh output folder with the cache kept: a CI build that restores .cache/.
    const freshOut = path.join(work, `out-warm-${run}`);
    const fresh = await measure(process.execPath, ['--import', TSX, 'scripts/build.ts', '--content', contentDir, '--out', freshOut, '--cache', cache], projectRoot);
    result.freshOut.push(fresh.seconds);
    result.freshOutOwn.push(ownSeconds(fresh.stdout));
    rmSync(freshOut, { recursive: true, force: true });
  }
  return result;
}

/** `npm run dev` on the N pages: edits one page's text at a time and times it until its HTML is written. */
async function devEdits(work: string, contentDir: string, areas: readonly SyntheticArea[]): Promise<{ printed: number[]; observed: number[]; rendered: number[]; pages: number }> {
  const out = path.join(work, 'out-dev');
  const cache = path.join(work, 'cache-dev');
  const child = spawn(process.execPath, ['--import', TSX, 'scripts/dev.ts', '--content', contentDir, '--out', out, '--cache', cache, '--port', '0', '--host', '127.0.0.1'], {
    cwd: projectRoot,
    env: cleanEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: (() => void)[] = [];
  const onData = (chunk: string) => {
    output += chunk;
    for (const waiter of waiters.splice(0)) waiter();
  };
  child.stdout.setEncoding('utf8').on('data', onData);
  child.stderr.setEncoding('utf8').on('data', onData);
  const until = (test: () => RegExpExecArray | null | boolean, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm run dev: timed out. Its output:\n${output}`)), timeoutMs);
      const check = () => {
        if (test()) {
          clearTimeout(timer);
          resolve();
        } else waiters.push(check);
      };
      check();
    });
  try {
    await until(() => output.includes('Watching'), 600_000);
    const printed: number[] = [];
    const observed: number[] = [];
    const rendered: number[] = [];
    let pages = 0;
    for (const [i, area] of areas.slice(0, Math.max(3, runs)).entries()) {
      const file = path.join(contentDir, 'areas', `${area.slug}.md`);
      const html = path.join(out, `cleaning-services-${area.slug}`, 'index.html');
      const marker = `Edited for the benchmark ${i}`;
      const before = output.length;
      const started = performance.now();
      writeFileSync(file, readFileSync(file, 'utf8').replace('## Homes in', `## ${marker}: homes in`));
      // From the save to the new HTML on disk, seen from outside: the file is polled every millisecond.
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          let text = '';
          try {
            text = readFileSync(html, 'utf8');
          } catch {}
          if (text.includes(marker)) {
            clearInterval(timer);
            resolve();
          } else if (performance.now() - started > 60_000) {
            clearInterval(timer);
            reject(new Error(`${html} was not rewritten. Output of npm run dev:\n${output}`));
          }
        }, 1);
      });
      observed.push(performance.now() - started);
      let line: RegExpExecArray | null = null;
      await until(() => (line = /→ rebuilt (\d+) of (\d+) pages in (\d+) ms/.exec(output.slice(before))), 60_000);
      const [, count, total, ms] = line! as RegExpExecArray;
      printed.push(Number(ms));
      rendered.push(Number(count));
      pages = Number(total);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    return { printed, observed, rendered, pages };
  } finally {
    const exited = new Promise((resolve) => child.on('close', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

// ---- The floor the Markdown stack sets ---------------------------------------------------

interface Floor {
  threads: number;
  oneThreadSeconds: number;
  allThreadsSeconds: number;
}

/** bench/floor.mjs on the same Markdown: the fastest the chosen stack converts it, on one thread and on every core. */
function markdownFloor(markdownDir: string): Floor {
  const result = spawnSync(process.execPath, [path.join(benchRoot, 'floor.mjs'), markdownDir], { cwd: projectRoot, env: cleanEnv, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`bench/floor.mjs failed:\n${result.stdout}\n${result.stderr}`);
  return JSON.parse(result.stdout) as Floor;
}

// ---- Main ---------------------------------------------------------------------------------

const work = workFolder();
console.log(`Benchmark in ${work} (${availableParallelism()} cores, Node ${process.versions.node}, load average ${loadavg()[0]!.toFixed(2)})`);
console.log(`Tools: ours (npm run build), Eleventy ${JSON.parse(readFileSync(path.join(benchRoot, 'node_modules/@11ty/eleventy/package.json'), 'utf8')).version}${HUGO ? `, ${spawnSync('hugo', ['version'], { encoding: 'utf8' }).stdout.split(' ')[1]}` : ', Hugo not installed (apt-get install hugo)'}`);
console.log(`Peak RSS: ${GNU_TIME ? 'GNU time %M' : 'not measured (no GNU time)'}. ${runs} cold runs of each, interleaved; medians.\n`);

const finals: Record<string, number> = {};
const floors: Record<number, Floor> = {};
let largest: { n: number; contentDir: string; areas: SyntheticArea[]; lastRun: number } | undefined;
try {
  for (const n of sizes) {
    const dir = path.join(work, `n${n}`);
    const contentDir = path.join(dir, 'content');
    const markdownDir = path.join(dir, 'markdown');
    const areas = generate({ sourceContent: path.join(projectRoot, 'content'), contentDir, markdownDir, count: n });
    const builders = tools(dir, contentDir, markdownDir);
    const results = new Map<string, Measured[]>(builders.map((tool) => [tool.name, []]));
    for (let run = 0; run < runs; run++) {
      for (const tool of builders) {
        const result = await tool.build(run);
        const html = countHtml(result.out);
        if (html < n) throw new Error(`${tool.name} wrote ${html} HTML files for ${n} pages`);
        results.get(tool.name)!.push(result);
        process.stderr.write(`  N=${n} run ${run + 1}/${runs} ${tool.name}: ${result.seconds.toFixed(2)} s\n`);
        // Keep the last run of ours (output and cache) for the warm rebuilds; the rest only take memory.
        if (!(tool.name === 'ours' && run === runs - 1)) rmSync(result.out, { recursive: true, force: true });
        if (tool.name === 'ours' && run < runs - 1) rmSync(path.join(dir, `cache-ours-${run}`), { recursive: true, force: true });
      }
    }
    console.log(`N = ${n}`);
    console.log('| tool | median wall s | pages/s | peak RSS MB | runs (s) |');
    console.log('|---|---:|---:|---:|---|');
    for (const [name, measured] of results) {
      const seconds = median(measured.map((m) => m.seconds));
      const rss = measured.every((m) => m.rssMb !== undefined) ? Math.max(...measured.map((m) => m.rssMb!)).toFixed(0) : 'n/a';
      console.log(`| ${name} | ${seconds.toFixed(2)} | ${Math.round(n / seconds)} | ${rss} | ${measured.map((m) => m.seconds.toFixed(2)).join(', ')} |`);
      finals[`${n}:${name}`] = seconds;
    }
    const floor = markdownFloor(markdownDir);
    floors[n] = floor;
    const eleventySeconds = finals[`${n}:eleventy`]!;
    console.log(
      `Floor of the stack's Markdown (bare remark → rehype → stringify, bench/floor.mjs; start-up, imports and reads not counted): ` +
        `${floor.oneThreadSeconds.toFixed(2)} s on one thread, ${floor.allThreadsSeconds.toFixed(2)} s on ${floor.threads} = ${(floor.allThreadsSeconds / eleventySeconds).toFixed(2)} × Eleventy's whole build`,
    );
    console.log('');
    largest = { n, contentDir, areas, lastRun: runs - 1 };
  }

  if (largest) {
    const warm = await warmRebuilds(path.join(work, `n${largest.n}`), largest.contentDir, largest.lastRun);
    console.log(`Warm rebuild, N = ${largest.n}, nothing changed (cache kept; median of ${runs}):`);
    console.log(`  into the same output folder:  ${median(warm.inPlace).toFixed(2)} s wall, ${median(warm.inPlaceOwn).toFixed(2)} s in the build (the rest is Node and module start-up; 0 when it found nothing to do)`);
    console.log(`  into a fresh output folder:   ${median(warm.freshOut).toFixed(2)} s wall, ${median(warm.freshOutOwn).toFixed(2)} s in the build`);
    for (const line of new Set(warm.work)) console.log(`  ${line}`);
    if (!values['no-dev']) {
      const dev = await devEdits(path.join(work, `n${largest.n}`), largest.contentDir, largest.areas);
      console.log(`Dev, N = ${largest.n}: one page's text edited, ${dev.printed.length} times: rebuilt ${dev.rendered.join(', ')} of ${dev.pages} pages;`);
      console.log(`  file event to HTML written (as npm run dev prints it): median ${median(dev.printed).toFixed(0)} ms (${dev.printed.join(', ')})`);
      console.log(`  save to new HTML seen on disk (measured here):        median ${median(dev.observed).toFixed(0)} ms (${dev.observed.map((ms) => ms.toFixed(0)).join(', ')})`);
    }
    console.log('');
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const n = sizes.includes(4000) ? 4000 : Math.max(...sizes);
const ours = finals[`${n}:ours`]!;
const eleventy = finals[`${n}:eleventy`]!;
console.log(`Load average at the end: ${loadavg()[0]!.toFixed(2)}`);
if (floors[n]) console.log(`floor: N=${n} markdown-alone=${floors[n].allThreadsSeconds.toFixed(2)} on ${floors[n].threads} threads, ${(floors[n].allThreadsSeconds / eleventy).toFixed(2)} × eleventy`);
console.log(`bench: N=${n} ours=${ours.toFixed(2)} eleventy=${eleventy.toFixed(2)} ratio=${(ours / eleventy).toFixed(2)}`);
