/**
 * npm run check:change -- --base <ref> [--format text|json|github] [--local-library] [--cache <dir>]:
 * the checks on a content change, one definition for a developer, the local backend's proposals and
 * the GitHub job of a content-only pull request:
 * 1. the content checks, as `npm run check` (run as it is, beside the build);
 * 2. the build: the base's content (from git), then the working tree's into the same output folder
 *    with the same cache (src/generator/change/build-change.ts); the pages the second build wrote
 *    are the pages the change altered;
 * 3. the page gates on those pages (src/generator/gates/page-gates.ts): html-validate, links,
 *    JSON-LD, axe at 375 and 1280 px with the console watch, Lighthouse.
 * `--skip axe,lighthouse` leaves out the gates named (html-validate, w3c, links, json-ld, axe,
 * lighthouse), and says so in its summary: for a quicker look, and for the local backend of the
 * browser tests whose subject is not the checks (LOCAL_CHECKS_SKIP, src/functions/setup.ts).
 * It prints the pages checked and the time each step took, then every problem at once in the
 * format asked for (`npm run check`'s: gate problems name the page's content file and start with
 * its address), and exits 1 when there is any. Both builds use this checkout's code: it checks what
 * the content change does to the pages, and a change to the code is `npm test`'s.
 */
// First: on too old a Node, it stops with one line before anything else loads.
import './require-node.mjs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BaseProblem } from '../src/generator/change/base-content.ts';
import { buildChange, type ChangeBuild } from '../src/generator/change/build-change.ts';
import { librarySourceFrom } from '../src/generator/images/library-source.ts';
import {
  readRunningServices,
  runningServicesFile,
} from '../src/generator/emulators/running-services.ts';
import { ContentError, severityOf, type ContentProblem } from '../src/kernel/errors/problems.ts';
import {
  formatReport,
  REPORT_FORMATS,
  reportFormatOf,
  type ProblemRecord,
} from '../src/kernel/errors/report-formats.ts';
import { firebaseConfigFromEnv } from '../src/kernel/wire/firebase-config.ts';
import { fail, parseOptions } from './cli.ts';
import { generatorBundle } from './run.mjs';
import { GATE_IDS } from '../src/generator/gates/gate-types.ts';
import type { GateStep } from '../src/generator/gates/page-gates.ts';

const usage = `Usage: npm run check:change -- --base <branch, tag or commit> [--format ${REPORT_FORMATS.join('|')}] [--local-library] [--cache <dir>] [--skip <gate>,…]`;
const values = parseOptions(
  {
    base: { type: 'string' },
    format: { type: 'string' },
    'local-library': { type: 'boolean', default: false },
    cache: { type: 'string' },
    skip: { type: 'string' },
  },
  usage,
);
const base =
  values.base ??
  fail(
    `Which commit is the change made on? Give it with --base (main, origin/main, a commit).\n${usage}`,
  );
const format =
  reportFormatOf(values.format, process.env) ??
  fail(`Unknown report format "${values.format}": use ${REPORT_FORMATS.join(', ')}.\n${usage}`);
const localLibrary = values['local-library'];
const skipped = (values.skip ?? '')
  .split(',')
  .map((id) => id.trim())
  .filter(Boolean);
const unknownGates = skipped.filter((id) => !(GATE_IDS as readonly string[]).includes(id));
if (unknownGates.length)
  fail(
    `--skip names no gate: ${unknownGates.join(', ')}. The gates are ${GATE_IDS.join(', ')}.\n${usage}`,
  );
const projectRoot = process.cwd();
const cacheDir = path.resolve(values.cache ?? '.cache');
// As `npm run check` does: in json and github, stdout holds the report alone and the lines for people go to stderr.
const say = format === 'text' ? console.log : console.error;

/** Each step's time, in order: the content check, the build, each page gate. */
const steps: GateStep[] = [];
const started = performance.now();
const seconds = (since: number) => (performance.now() - since) / 1000;
/** What kept the command from checking, when something did (not a problem of the content): said last, and the exit code is 1. */
let stopped: string | undefined;

/** `npm run check`, as it is, with its JSON report; its lines for people are shown once it is done. */
async function contentCheck(): Promise<ContentProblem[]> {
  const since = performance.now();
  const args = [
    'scripts/run.mjs',
    'check',
    '--format',
    'json',
    ...(localLibrary ? ['--local-library'] : []),
  ];
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  say(`\n▶ Content check (npm run check)\n${stderr.trimEnd()}`);
  let problems: ContentProblem[] = [];
  try {
    problems = (JSON.parse(stdout) as ProblemRecord[]).map(
      ({ file, line, column, field, code, message }) => ({
        file,
        line,
        column,
        field,
        code,
        message,
      }),
    );
  } catch {
    stopped ??= 'the content check stopped without a report (above)';
  }
  if (exitCode !== 0 && problems.length === 0)
    stopped ??= `the content check failed (exit ${exitCode}) without naming a problem (above)`;
  steps.push({ name: 'content check', seconds: seconds(since), ok: exitCode === 0 });
  return problems;
}

