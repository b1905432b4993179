// Each bench's last figures, in one place: `recordResults('<name>')` at the top of a bench keeps
// what it prints and, when it ends, writes bench/results/<name>.md with the command that ran it, the
// day, the machine and its load at the start and the end, then the printed figures as they were.
// A run that stops on an error writes nothing, so the last good figures stay. The docs link to these
// files rather than copying their numbers.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { format } from 'node:util';

const RESULTS_DIR = path.join(import.meta.dirname, 'results');
const PROJECT_ROOT = path.join(import.meta.dirname, '..');

/** The command as it was typed: `npm run <script> -- …` when npm ran it, else `npx tsx <file> …`. */
function commandLine(): string {
  const args = process.argv.slice(2).join(' ');
  // npm 11 names its command `run`, npm 7–10 `run-script`.
  const script =
    ['run', 'run-script'].includes(process.env.npm_command ?? '') &&
    process.env.npm_lifecycle_event;
  if (script) return `npm run ${script}${args ? ` -- ${args}` : ''}`;
  const file = path.relative(PROJECT_ROOT, process.argv[1] ?? '');
  return `npx tsx ${file}${args ? ` ${args}` : ''}`;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

/** The results file's text: its facts, then the output. */
export function resultsMarkdown(facts: {
  name: string;
  command: string;
  day: string;
  machine: string;
  loadStart: string;
  loadEnd: string;
  exitCode: number;
  output: string;
}): string {
  return [
    `# ${facts.name}`,
    '',
    `Written by \`${facts.command}\` when it ended${facts.exitCode ? ` (exit code ${facts.exitCode})` : ''}. Run it again to replace these figures.`,
    '',
    `- Run on: ${facts.day}`,
    `- Machine: ${facts.machine}`,
    `- Load average (1, 5, 15 min): ${facts.loadStart} at the start, ${facts.loadEnd} at the end`,
    '',
    'What it printed:',
    '',
    '```text',
    facts.output.trimEnd(),
    '```',
    '',
  ].join('\n');
}

/** Keeps what the bench prints from now on, and writes bench/results/<name>.md when it ends well. */
export function recordResults(name: string): void {
  const loadStart = load();
  const printed: string[] = [];
  const log = console.log.bind(console);
  console.log = (...args: unknown[]) => {
    printed.push(format(...args));
    log(...args);
  };
  let failed = false;
  process.on('uncaughtExceptionMonitor', () => {
    failed = true;
  });
  process.on('exit', (code) => {
    if (failed || printed.length === 0) return;
    const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(
      path.join(RESULTS_DIR, `${name}.md`),
      resultsMarkdown({
        name,
        command: commandLine(),
        day: new Date().toISOString().slice(0, 10),
        machine: `${availableParallelism()} cores (${cpu}), ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.versions.node}, ${process.platform}`,
        loadStart,
        loadEnd: load(),
        exitCode: code,
        output: printed.join('\n'),
      }),
    );
  });
}
