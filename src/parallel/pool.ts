// Worker threads for the build (worker.ts), and a queue that spreads work over them and the main
// thread. A worker takes about half a second to import the generator, so the pool is started only
// when a build has enough work, and kept for the life of the process: a second build in the same
// process (tests, the dev server's build process) finds it ready.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './protocol.ts';
import { workerScript } from './worker-script.ts';

type Request = Extract<ToWorker, { id: number }>;
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

export class PoolWorker {
  ready = false;
  /** Set when the thread failed or exited: it takes no more work. */
  failure: Error | null = null;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private readonly readyListeners: (() => void)[] = [];
  private worker: Worker | null = null;
  /** Messages for a thread not started yet (its script is still being made). */
  private backlog: ToWorker[] = [];

  constructor(script: Promise<URL>) {
    script.then(
      (url) => {
        if (this.failure) return;
        // execArgv: [] — the script needs no loader of this process's (tsx, vitest).
        // A larger young generation: loading and rendering make many short-lived objects, and fewer
        // collections of it measured about a tenth less CPU time.
        this.attach(new Worker(url, { execArgv: [], env: process.env, resourceLimits: { maxYoungGenerationSizeMb: 48 } }));
      },
      (error: unknown) => this.fail(error instanceof Error ? error : new Error(String(error))),
    );
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.ready = false;
    for (const { reject } of this.pending.values()) reject(this.failure);
    this.pending.clear();
    for (const listener of this.readyListeners.splice(0)) listener();
  }

  private attach(worker: Worker): void {
    this.worker = worker;
    this.updateRef();
    for (const message of this.backlog.splice(0)) worker.postMessage(message);
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'ready') {
        this.ready = true;
        for (const listener of this.readyListeners.splice(0)) listener();
        return;
      }
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      this.updateRef();
      if ('error' in message) {
        const error = new Error(`In a build worker thread: ${message.error.message}`);
        if (message.error.stack) error.stack = `${error.message}\n${message.error.stack.split('\n').slice(1).join('\n')}`;
        waiting.reject(error);
      } else waiting.resolve(message.result);
    });
    worker.on('error', (error) => this.fail(error instanceof Error ? error : new Error(String(error))));
    worker.on('exit', (code) => this.fail(new Error(`A build worker thread exited (code ${code})`)));
  }

  onReady(listener: () => void): void {
    if (this.ready || this.failure) listener();
    else this.readyListeners.push(listener);
  }

  get busy(): number {
    return this.pending.size;
  }

  request<R>(message: WithoutId<Request>, transfer: ArrayBuffer[] = []): Promise<R> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<R>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.updateRef();
      const request = { ...message, id } as Request;
      if (this.worker) this.worker.postMessage(request, transfer);
      else this.backlog.push(request);
    });
  }

  send(message: Exclude<ToWorker, Request>): void {
    if (this.failure) return;
    if (this.worker) this.worker.postMessage(message);
    else this.backlog.push(message);
  }

  async terminate(): Promise<void> {
    this.fail(new Error('The build worker pool was closed'));
    await this.worker?.terminate();
  }

  /** Keeps the process alive only while this thread owes an answer. */
  private updateRef(): void {
    if (this.pending.size > 0) this.worker?.ref();
    else this.worker?.unref();
  }
}

export class WorkerPool {
  readonly workers: PoolWorker[];

  constructor(size: number, script: Promise<URL> = workerScript()) {
    this.workers = Array.from({ length: size }, () => new PoolWorker(script));
  }

