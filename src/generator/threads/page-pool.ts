// The page pool: the threads that load content files and render and write their pages
// (page-work.ts). The main thread is always one of them; a build with enough files to load
// (WORKERS_FROM) starts worker threads beside it, one per core but one, as soon as it knows: before
// it reads the files when they are new to it, else once it has read them. Below that, or without the
// worker's code, the pool has no worker and the main thread does it all, through the same calls.
// One pipeline, with a pool of zero or more. The workers that loaded the files render their pages
// too; rendering alone (a warm cache and a fresh output folder) does not start them: at 4,000 pages
// it did not pay for their start.
//
// Each thread takes batches as it is free (a worker has two in hand, so that it never waits for the
// main thread); between its own batches the main thread's event loop turns, so that the workers'
// results, esbuild and sharp get their answers. A page is rendered by the thread that loaded its
// file when it can be, so that its entry is not sent again; a thread that has run out of its own
// takes the others', entries included.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { COMPILE_CACHE_DIR } from '../../../scripts/run.mjs';
import type { LoadedFile, LoadSettings } from '../content/load-entry.ts';
import type { RenderJob } from '../../kernel/render/render-page.tsx';
import { kindOf } from '../../kernel/wire/builder-data.ts';
import type { FromWorker, ToWorker, WorkerSettings } from './messages.ts';
import {
  PageWork,
  received,
  type LoadedItem,
  type LoadItem,
  type RenderedPage,
  type RenderSetup,
  type RenderTask,
} from './page-work.ts';

/**
 * The least number of files to load for which worker threads pay for their start: measured with
 * bench/threads.ts (docs/performance.md, "Where the threshold comes from").
 */
export const WORKERS_FROM = 2500;

/** Files loaded, or pages rendered, per batch. */
const LOAD_BATCH = 16;
const RENDER_BATCH = 16;

export interface PoolOptions {
  /** The worker's code, the generator bundle's page-worker.mjs; without it the pool has no worker. */
  worker?: URL;
  /** Worker threads beside the main thread; one per core but one by default. */
  threads?: number;
  /** The least number of files to load to start them for; WORKERS_FROM by default. */
  threshold?: number;
}

/** A thread that takes batches: the main thread, or a worker. */
interface Lane {
  /** Batches in hand at once. */
  readonly depth: number;
  load(items: LoadItem[]): Promise<LoadedItem[]>;
  /** `setup` comes with the first batch of a build. */
  render(tasks: RenderTask[], setup: RenderSetup | undefined): Promise<RenderedPage[]>;
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

class MainThread implements Lane {
  readonly depth = 1;
  #work: PageWork;

  constructor(settings: LoadSettings) {
    this.#work = new PageWork(settings);
  }

  async load(items: LoadItem[]): Promise<LoadedItem[]> {
    await turn();
    return this.#work.load(items);
  }

  async render(tasks: RenderTask[], setup: RenderSetup | undefined): Promise<RenderedPage[]> {
    if (setup) this.#work.renderWith(setup);
    await turn();
    return this.#work.render(tasks);
  }
}

/** A worker's first module: it turns on the compiled-code cache the main thread uses (scripts/run.mjs), then imports the bundle's entry. */
const LAUNCH = new URL(
  `data:text/javascript,${encodeURIComponent("import m from 'node:module'; import { workerData } from 'node:worker_threads'; m.enableCompileCache(workerData.compileCache); await import(workerData.entry);")}`,
);

class WorkerThread implements Lane {
  readonly depth = 2;
  #worker: Worker;
  #requests = new Map<
    number,
    { resolve(message: FromWorker): void; reject(error: unknown): void }
  >();
  #next = 0;
  /** Why the thread stopped, if it did: every request after that fails with it too. */
  #stopped: unknown;

  constructor(entry: URL, settings: LoadSettings) {
    const workerSettings: WorkerSettings = {
      displayRoot: settings.displayRoot,
      loadKey: settings.loadKey,
      imagesDir: settings.imagesDir,
    };
    this.#worker = new Worker(LAUNCH, {
      workerData: { entry: entry.href, compileCache: COMPILE_CACHE_DIR, settings: workerSettings },
    });
    this.#worker.on('message', (message: FromWorker) => {
      if ('plan' in message) {
        void settings
          .planImages(message.raster)
          .then((plan) => this.#post({ planned: message.plan, plan }));
        return;
      }
      const request = this.#requests.get(message.id)!;
      this.#requests.delete(message.id);
      if ('error' in message) request.reject(message.error);
      else request.resolve(message);
    });
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', (code) =>
      this.#fail(new Error(`A page worker thread stopped (exit code ${code}).`)),
    );
  }

  async load(items: LoadItem[]): Promise<LoadedItem[]> {
    const reply = await this.#request((id) => ({ id, load: items }));
    return 'loaded' in reply ? reply.loaded : [];
  }

  async render(tasks: RenderTask[], setup: RenderSetup | undefined): Promise<RenderedPage[]> {
    const reply = await this.#request((id) => ({ id, render: tasks, ...(setup ? { setup } : {}) }));
    return 'rendered' in reply ? reply.rendered : [];
  }

  async close(): Promise<void> {
    await this.#worker.terminate();
  }

  #request(message: (id: number) => ToWorker): Promise<FromWorker> {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      if (this.#stopped) return reject(this.#stopped);
      this.#requests.set(id, { resolve, reject });
      this.#post(message(id));
    });
  }

  #post(message: ToWorker): void {
    this.#worker.postMessage(message);
  }

  #fail(error: unknown): void {
    this.#stopped ??= error;
    for (const request of this.#requests.values()) request.reject(error);
    this.#requests.clear();
  }
}

