// Which build process runs each build: the same one for content changes, a
// fresh one (the standby) for code changes and after generator failures.
import { describe, expect, it } from 'vitest';
import type { BuildOutcome, BuildRequest, BuildResponse } from '../../../src/dev/build-protocol.ts';
import { BuildRunner, type WorkerChannel } from '../../../src/dev/build-runner.ts';

const OK: BuildOutcome = { ok: true, pages: 3, files: 5, bytes: 100, milliseconds: 10, buildId: 'id' };

class FakeWorker implements WorkerChannel {
  readonly requests: BuildRequest[] = [];
  killed = false;
  private messageListener: (response: BuildResponse) => void = () => {};
  private exitListener: (code: number | null, signal: NodeJS.Signals | null) => void = () => {};
  constructor(
    readonly pid: number,
    private readonly answer: (request: BuildRequest) => BuildOutcome | null,
  ) {}
  send(request: BuildRequest): void {
    this.requests.push(request);
    const outcome = this.answer(request);
    if (outcome) queueMicrotask(() => this.messageListener({ type: 'result', id: request.id, outcome }));
  }
  onMessage(listener: (response: BuildResponse) => void): void {
    this.messageListener = listener;
  }
  onExit(listener: (code: number | null, signal: NodeJS.Signals | null) => void): void {
    this.exitListener = listener;
  }
  kill(): void {
    if (this.killed) return;
    this.killed = true;
    queueMicrotask(() => this.exitListener(null, 'SIGTERM'));
  }
  crash(): void {
    this.exitListener(1, null);
  }
}

function setup(answer: (request: BuildRequest) => BuildOutcome | null = () => OK) {
  const workers: FakeWorker[] = [];
  const runner = new BuildRunner({
    outDir: '/nonexistent/dist',
    contentDir: '/content',
    spawn: () => {
      const worker = new FakeWorker(1000 + workers.length, answer);
      workers.push(worker);
      return worker;
    },
  });
  return { runner, workers };
}

describe('BuildRunner', () => {
  it('sends the build options and returns the outcome', async () => {
    const { runner, workers } = setup();
    expect(await runner.build({ freshModules: false })).toEqual(OK);
    expect(workers[0]!.requests[0]).toMatchObject({ type: 'build', outDir: '/nonexistent/dist', contentDir: '/content' });
    await runner.close();
  });

  it('reuses the process for content changes and keeps one standby', async () => {
    const { runner, workers } = setup();
    await runner.build({ freshModules: false });
    await runner.build({ freshModules: false });
    await runner.build({ freshModules: false });
    expect(workers).toHaveLength(2); // the builder and the standby
    expect(workers[0]!.requests).toHaveLength(3);
    expect(workers[1]!.requests).toHaveLength(0);
    await runner.close();
  });

  it('builds in the standby after a code change and retires the old process', async () => {
    const { runner, workers } = setup();
    await runner.build({ freshModules: false });
    const standby = runner.pids.standby;
    await runner.build({ freshModules: true });
    expect(runner.pids.active).toBe(standby);
    expect(workers[0]!.killed).toBe(true);
    expect(workers[1]!.requests).toHaveLength(1);
    expect(runner.pids.standby).toBe(workers[2]!.pid); // a new standby for the next code change
    await runner.close();
    expect(workers.every((worker) => worker.killed)).toBe(true);
  });

  it('does not reuse a process after a generator failure', async () => {
    let fail = true;
    const { runner, workers } = setup(() => (fail ? { ok: false, kind: 'generator', message: 'SyntaxError' } : OK));
    const failed = await runner.build({ freshModules: false });
    expect(failed).toMatchObject({ ok: false, kind: 'generator' });
    expect(workers[0]!.killed).toBe(true);
    fail = false;
    expect(await runner.build({ freshModules: false })).toEqual(OK);
    expect(workers[0]!.requests).toHaveLength(1);
    await runner.close();
  });

  it('keeps the process after content problems', async () => {
    const { runner, workers } = setup(() => ({ ok: false, kind: 'content', problemCount: 1, report: 'Content check failed' }));
    await runner.build({ freshModules: false });
    await runner.build({ freshModules: false });
    expect(workers[0]!.requests).toHaveLength(2);
    expect(workers[0]!.killed).toBe(false);
    await runner.close();
  });

  it('reports a process that dies mid-build as a failed build', async () => {
    const { runner, workers } = setup(() => null);
    const pending = runner.build({ freshModules: false });
    workers[0]!.crash();
    expect(await pending).toMatchObject({ ok: false, kind: 'generator', message: expect.stringContaining('exited with code 1') });
    await runner.close();
  });

  it('refuses overlapping builds', async () => {
    const { runner } = setup(() => null);
    void runner.build({ freshModules: false });
    expect(() => runner.build({ freshModules: false })).toThrow(/already running/);
    await runner.close({ graceMs: 0 });
  });
});
