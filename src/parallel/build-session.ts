// One build's loading and rendering, made fast: a content file already seen is not converted
// again (the disk cache, src/cache/), a page whose inputs are unchanged is not rendered again,
// and when there is enough left to do the work is spread over worker threads. The results are
// exactly those of load-content's own loader and renderSite: the tests compare them byte for byte.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { serialize } from 'node:v8';
import type { ContentEntry, EntryLoader, LoadContext, ParsedEntry } from '../content/load-content.ts';
import { parseEntry } from '../content/load-content.ts';
import type { ImageMap, ImageReference } from '../images/responsive-images.ts';
import type { Assets } from '../render/context.ts';
import type { RenderedFile } from '../render/render-site.tsx';
import type { SiteModel } from '../site/site-model.ts';
import { BuildCache, digest, type CachedEntry, type CachedPage, type EntriesFile, type FileStamp, type PagesFile, type StampedKey } from '../cache/build-cache.ts';
import { codeKeys, type CodeKeys } from '../cache/code-key.ts';
import { UNTRACKABLE, valueAt } from '../cache/track-reads.ts';
import { DEFAULT_THRESHOLD, sharedPool, workerLimit, WorkQueue, type MainThreadPart, type PoolWorker, type WorkerPool } from './pool.ts';
import { fromPortable, hideFunctions, loadItem, reportOutcome, schemaKeyOf, toPortable, type EntryOutcome, type LoadItem, type SchemaKey } from './portable-entry.ts';
import type { RenderReply } from './protocol.ts';
import { allJobs, fingerprint, JobRenderer, outputPathOfJob, type JobResult, type NewPath } from './render-jobs.ts';

export interface SpeedOptions {
  /** Read and write the content cache (<cacheDir>/build/). Default true. */
  cache?: boolean;
  /** Worker threads at most; 0 keeps all the work on the main thread. Default: BUILD_WORKERS, else one per core but one. */
  workers?: number;
  /** How many files to load, or pages to render, make worker threads worth starting. Default 500. */
  parallelThreshold?: number;
  /** The main thread's part in the work: alongside the workers (`share`, the default), only until one is ready, or none (tests). */
  mainThread?: MainThreadPart;
  /** Tests only: stand-ins for the generator's code keys. */
  codeKeys?: CodeKeys;
  /** Told what the build loaded and rendered: the dev server keeps it to rebuild pages one by one (src/dev/incremental.ts). */
  observer?: BuildObserver;
}

/** One content file as the build used it. */
export interface LoadedFile {
  absolute: string;
  schema: SchemaKey;
  outcome: EntryOutcome;
  /** What readContent got: undefined when the file did not load. */
  parsed: ParsedEntry<unknown> | undefined;
}

/** The rendered pages with what each read of the site-wide data (ids into `paths` and `values`). */
export interface RenderedSite {
  site: SiteModel;
  assets: Assets;
  files: RenderedFile[];
  paths: string[];
  values: unknown[];
  /** By output path. */
  reads: Map<string, Int32Array>;
}

export interface BuildObserver {
  loaded?(file: LoadedFile): void;
  rendered?(result: RenderedSite): void;
}

export interface SessionOptions extends SpeedOptions {
  contentDir: string;
  /** Problems name files relative to this folder. */
  displayRoot: string;
  cacheDir: string;
}

/** What a build did and what it reused. */
export interface WorkStats {
  /** Files read and converted (`onWorkers` of them by worker threads), and reused from the cache. */
  entries: { loaded: number; onWorkers: number; cached: number };
  /** Pages rendered (`onWorkers` of them by worker threads), and reused from the cache. */
  pages: { rendered: number; onWorkers: number; cached: number };
  /** Worker threads that took part (0: everything on the main thread). */
  workers: number;
}


const LOAD_BATCH = 24;
const RENDER_BATCH = 24;

const displayPath = (absolute: string, displayRoot: string) => path.relative(displayRoot, absolute).split(path.sep).join('/');

const sameStamp = (a: FileStamp, b: FileStamp) => a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino;

/** What an entry's Markdown was rendered with: the planned variants of the images it shows. */
function imageKeyOf(references: readonly ImageReference[], images: ImageMap): string {
  const used = references.filter((reference) => reference.from === 'markdown').map((reference) => [reference.src, images.get(reference.src) ?? null]);
  return digest(JSON.stringify(used));
}