/** The base's content, then this checkout's, into .cache/check-change/site/, with the generator's bundle (as `npm run build`). */
async function changeBuild(): Promise<ChangeBuild | ContentProblem[]> {
  const since = performance.now();
  // React's production build renders in about half the time; set before the bundle loads React.
  process.env.NODE_ENV ??= 'production';
  const generator = (await import(
    pathToFileURL(path.join(await generatorBundle(), 'session.mjs')).href
  )) as typeof import('../src/generator/build.ts');
  const now = new Date();
  const settings = {
    projectRoot,
    cacheDir,
    siteUrl: process.env.URL,
    deployContext: process.env.CONTEXT,
    firebase: firebaseConfigFromEnv(process.env).config,
    // The media library as the content check reads it: the local Storage emulator, else the project's bucket.
    library: librarySourceFrom(process.env, {
      local: localLibrary,
      runningStorage: localLibrary
        ? readRunningServices(runningServicesFile(projectRoot))?.storage
        : undefined,
    }),
    clock: () => now,
  };
  try {
    const change = await buildChange({
      projectRoot,
      contentDir: path.join(projectRoot, 'content'),
      base,
      workDir: path.join(cacheDir, 'check-change'),
      open: (folders) => generator.Site.open({ ...settings, ...folders }),
    });
    const { report } = change;
    const note = `${report.changedPages.length} of ${report.work.renders} pages altered, compared with ${change.base.slice(0, 12)}${change.baseFailed ? ` (${change.baseFailed}: every page is checked)` : ''}`;
    steps.push({ name: 'build', seconds: seconds(since), ok: true, note });
    say(`\n▶ Build: ${note}`);
    return change;
  } catch (error) {
    steps.push({ name: 'build', seconds: seconds(since), ok: false });
    if (ContentError.is(error)) return [...error.problems];
    if (error instanceof BaseProblem) stopped ??= error.message;
    else {
      say(error instanceof Error ? (error.stack ?? error.message) : String(error));
      stopped ??=
        'the build failed because of an error in the generator, not in the content (above)';
    }
    return [];
  }
}

/** The page gates on the pages the change altered, each timed; what they found, as problems of the pages' content files. */
async function pageGates(change: ChangeBuild): Promise<ContentProblem[]> {
  const { gatePageOf, gatesWithout, runPageGates } =
    await import('../src/generator/gates/page-gates.ts');
  const { startChromium } = await import('../src/generator/gates/browser-gates.ts');
  const pages = change.report.changedPages.map(gatePageOf);
  say(
    `\n▶ Page gates on the ${pages.length} page${pages.length === 1 ? '' : 's'} the change altered${pages.length ? `: ${pages.map((page) => page.name).join(', ')}` : ''}`,
  );
  if (pages.length === 0) return [];
  const screens = pages.filter((page) => !page.browser && page.url);
  if (screens.length)
    say(
      `Account screens, not in the browser gates here (npm test checks them against the local sign-in service): ${screens.map((page) => page.name).join(', ')}`,
    );

  const { serveSite } = await import('../src/generator/gates/serve.ts');
  const site = await serveSite(change.outDir, path.join(projectRoot, 'netlify.toml'));
  let chromium: ReturnType<typeof startChromium> | undefined;
  try {
    const run = await runPageGates(
      pages,
      {
        root: change.outDir,
        origin: site.origin,
        siteUrl: change.report.site.siteUrl,
        chromium: () => (chromium ??= startChromium()),
        reports: path.join(projectRoot, 'test-results', 'lighthouse'),
        log: say,
      },
      gatesWithout(skipped),
    );
    steps.push(...run.steps);
    if (run.stopped) stopped ??= run.stopped;
    return run.problems;
  } finally {
    (await chromium?.catch(() => undefined))?.close();
    await site.close();
  }
}

/** One problem once: the build reports the content's errors the check reported. */
const keyOf = ({ code, file, line, field, message }: ContentProblem) =>
  JSON.stringify([code, file, line, field, message]);

const [checked, built] = await Promise.all([contentCheck(), changeBuild()]);
const problems = new Map(checked.map((problem) => [keyOf(problem), problem]));
if (Array.isArray(built)) {
  for (const problem of built) problems.set(keyOf(problem), problem);
  if (!stopped)
    say(
      '\nThe build stopped on the content problems below, so no page was put through the page gates.',
    );
} else {
  for (const problem of await pageGates(built)) problems.set(keyOf(problem), problem);
}

const all = [...problems.values()];
const failing = all.filter((problem) => severityOf(problem) !== 'notice');
const report = formatReport(format, all);
if (report)
  (format === 'text' ? console.error : console.log)(`${format === 'text' ? '\n' : ''}${report}`);

say('\nSummary');
for (const step of steps)
  say(
    `  ${step.ok ? '✔' : '✖'} ${step.name.padEnd(22)} ${step.seconds.toFixed(1).padStart(6)} s${step.note ? `  ${step.note}` : ''}`,
  );
if (skipped.length) say(`  – skipped (--skip): ${skipped.join(', ')}`);
const outcome = failing.length === 0 && !stopped ? 'passed' : 'failed';
const problemCount = failing.length
  ? `, ${failing.length} problem${failing.length === 1 ? '' : 's'}`
  : '';
// The last line says what stopped it: the local backend shows the last line of a run that did not report.
say(
  `check:change ${outcome} in ${seconds(started).toFixed(1)} s (${process.uptime().toFixed(1)} s with start-up)${problemCount}${stopped ? `. It could not finish: ${stopped.replace(/\.$/, '')}` : ''}.`,
);
process.exit(failing.length > 0 || stopped ? 1 : 0);