  get live(): PoolWorker[] {
    return this.workers.filter((worker) => !worker.failure);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

let shared: WorkerPool | undefined;

/** Threads for a build: by default one per core but one, the main thread being the other. */
export function defaultWorkerCount(): number {
  return Math.max(1, availableParallelism() - 1);
}

/**
 * How many files to load, or pages to render, make worker threads worth starting: a worker takes
 * a few hundred milliseconds to start and to warm up, the time of a few hundred pages.
 */
export const DEFAULT_THRESHOLD = 500;

/** The worker threads a build may use: the option, else BUILD_WORKERS (0 keeps a build on the main thread), else the default. */
export function workerLimit(option?: number): number {
  if (option !== undefined) return option;
  const value = process.env.BUILD_WORKERS;
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : defaultWorkerCount();
}

/** The process's pool, started on first use with `size` threads (a later, larger size adds none). */
export function sharedPool(size: number): WorkerPool {
  if (!shared || shared.live.length === 0) shared = new WorkerPool(size);
  return shared;
}

/** Stops the process's pool, if any (tests; a process exits without it, the threads being unref'd). */
export async function closeSharedPool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}

export interface QueueOptions<I, R> {
  /** Items per message to a worker. */
  batchSize: number;
  /** Runs a batch on the main thread. */
  local: (items: I[]) => R[];
  /** Runs a batch on a worker. */
  remote: (worker: PoolWorker, items: I[]) => Promise<R[]>;
  /** Batches a worker holds at once, so it is not idle while its next one travels. */
  prefetch?: number;
  /** The main thread's part: `share` takes batches alongside the workers, `until-ready` only while no worker is ready, `idle` none while the pool has a live worker. */
  mainThread: MainThreadPart;
}

export type MainThreadPart = 'share' | 'until-ready' | 'idle';

/**
 * Items pushed are done in batches by whoever is free: the pool's ready workers, and the main
 * thread as `mainThread` says (always when there is no pool). Each push resolves with its item's
 * result, and `onWorkers` counts the items workers did.
 */
export class WorkQueue<I, R> {
  private readonly waiting: { item: I; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  private pool: WorkerPool | null = null;
  private pumpScheduled = false;
  private mainScheduled = false;
  onWorkers = 0;

  constructor(private readonly options: QueueOptions<I, R>) {}

  get pending(): number {
    return this.waiting.length;
  }

  /** Lets the pool's workers take batches, as soon as each is ready. */
  usePool(pool: WorkerPool): void {
    if (this.pool === pool) return;
    this.pool = pool;
    for (const worker of pool.workers) worker.onReady(() => this.schedulePump());
  }

  push(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.schedulePump();
    });
  }

  private take(): { item: I; resolve: (result: R) => void; reject: (error: unknown) => void }[] {
    return this.waiting.splice(0, this.options.batchSize);
  }

  // Deferred, so that the items pushed in one go (a whole folder) are batched together.
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private mainMayWork(): boolean {
    const live = this.pool?.live ?? [];
    if (live.length === 0 || this.options.mainThread === 'share') return true;
    return this.options.mainThread === 'until-ready' && !live.some((worker) => worker.ready);
  }

  private pump(): void {
    const prefetch = this.options.prefetch ?? 2;
    const ready = this.pool?.live.filter((worker) => worker.ready) ?? [];
    for (const worker of ready) {
      while (worker.busy < prefetch && this.waiting.length > 0) {
        const batch = this.take();
        this.options.remote(worker, batch.map((entry) => entry.item)).then(
          (results) => {
            this.onWorkers += batch.length;
            batch.forEach((entry, i) => entry.resolve(results[i]!));
            this.schedulePump();
          },
          (error: unknown) => {
            for (const entry of batch) entry.reject(error);
            this.schedulePump();
          },
        );
      }
    }
    if (this.waiting.length > 0 && this.mainMayWork() && !this.mainScheduled) {
      this.mainScheduled = true;
      // One batch at a time, so the worker's replies and new work are handled in between.
      setImmediate(() => {
        this.mainScheduled = false;
        if (this.mainMayWork() && this.waiting.length > 0) {
          const batch = this.take();
          try {
            const results = this.options.local(batch.map((entry) => entry.item));
            batch.forEach((entry, i) => entry.resolve(results[i]!));
          } catch (error) {
            for (const entry of batch) entry.reject(error);
          }
        }
        this.pump();
      });
    }
  }
}