/** Read paths of one build, deduplicated across the pages and threads that made them. */
class PathTable {
  readonly texts: string[] = [];
  readonly values: unknown[] = [];
  private readonly ids = new Map<string, number>();

  intern(text: string, value: unknown): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.texts.length;
      this.ids.set(text, id);
      this.texts.push(text);
      this.values.push(value);
    } else if (this.values[id] !== value) {
      // Two renders of one build read different values at one path (not expected): never trust it.
      this.values[id] = UNTRACKABLE;
    }
    return id;
  }
}

export class BuildSession {
  readonly stats: WorkStats = { entries: { loaded: 0, onWorkers: 0, cached: 0 }, pages: { rendered: 0, onWorkers: 0, cached: 0 }, workers: 0 };
  private readonly keys: CodeKeys;
  private readonly store: BuildCache | null;
  private readonly cachedEntries: Promise<Pick<EntriesFile, 'entries' | 'stamps'>>;
  /** This build's files as they were on disk, and the keys their texts gave. */
  private readonly usedStamps = new Map<string, StampedKey>();
  private readonly cachedPages: Promise<PagesFile | null>;
  /** The entries this build used, as they go back into the cache. */
  private readonly usedEntries = new Map<string, CachedEntry>();
  private entriesChanged = false;
  /** A page's own key (its file and the images its Markdown shows), by the file as problems name it. */
  private readonly ownKeys = new Map<string, string>();
  private readonly loadQueue: WorkQueue<LoadItem, EntryOutcome>;
  private pool: WorkerPool | null = null;
  private misses = 0;
  private pagesToSave: Omit<PagesFile, 'format'> | null = null;
  private readonly threshold: number;
  private readonly maxWorkers: number;

  constructor(private readonly options: SessionOptions) {
    this.keys = options.codeKeys ?? codeKeys();
    this.threshold = options.parallelThreshold ?? DEFAULT_THRESHOLD;
    this.maxWorkers = workerLimit(options.workers);
    this.store = options.cache === false ? null : BuildCache.forContent(options.cacheDir, options.contentDir);
    this.cachedEntries = this.store ? this.store.readEntries(this.keys.load) : Promise.resolve({ entries: new Map(), stamps: new Map() });
    this.cachedPages = this.store ? this.store.readPages(this.keys.render) : Promise.resolve(null);
    this.cachedPages.catch(() => {});
    const { displayRoot } = options;
    this.loadQueue = new WorkQueue<LoadItem, EntryOutcome>({
      batchSize: LOAD_BATCH,
      mainThread: options.mainThread ?? 'share',
      local: (items) => items.map((item) => loadItem(item, displayRoot)),
      remote: (worker, items) => worker.request<EntryOutcome[]>({ type: 'load', displayRoot, items }),
    });
  }

  /** The render code key (code-key.ts): what the pages, and the browser bundle, are made by. */
  get renderKey(): string {
    return this.keys.render;
  }

  /** Starts the worker threads once there is enough work for them. */
  private usePoolFor(work: number): WorkerPool | null {
    if (!this.pool && this.maxWorkers > 0 && work >= this.threshold) {
      this.pool = sharedPool(this.maxWorkers);
      this.stats.workers = this.pool.live.length;
      this.loadQueue.usePool(this.pool);
    }
    return this.pool;
  }

