// Runs the dev server's builds in child processes (build-worker.ts).
//
// Why child processes: Node caches every imported module for the life of a
// process and offers no way to evict one, and tsx does the same for the files
// it compiles. A build running inside the dev server's own process would keep
// rendering with the templates and src/ code it imported first. So the server
// stays in this process and the generator is imported in a separate one:
//
// - After a content, public/ or netlify.toml change the same build process is
//   reused: those are read from disk on every build, and its already-imported
//   generator is still current. This keeps rebuilds fast (no start-up cost).
// - After a src/ or templates/ change the process is replaced by a fresh one,
//   which imports the edited code. To keep that quick a standby process is
//   kept booted with the third-party packages preloaded; it imports the
//   project's own modules only when it receives its first build request, so
//   it is current however long it waited.
// - After a generator failure (a syntax error in a template, a crash) the
//   process is replaced too, so nothing half-imported is ever reused.
import { fork } from 'node:child_process';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOutcome, BuildRequest, BuildResponse } from './build-protocol.ts';
import type { FileChange } from './changes.ts';

/** What the runner needs from a build process; a ChildProcess in real use, a fake in tests. */
export interface WorkerChannel {
  readonly pid: number | undefined;
  send(request: BuildRequest): void;
  onMessage(listener: (response: BuildResponse) => void): void;
  /** Called once when the process has ended (or could not be started). */
  onExit(listener: (code: number | null, signal: NodeJS.Signals | null) => void): void;
  kill(): void;
}

/** Starts src/dev/build-worker.ts under tsx, in the project root, sharing this terminal. */
export function forkBuildWorker(projectRoot: string): WorkerChannel {
  const child = fork(fileURLToPath(new URL('./build-worker.ts', import.meta.url)), [], {
    cwd: projectRoot,
    execArgv: ['--import', import.meta.resolve('tsx')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    get pid() {
      return child.pid;
    },
    send(request) {
      if (child.connected) child.send(request);
    },
    onMessage(listener) {
      child.on('message', (message) => listener(message as BuildResponse));
    },
    onExit(listener) {
      let called = false;
      const once = (code: number | null, signal: NodeJS.Signals | null) => {
        if (called) return;
        called = true;
        listener(code, signal);
      };
      child.on('exit', once);
      child.on('error', () => {
        if (!running() || child.pid === undefined) once(child.exitCode, child.signalCode);
      });
    },
    kill() {
      if (running()) child.kill('SIGTERM');
    },
  };
}

/** Removes the temporary output folder a build process left when it was stopped mid-build (see swap-output.ts). */
export async function removeTemporaryOutput(outDir: string, pid: number): Promise<void> {
  const parent = path.dirname(outDir);
  const prefix = `${path.basename(outDir)}.tmp-${pid}-`;
  const names = await readdir(parent).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => name.startsWith(prefix)).map((name) => rm(path.join(parent, name), { recursive: true, force: true })));
}

/** One build process and the requests it has not answered yet. */
class Worker {
  exited = false;
  /** Resolves when the process has ended and its leftovers are removed. */
  readonly done: Promise<void>;
  private readonly pending = new Map<number, { outDir: string; resolve: (outcome: BuildOutcome) => void }>();

  constructor(readonly channel: WorkerChannel) {
    channel.onMessage((response) => {
      if (response?.type !== 'result') return;
      this.pending.get(response.id)?.resolve(response.outcome);
      this.pending.delete(response.id);
    });
    this.done = new Promise((resolveDone) => {
      channel.onExit((code, signal) => {
        this.exited = true;
        const unanswered = [...this.pending.values()];
        this.pending.clear();
        const how = signal ? `was stopped (${signal})` : `exited with code ${code}`;
        for (const { resolve } of unanswered) resolve({ ok: false, kind: 'generator', message: `The build process ${how} before the build finished.` });
        const pid = channel.pid;
        const cleanups = pid === undefined ? [] : [...new Set(unanswered.map((request) => request.outDir))].map((outDir) => removeTemporaryOutput(outDir, pid));
        void Promise.all(cleanups).then(() => resolveDone());
      });
    });
  }

