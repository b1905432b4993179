// What a one-page content change's checks cost: `npm run check:change -- --base HEAD~1` in a fresh
// clone of HEAD (node_modules as `npm ci` leaves it) whose last commit changes one word of
// content/pages/about.md, from cold and then again:
//   npm run bench:check-change [-- --runs 3]
// From cold: no .cache/, node_modules/.cache/ or test-results/ and no tsx cache (TSX_DISABLE_CACHE),
// as on a fresh CI runner. Again: the same command a second time in the same clone, as a
// developer's second run. Prints each run's time, the median, and the median cold run's steps.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { recordResults } from './results.ts';

recordResults('check-change');

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
const projectRoot = path.join(import.meta.dirname, '..');
const PAGE = 'content/pages/about.md';
const WORDS = ['We are happy to answer', 'We are glad to answer'] as const;

const workDir = mkdtempSync(path.join(tmpdir(), 'ardent-check-change-'));
const clone = path.join(workDir, 'clone');
function sh(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd: clone, stdio: 'ignore', env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}`);
}

try {
  spawnSync('git', ['clone', '--quiet', projectRoot, clone], { stdio: 'inherit' });
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: clone,
    encoding: 'utf8',
  }).stdout.trim();
  const page = path.join(clone, PAGE);
  const text = readFileSync(page, 'utf8');
  if (!text.includes(WORDS[0])) throw new Error(`${PAGE} no longer says "${WORDS[0]}"`);
  writeFileSync(page, text.replace(WORDS[0], WORDS[1]));
  const author = ['-c', 'user.name=Bench', '-c', 'user.email=bench@ardent.example'];
  sh('git', [...author, 'commit', '--quiet', '-am', 'One word of the about page']);
  sh('npm', ['ci', '--no-audit', '--no-fund']);
  console.log(
    `A clone of ${commit} with one word of ${PAGE} changed ("${WORDS[0]}" → "${WORDS[1]}"), after npm ci; ${runs} runs of each kind.`,
  );

  /** One run of the checks: its wall time and the summary's step lines. */
  const check = (cold: boolean) => {
    if (cold)
      for (const dir of ['.cache', 'node_modules/.cache', 'test-results'])
        rmSync(path.join(clone, dir), { recursive: true, force: true });
    const started = performance.now();
    const result = spawnSync('npm', ['run', 'check:change', '--', '--base', 'HEAD~1'], {
      cwd: clone,
      encoding: 'utf8',
      env: { ...process.env, ...(cold ? { TSX_DISABLE_CACHE: '1' } : {}) },
    });
    const seconds = (performance.now() - started) / 1000;
    if (result.status !== 0)
      throw new Error(`check:change failed:\n${result.stdout}${result.stderr}`);
    const steps = `${result.stdout}`.split('\n').filter((line) => /^\s+[✔✖–]/.test(line));
    return { seconds, steps };
  };

  const median = <T extends { seconds: number }>(items: T[]): T =>
    [...items].sort((a, b) => a.seconds - b.seconds)[Math.floor(items.length / 2)]!;
  for (const [kind, cold] of [
    ['from cold', true],
    ['again in the same clone', false],
  ] as const) {
    const done = Array.from({ length: runs }, () => check(cold));
    const middle = median(done);
    console.log(
      `\n${kind}: ${done.map((run) => run.seconds.toFixed(1)).join(', ')} s, median ${middle.seconds.toFixed(1)} s; the median run's steps:`,
    );
    for (const line of middle.steps) console.log(line);
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
