// The local backend's checks: `npm run check:change -- --base <the proposal's base>` (the content
// checks, the build and the page gates on the pages it alters, as the GitHub job of a content-only
// pull request runs them) on a proposal's commit, in a temporary worktree (`git worktree add
// --detach`) with the project's node_modules linked in, one commit at a time, in the background at
// the lowest priority. Waiting, running, passed or failed, as GitHub's checks are; a failure says
// its first problem in words.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Checks } from '../../kernel/wire/proposals.ts';
import { lowerPriority, type Git } from './git.ts';

export type CheckResult =
  | { state: 'passed' }
  | { state: 'failed'; firstProblem: string; problems?: Checks['problems'] };

export interface CheckRunnerOptions {
  /** The command, run in the worktree with `--base <commit>` added: `npm run check:change -- --format json` by default. */
  command?: readonly string[];
  /** Added to the command: what the local backend's setup asks of the checks (`--local-library`). */
  args?: readonly string[];
  /** The command's environment, over this process's (the local Storage emulator's STORAGE_EMULATOR_PORT). */
  env?: Readonly<Record<string, string>>;
  /** The node_modules the worktree uses: the repository's own by default. */
  nodeModules?: string;
  /** Told each finished result, to keep it. */
  onResult(commit: string, result: CheckResult): Promise<void> | void;
  log?(message: string): void;
}

const DEFAULT_COMMAND = [
  process.execPath,
  '--import',
  'tsx',
  'scripts/check-change.ts',
  '--format',
  'json',
];

export class CheckRunner {
  /** Each commit waiting, with the commit it is a change of. */
  #queue: { commit: string; base: string }[] = [];
  #running: string | undefined;
  /** Stops the check running now. */
  #stop: AbortController | undefined;
  #idle: Promise<void> = Promise.resolve();

  constructor(
    private readonly git: Git,
    private readonly options: CheckRunnerOptions,
  ) {}