  /** For load-content's readContent: the first pass over one file, from the cache or done by whichever thread is free. */
  readonly loadEntry: EntryLoader = async (absolute, schema, context) => {
    const file = displayPath(absolute, context.displayRoot);
    const schemaKey = schemaKeyOf(schema);
    const cached = await this.cachedEntries;
    // A file unchanged on disk since the last build (same size, times and inode) is not read
    // again: its key is the one its text gave then. Reads are synchronous: on this machine kind a
    // small file is read many times quicker so than through the thread pool.
    const where = `${schemaKey}\0${absolute}\0${file}`;
    let stamp: FileStamp;
    let source: string | undefined;
    try {
      const stats = statSync(absolute);
      stamp = { size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, ino: stats.ino };
      const known = cached.stamps.get(where);
      if (!known || !sameStamp(known.stamp, stamp) || !cached.entries.has(known.key)) source = readFileSync(absolute, 'utf8');
    } catch {
      context.problems.push({ code: 'missing-file', file, message: 'This file is required but could not be read.' });
      return undefined;
    }
    const key = source === undefined ? cached.stamps.get(where)!.key : digest(this.keys.load, schemaKey, absolute, file, source);
    this.usedStamps.set(where, { stamp, key });
    const textOf = () => (source ??= readFileSync(absolute, 'utf8'));
    let outcome: CachedEntry | undefined = cached.entries.get(key);
    if (outcome) {
      this.stats.entries.cached += 1;
    } else {
      this.usePoolFor(++this.misses);
      outcome = await this.loadQueue.push({ absolute, schema: schemaKey, source: textOf() });
      this.stats.entries.loaded += 1;
      this.stats.entries.onWorkers = this.loadQueue.onWorkers;
      this.entriesChanged = true;
    }
    this.usedEntries.set(key, outcome);
    reportOutcome(outcome, context);
    const loaded = outcome;
    // The same entry object for the same images: the dev server tells changed pages by identity.
    let made: { imageKey: string; entry: ContentEntry<unknown> } | undefined;
    const parsed: ParsedEntry<unknown> | undefined =
      !outcome.entry && !outcome.markdownImages
        ? undefined
        : {
            images: loaded.images,
            render: (images) => {
              const imageKey = loaded.markdownImages ? imageKeyOf(loaded.images, images) : '';
              this.ownKeys.set(file, loaded.markdownImages ? digest(key, imageKey) : key);
              if (made?.imageKey === imageKey) return made.entry;
              let entry: ContentEntry<unknown>;
              if (!loaded.markdownImages || (loaded.entry && loaded.imageKey === imageKey)) entry = fromPortable(loaded.entry!);
              else {
                // Markdown with images is rendered here, with the build's image map (rare: a few pages).
                const scratch: LoadContext = { displayRoot: context.displayRoot, problems: [], invalid: { names: new Set(), routes: new Set() } };
                entry = hideFunctions(parseEntry(absolute, textOf(), schema, scratch)!.render(images));
                this.usedEntries.set(key, { ...loaded, entry: toPortable(entry), imageKey });
                this.entriesChanged = true;
              }
              made = { imageKey, entry };
              return entry;
            },
          };
    this.options.observer?.loaded?.({ absolute, schema: schemaKey, outcome, parsed });
    return parsed as ParsedEntry<never> | undefined;
  };

  private ownKeyOf(site: SiteModel, job: number): string | undefined {
    if (job < 0) return `error-page ${job}`; // everything it shows is read from the site model, and recorded
    return this.ownKeys.get(site.pages[job]!.file);
  }