  request(request: BuildRequest, timeoutMs: number): Promise<BuildOutcome> {
    if (this.exited) return Promise.resolve({ ok: false, kind: 'generator', message: 'The build process has stopped.' });
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        resolve({ ok: false, kind: 'generator', message: `The build took longer than ${Math.round(timeoutMs / 1000)} s and was stopped.` });
        this.channel.kill();
      }, timeoutMs);
      this.pending.set(request.id, {
        outDir: request.outDir,
        resolve: (outcome) => {
          clearTimeout(timer);
          resolve(outcome);
        },
      });
      this.channel.send(request);
    });
  }

  stop(): Promise<void> {
    this.channel.kill();
    return this.done;
  }
}

export interface BuildRunnerOptions {
  spawn: () => WorkerChannel;
  outDir: string;
  contentDir?: string;
  cacheDir?: string;
  siteUrl?: string;
  /** Keep a booted standby process for the next code change. Default true. */
  standby?: boolean;
  /** A build taking longer is stopped and reported as failed. Default 2 minutes. */
  timeoutMs?: number;
}

export class BuildRunner {
  /** The process that builds; it has imported the generator once it built. */
  private active: Worker | null = null;
  /** Booted, preloading packages, generator not imported yet. */
  private spare: Worker | null = null;
  private running: Promise<BuildOutcome> | null = null;
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: BuildRunnerOptions) {}

  /** Process ids, for tests and diagnostics. */
  get pids(): { active: number | undefined; standby: number | undefined } {
    return { active: this.active?.channel.pid, standby: this.spare?.channel.pid };
  }

  /**
   * One build. With `freshModules` (the generator's code changed) it runs in a
   * process that has not imported the generator yet. With `changes`, a process
   * that holds the last build's site rebuilds only what they affect. Builds must not overlap.
   */
  build({ freshModules, changes }: { freshModules: boolean; changes?: FileChange[] }): Promise<BuildOutcome> {
    if (this.running) throw new Error('A build is already running');
    if (this.closed) return Promise.resolve({ ok: false, kind: 'generator', message: 'The dev server is shutting down.' });
    if (freshModules || !this.active || this.active.exited) {
      if (this.active) void this.active.stop();
      this.active = this.takeSpare() ?? new Worker(this.options.spawn());
    }
    const worker = this.active;
    const request: BuildRequest = {
      type: 'build',
      id: this.nextId++,
      outDir: this.options.outDir,
      ...(this.options.contentDir ? { contentDir: this.options.contentDir } : {}),
      ...(this.options.cacheDir ? { cacheDir: this.options.cacheDir } : {}),
      ...(this.options.siteUrl ? { siteUrl: this.options.siteUrl } : {}),
      ...(changes && !freshModules ? { changes } : {}),
    };
    const running = worker.request(request, this.options.timeoutMs ?? 120_000).then((outcome) => {
      // Never reuse a process whose generator failed: it may hold a broken import.
      if (!outcome.ok && outcome.kind === 'generator' && this.active === worker) {
        void worker.stop();
        this.active = null;
      }
      return outcome;
    });
    this.running = running.finally(() => {
      this.running = null;
      this.prepareSpare();
    });
    return this.running;
  }

  /** Lets a running build finish (up to `graceMs`), then stops every process and removes what they left. */
  async close({ graceMs = 3000 }: { graceMs?: number } = {}): Promise<void> {
    this.closed = true;
    if (this.running) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.running, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
    }
    const workers = [this.active, this.spare].filter((worker): worker is Worker => worker !== null);
    this.active = null;
    this.spare = null;
    await Promise.all(workers.map((worker) => worker.stop()));
  }

  private takeSpare(): Worker | null {
    const spare = this.spare;
    this.spare = null;
    return spare && !spare.exited ? spare : null;
  }

  private prepareSpare(): void {
    if (this.closed || this.options.standby === false) return;
    if (this.spare && !this.spare.exited) return;
    this.spare = new Worker(this.options.spawn());
  }
}