  /** What the runner is doing with a commit: undefined when it has nothing to do with it. */
  stateOf(commit: string): Checks['state'] | undefined {
    if (this.#running === commit) return 'running';
    return this.#queue.some((waiting) => waiting.commit === commit) ? 'waiting' : undefined;
  }

  /** Checks the commit, a change of `base`, after the others waiting. */
  enqueue(commit: string, base: string): void {
    if (this.stateOf(commit)) return;
    this.#queue.push({ commit, base });
    if (this.#running === undefined) this.#idle = this.#drain();
  }

  /** Forgets a commit whose result no one needs any more (its change was withdrawn, published or added to): waiting, or stopped if running. */
  forget(commit: string): void {
    this.#queue = this.#queue.filter((waiting) => waiting.commit !== commit);
    if (this.#running === commit) this.#stop?.abort();
  }

  /** Resolves once nothing is waiting or running (for tests and shutting down). */
  idle(): Promise<void> {
    return this.#idle;
  }

  async #drain(): Promise<void> {
    for (let next = this.#queue.shift(); next !== undefined; next = this.#queue.shift()) {
      const { commit, base } = next;
      this.#running = commit;
      const stop = (this.#stop = new AbortController());
      let result: CheckResult;
      try {
        result = await this.#check(commit, base, stop.signal);
      } catch (error) {
        result = {
          state: 'failed',
          firstProblem: `The checks could not run: ${error instanceof Error ? error.message : String(error)}`,
        };
      }
      try {
        // A check stopped on purpose has no result: its commit is no change's head any more.
        if (!stop.signal.aborted) await this.options.onResult(commit, result);
      } catch (error) {
        this.options.log?.(
          `The result of the checks on ${commit} could not be kept: ${String(error)}`,
        );
      }
      this.#running = undefined;
    }
  }

  async #check(commit: string, base: string, stop: AbortSignal): Promise<CheckResult> {
    const dir = await mkdtemp(path.join(tmpdir(), 'ardent-proposal-check-'));
    const worktree = path.join(dir, 'checkout');
    try {
      await this.git.run(['worktree', 'add', '--detach', '--quiet', worktree, commit], {
        background: true,
      });
      const nodeModules = this.options.nodeModules ?? path.join(this.git.dir, 'node_modules');
      if (existsSync(nodeModules))
        await symlink(nodeModules, path.join(worktree, 'node_modules'), 'dir');
      const [command, ...args] = [
        ...(this.options.command ?? DEFAULT_COMMAND),
        ...(this.options.args ?? []),
        '--base',
        base,
      ];
      const { code, stdout, stderr } = await run(command, args, worktree, this.options.env, stop);
      return code === 0 ? { state: 'passed' } : failureOf(stdout, stderr);
    } finally {
      // The folder goes whatever git says (the repository may be gone); git forgets it then, or at its next prune.
      await this.git
        .run(['worktree', 'remove', '--force', worktree], { background: true })
        .catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
      await this.git.run(['worktree', 'prune'], { background: true }).catch(() => undefined);
    }
  }
}

function run(
  command: string,
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string>> | undefined,
  stop: AbortSignal,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // Stopped while its checkout was being made: an aborted signal fires no more, so it never starts.
    if (stop.aborted) {
      resolve({ code: null, stdout: '', stderr: '' });
      return;
    }
    // In a process group of its own, so that stopping it stops what it started (the build, Chromium).
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
      detached: true,
    });
    // In the background: the answers to the builder come first.
    lowerPriority(child.pid);
    const kill = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    stop.addEventListener('abort', kill, { once: true });
    // This process ending ends the checks it started.
    process.once('exit', kill);
    child.once('close', () => {
      stop.removeEventListener('abort', kill);
      process.off('exit', kill);
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

type ReportedProblem = {
  file: string;
  line?: number;
  field?: string;
  severity: string;
  title: string;
  message: string;
};

/** The problems of `npm run check:change -- --format json`'s report (the content's and the pages'), notices left out; none when it did not report. */
function problemsReported(stdout: string): ReportedProblem[] {
  try {
    return (JSON.parse(stdout) as ReportedProblem[]).filter(
      (problem) => problem.severity !== 'notice',
    );
  } catch {
    // Not the report: the command itself failed.
    return [];
  }
}

/** The problems a result keeps: enough for each page of a change to list its own. */
const PROBLEMS_KEPT = 20;

/**
 * Why the check stopped, from its last words: the last line, or, when Node itself stopped it on an
 * uncaught error (its report ends with Node's version), the error's own line.
 */
function stoppedBecause(stderr: string): string | undefined {
  const lines = stderr
    .trim()
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const last = lines.at(-1);
  if (last === undefined || !/^Node\.js v\d/.test(last)) return last;
  return lines.findLast((line) => /^(?:[A-Z]\w*)?(?:Error|Exception)\b[^:]*:/.test(line)) ?? last;
}

/**
 * The failed checks' problems, read once from the report: the first in words, and the first few as
 * data for each page to list its own in the form's words; or, with no report, why the check stopped.
 */
export function failureOf(
  stdout: string,
  stderr: string,
): Extract<CheckResult, { state: 'failed' }> {
  const reported = problemsReported(stdout);
  const first = reported[0];
  if (first) {
    const problems = reported.slice(0, PROBLEMS_KEPT).map(({ file, line, field, message }) => ({
      file,
      ...(line ? { line } : {}),
      ...(field ? { field } : {}),
      message,
    }));
    return {
      state: 'failed',
      firstProblem: `${first.file}${first.line ? `, line ${first.line}` : ''}${first.field ? ` (${first.field})` : ''}: ${first.title}. ${first.message}`,
      problems,
    };
  }
  const last = stoppedBecause(stderr);
  return {
    state: 'failed',
    firstProblem: `The check stopped without a report${last ? `: ${last}` : '.'}`,
  };
}
