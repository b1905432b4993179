// Worker threads for large builds (worker.ts). A thread takes a few hundred milliseconds to import
// the generator, so the pool starts only when a build has enough work (share.ts), and is kept
// until the build session closes: the dev server's next large build finds it ready.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Reply, Request } from './protocol.ts';

/** Worker threads at most: BUILD_THREADS, else one per core but the main thread's. */
export const threadLimit = (wanted?: number) => Math.max(0, wanted ?? (process.env.BUILD_THREADS !== undefined ? Number(process.env.BUILD_THREADS) : availableParallelism() - 1));

/**
 * The worker's script: next to this module in the generator's bundle (scripts/run.mjs); from the
 * sources (tests), an entry that registers tsx first.
 */
const workerScript = () => new URL(import.meta.url.endsWith('.ts') ? './worker-entry.mjs' : './worker.mjs', import.meta.url);

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

export class WorkerThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Set once the thread failed or exited: it takes no more work. */
  failure: Error | null = null;

  constructor() {
    // execArgv: [] — the script needs none of this process's loaders (tsx, vitest).
    this.worker = new Worker(workerScript(), { execArgv: [], env: process.env });
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      if ('error' in reply) waiting.reject(new Error(`A worker thread failed: ${errorMessage(reply.error)}`, { cause: reply.error }));
      else waiting.resolve(reply.result);
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`A worker thread exited (code ${code}) before it answered.`)));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const { reject } of this.pending.values()) reject(this.failure);
    this.pending.clear();
  }

  request<R>(message: Request): Promise<R> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    this.worker.ref();
    return new Promise<R>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  async stop(): Promise<void> {
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class ThreadPool {
  readonly threads: WorkerThread[];
  constructor(size: number) {
    this.threads = Array.from({ length: size }, () => new WorkerThread());
  }

  get live(): WorkerThread[] {
    return this.threads.filter((thread) => !thread.failure);
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((thread) => thread.stop()));
  }
}