  /** renderSite's pages, in its order: reused from the cache where nothing they read has changed, the rest rendered. */
  async renderSite(site: SiteModel, assets: Assets): Promise<RenderedFile[]> {
    const jobs = allJobs(site);
    const previous = await this.cachedPages.catch(() => null);
    const roots = { site, assets };
    // Every path any cached page read, looked up once in this build's data.
    const changed = previous?.paths.map((text, i) => previous.values[i] === UNTRACKABLE || fingerprint(valueAt(roots, text)) !== previous.values[i]);
    const table = new PathTable();
    const pages = new Map<string, CachedPage>();
    const files: RenderedFile[] = new Array(jobs.length);
    const todo: number[] = [];
    const positionOf = new Map(jobs.map((job, position) => [job, position]));
    const ownKeys: (string | undefined)[] = [];
    // A reused page's reads, renumbered into this build's table: each old path looked up once.
    const renumbered: number[] = [];
    const renumber = (id: number) => (renumbered[id] ??= table.intern(previous!.paths[id]!, previous!.values[id]));
    jobs.forEach((job, position) => {
      const file = outputPathOfJob(site, job);
      const ownKey = (ownKeys[position] = this.ownKeyOf(site, job));
      const cached = previous?.pages.get(file);
      if (cached && ownKey !== undefined && cached.ownKey === ownKey && !cached.reads.some((id) => changed![id])) {
        files[position] = { path: file, html: typeof cached.html === 'string' ? cached.html : cached.html.toString('utf8'), scripts: cached.scripts };
        pages.set(file, { ...cached, reads: cached.reads.map(renumber) });
      } else todo.push(position);
    });
    this.stats.pages.cached = jobs.length - todo.length;
    this.stats.pages.rendered = todo.length;

    const translate = new Map<PoolWorker | 'main', string[]>();
    const valuesBy = new Map<PoolWorker | 'main', unknown[]>();
    const learn = (who: PoolWorker | 'main', fresh: NewPath[]) => {
      const texts = translate.get(who) ?? [];
      const values = valuesBy.get(who) ?? [];
      for (const path of fresh) {
        texts[path.id] = path.text;
        values[path.id] = path.value;
      }
      translate.set(who, texts);
      valuesBy.set(who, values);
    };
    const keep = (who: PoolWorker | 'main', result: JobResult) => {
      const position = positionOf.get(result.job)!;
      files[position] = result.page;
      const texts = translate.get(who)!;
      const values = valuesBy.get(who)!;
      const ownKey = ownKeys[position];
      if (ownKey !== undefined) {
        const reads = result.reads.map((id) => table.intern(texts[id]!, values[id]));
        pages.set(result.page.path, { ownKey, html: result.page.html, scripts: result.page.scripts, reads });
      }
    };

    if (todo.length > 0) {
      let local: JobRenderer | undefined;
      type Done = { who: PoolWorker | 'main'; result: JobResult };
      const renderHere = (batch: number[]): Done[] => {
        local ??= new JobRenderer(site, assets);
        const results = batch.map((job) => local!.render(job));
        learn('main', local.takeNewPaths());
        return results.map((result) => ({ who: 'main', result }));
      };
      const pool = this.usePoolFor(todo.length);
      const generation = nextGeneration++;
      if (pool) {
        // The site model is copied to the workers once: serialized here, read by each from shared memory.
        const bytes = serialize({ site, assets });
        const buffer = new SharedArrayBuffer(bytes.byteLength);
        new Uint8Array(buffer).set(bytes);
        for (const worker of pool.live) worker.send({ type: 'site', generation, buffer });
      }
      const queue = new WorkQueue<number, Done>({
        batchSize: RENDER_BATCH,
        mainThread: this.options.mainThread ?? 'share',
        local: renderHere,
        remote: async (worker, batch) => {
          const reply = await worker.request<RenderReply>({ type: 'render', generation, jobs: batch });
          learn(worker, reply.newPaths);
          return reply.results.map((result) => ({ who: worker, result }));
        },
      });
      if (pool) queue.usePool(pool);
      try {
        const done = await Promise.all(todo.map((position) => queue.push(jobs[position]!)));
        for (const { who, result } of done) keep(who, result);
        this.stats.pages.onWorkers = queue.onWorkers;
      } finally {
        if (pool) for (const worker of pool.live) worker.send({ type: 'forget', generation });
      }
    }
    this.pagesToSave = todo.length > 0 || previous?.pages.size !== pages.size ? { key: this.keys.render, paths: table.texts, values: table.values, pages } : null;
    this.options.observer?.rendered?.({ site, assets, files, paths: table.texts, values: table.values, reads: new Map([...pages].map(([file, page]) => [file, page.reads])) });
    return files;
  }

  /** Writes what changed to the cache: call once the build has succeeded. */
  async save(): Promise<void> {
    if (!this.store) return;
    const previous = await this.cachedEntries;
    const stampsChanged = previous.stamps.size !== this.usedStamps.size || [...this.usedStamps].some(([where, now]) => {
      const before = previous.stamps.get(where);
      return !before || before.key !== now.key || !sameStamp(before.stamp, now.stamp);
    });
    const entriesChanged = this.entriesChanged || stampsChanged || previous.entries.size !== this.usedEntries.size;
    await Promise.all([
      entriesChanged ? this.store.writeEntries(this.keys.load, this.usedEntries, this.usedStamps) : undefined,
      this.pagesToSave ? this.store.writePages(this.pagesToSave) : undefined,
    ]);
  }
}

/** Tells one build's site model from the next in the workers' memory. */
let nextGeneration = 1;

/** One line for the build's report: what was done, what was reused, and on how many threads. */
export function workSummary(work: WorkStats, unchangedFiles?: number): string {
  const { entries, pages } = work;
  const threads = work.workers === 0 ? 'on the main thread' : `on the main thread and ${work.workers} worker thread${work.workers === 1 ? '' : 's'}`;
  const parts = [`Converted ${entries.loaded} of ${entries.loaded + entries.cached} content files and rendered ${pages.rendered} of ${pages.rendered + pages.cached} pages ${threads}`];
  if (entries.cached + pages.cached > 0) parts.push('the rest came from the content cache');
  if (unchangedFiles !== undefined && unchangedFiles > 0) parts.push(`${unchangedFiles} output files were already up to date`);
  return `${parts.join('; ')}.`;
}