export class PagePool {
  #main: MainThread;
  #workers: WorkerThread[] = [];
  /** The thread that loaded each entry in this build, by the entry's file. */
  #holders = new Map<string, Lane>();

  constructor(
    /** The loader's settings: the main thread's, and the workers' but for planning images, which they ask this thread for. */
    readonly settings: LoadSettings,
    private readonly options: PoolOptions = {},
  ) {
    this.#main = new MainThread(settings);
  }

  /** Starts the worker threads, unless they are running, when this many files to load pay for them. */
  needs(work: number): void {
    const { worker, threads = availableParallelism() - 1, threshold = WORKERS_FROM } = this.options;
    if (this.#workers.length > 0 || !worker || threads < 1 || work < threshold) return;
    this.#workers = Array.from({ length: threads }, () => new WorkerThread(worker, this.settings));
  }

  /** Worker threads running beside the main thread. */
  get threads(): number {
    return this.#workers.length;
  }

  get #lanes(): Lane[] {
    return [this.#main, ...this.#workers];
  }

  /** Loads the files (read and digested), in their order. */
  async load(items: readonly LoadItem[]): Promise<LoadedFile[]> {
    const files: LoadedFile[] = [];
    let taken = 0;
    await share(
      this.#lanes,
      () => {
        if (taken >= items.length) return undefined;
        const start = taken;
        taken = Math.min(items.length, taken + LOAD_BATCH);
        return { start, items: items.slice(start, taken) };
      },
      async (lane, { start, items: batch }) => {
        const loaded = await lane.load(batch);
        loaded.forEach((item, i) => {
          const file = received(item, batch[i]!.checked.text);
          files[start + i] = file;
          if (file.entry) this.#holders.set(file.entry.file, lane);
        });
      },
    );
    return files;
  }

  /** Renders and writes the jobs' pages (`known`: the digest the output folder holds at a path), handing each batch's results to `done` as they come. */
  async render(
    setup: RenderSetup,
    jobs: readonly RenderJob[],
    known: (path: string) => string | undefined,
    done: (pages: RenderedPage[]) => void,
  ): Promise<void> {
    const lanes = this.#lanes;
    const own = new Map<Lane, RenderJob[]>(lanes.map((lane) => [lane, []]));
    // A page whose entry no thread loaded in this build (the entry cache knew it) is the main thread's to begin with.
    for (const job of jobs) own.get(this.#holders.get(fileOf(job)) ?? this.#main)!.push(job);
    const started = new Set<Lane>();
    await share(
      lanes,
      (lane) => {
        const mine = own.get(lane)!;
        if (mine.length > 0) return mine.splice(0, RENDER_BATCH);
        // Out of its own: from the end of the longest queue of another thread.
        const longest = [...own.values()].reduce((a, b) => (b.length > a.length ? b : a));
        return longest.length > 0 ? longest.splice(-RENDER_BATCH) : undefined;
      },
      async (lane, batch) => {
        const first = !started.has(lane);
        started.add(lane);
        done(
          await lane.render(
            batch.map((job) =>
              taskOf(job, this.#holders.get(fileOf(job)) === lane, known(job.path)),
            ),
            first ? setup : undefined,
          ),
        );
      },
    );
  }

  /** Stops the worker threads: the pool serves one build. */
  async close(): Promise<void> {
    await Promise.all(this.#workers.map((worker) => worker.close()));
    this.#workers = [];
    this.#holders.clear();
  }
}

const fileOf = (job: RenderJob) => ('page' in job ? job.page.file : job.error.file);

/** A render job as a thread takes it: with its entry, unless the thread loaded it. */
function taskOf(job: RenderJob, held: boolean, known: string | undefined): RenderTask {
  const entry = 'page' in job ? job.page.entry : job.error;
  return {
    path: job.path,
    file: entry.file,
    ...('page' in job ? { page: { kind: kindOf(job.page), trail: job.page.trail } } : {}),
    ...(held ? {} : { entry }),
    ...(known ? { known } : {}),
  };
}

/** Each thread takes batches (`next`) until there are none, as many at a time as it holds; the first failure stops them all. */
async function share<B>(
  lanes: readonly Lane[],
  next: (lane: Lane) => B | undefined,
  run: (lane: Lane, batch: B) => Promise<void>,
): Promise<void> {
  let failed = false;
  await Promise.all(
    lanes.flatMap((lane) =>
      Array.from({ length: lane.depth }, async () => {
        try {
          for (let batch = next(lane); batch !== undefined && !failed; batch = next(lane))
            await run(lane, batch);
        } catch (error) {
          failed = true;
          throw error;
        }
      }),
    ),
  );
}
