// Incremental rebuilds for the dev server. After a full build the site stays in memory: every
// content file as loaded, the site model, and each page's HTML with what its render read of the
// site-wide data (src/cache/track-reads.ts). When Markdown files change, only those files are
// loaded again, the site model is derived again (routes, navigation, cross-checks: every problem
// is still found), and only the pages that show something that changed are rendered and written:
// the edited page, and a listing or menu only when a field it shows changed.
//
// Anything else (an image, public/, the generator's code) needs a full build: update() says so.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { COLLECTIONS, readContent, SINGLES, type ContentEntry, type ContentReadResult, type EntryLoader, type LoadedContent } from '../content/load-content.ts';
import { ContentError, type ContentProblem } from '../content/problems.ts';
import { contactFiles, LATEST_BUILD_PATH, MANIFEST_PATH, type BuildManifest } from '../emit/build-files.ts';
import { robotsTxt, sitemapXml } from '../emit/sitemap.tsx';
import type { Assets } from '../render/context.ts';
import type { PageScripts } from '../render/page-scripts.ts';
import type { SitePage } from '../site/pages.ts';
import { deriveSite, type SiteModel } from '../site/site-model.ts';
import { compilePath, ReadTracker, UNTRACKABLE, valueAt, type CompiledPath, type Reads } from '../cache/track-reads.ts';
import type { BuildObserver, LoadedFile, RenderedSite } from '../parallel/build-session.ts';
import { fromPortable, loadItem, type SchemaKey } from '../parallel/portable-entry.ts';
import { allJobs, fingerprint, JobRenderer, outputPathOfJob, type NewPath } from '../parallel/render-jobs.ts';
import type { FileChange } from './changes.ts';

/** A page as last written, with what its render read. */
interface PageState {
  html: string;
  scripts: PageScripts;
  /** Ids into the path table. */
  reads: Int32Array;
  /** The page's own data (undefined for the error pages), compared with the new one. */
  sitePage: SitePage | undefined;
}

/** Every path pages have read, with its value in the current site model. */
class PathTable {
  readonly paths: string[] = [];
  readonly values: unknown[] = [];
  private readonly compiled: CompiledPath[] = [];
  private readonly ids = new Map<string, number>();

  constructor(paths: readonly string[] = [], values: readonly unknown[] = []) {
    paths.forEach((text, i) => this.intern(text, values[i]));
  }

  intern(text: string, value: unknown): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.paths.length;
      this.ids.set(text, id);
      this.paths.push(text);
      this.values.push(value);
    }
    return id;
  }

  /** Looks every path up in the new data: which changed (by id). The table takes the new values. */
  update(roots: Readonly<Record<string, unknown>>): boolean[] {
    return this.paths.map((text, id) => {
      const compiled = (this.compiled[id] ??= compilePath(text));
      const value = fingerprint(valueAt(roots, compiled));
      const changed = value === UNTRACKABLE || this.values[id] === UNTRACKABLE || value !== this.values[id];
      this.values[id] = value;
      return changed;
    });
  }

  /** Ids for a renderer's read ids, given the paths it reported. */
  adopt(fresh: readonly NewPath[], into: number[] = []): number[] {
    for (const path of fresh) into[path.id] = this.intern(path.text, path.value);
    return into;
  }
}

/** sitemap.xml, robots.txt and the contact files, with what making them read. */
interface OtherFiles {
  files: Map<string, string>;
  reads: Int32Array;
}

/** What the last successful build left: the basis of the next incremental one. */
interface SiteState {
  site: SiteModel;
  assets: Assets;
  pages: Map<string, PageState>;
  table: PathTable;
  others: OtherFiles;
  buildId: string;
  /** The content as last assembled (none yet right after a full build). */
  read: ContentReadResult | null;
}

export type UpdateResult =
  | { kind: 'full-build-needed'; reason: string }
  | { kind: 'content-error'; problems: readonly ContentProblem[] }
  | {
      kind: 'updated';
      /** Pages in the site, error pages included. */
      pages: number;
      /** Output paths of the pages rendered again, and of every file written or removed. */
      rendered: string[];
      written: string[];
      removed: string[];
      buildId: string;
      /** Where the time went: load (the changed files), assemble (the content), derive (routes, navigation, cross-checks), select, render, prepare, write. */
      milliseconds: Record<string, number>;
    };

export interface IncrementalOptions {
  projectRoot: string;
  contentDir: string;
  outDir: string;
  siteUrl?: string;
  cacheDir?: string;
}

/** Which schema validates a file, by where it is in the content folder; undefined for anything that is not a content file. */
export function schemaOfPath(contentDir: string, file: string): SchemaKey | undefined {
  const relative = path.relative(contentDir, file).split(path.sep).join('/');
  for (const [key, single] of Object.entries(SINGLES)) if (single.file === relative) return key as SchemaKey;
  const [dir, name, ...rest] = relative.split('/');
  if (rest.length > 0 || !name?.endsWith('.md')) return undefined;
  for (const [key, collection] of Object.entries(COLLECTIONS)) if (collection.dir === dir) return key as SchemaKey;
  return undefined;
}

/** Equal data: the same object, or the same values all the way down (derivePages makes some objects afresh). */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (a instanceof Map) return a.size === (b as Map<unknown, unknown>).size && [...a].every(([key, value]) => sameData(value, (b as Map<unknown, unknown>).get(key)));
  if (a instanceof Date) return a.getTime() === (b as Date).getTime();
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return keysA.length === keysB.length && keysA.every((key, i) => key === keysB[i] && sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

export interface RebuildSet {
  /** Jobs to render (render-jobs.ts numbering). */
  render: number[];
  /** Output paths of pages that no longer exist. */
  removed: string[];
}

/**
 * The pages to render again for the new site model: new pages, pages whose own data changed, and
 * pages that read a value of the site-wide data that is now different. `changed` says which read
 * paths have a new value (every path read by any page is looked up once).
 */
export function selectRebuildSet(pages: ReadonlyMap<string, Pick<PageState, 'reads' | 'sitePage'>>, changed: readonly boolean[], site: SiteModel): RebuildSet {
  // Often nothing any page read has changed (an edit to a page's own text): no need to look at the reads.
  const anyChanged = changed.includes(true);
  const render: number[] = [];
  const present = new Set<string>();
  for (const job of allJobs(site)) {
    const file = outputPathOfJob(site, job);
    present.add(file);
    const before = pages.get(file);
    const stale = !before || (job >= 0 && !sameData(before.sitePage, site.pages[job])) || (anyChanged && before.reads.some((id) => changed[id]!));
    if (stale) render.push(job);
  }
  const removed = [...pages.keys()].filter((file) => !present.has(file));
  return { render, removed };
}

function stopwatch() {
  let last = performance.now();
  const laps: Record<string, number> = {};
  return {
    laps,
    lap(name: string) {
      const now = performance.now();
      laps[name] = Math.round((now - last) * 10) / 10;
      last = now;
    },
  };
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

export class IncrementalSite {
  /** Every content file as last loaded, by absolute path. */
  private files = new Map<string, LoadedFile>();
  private state: SiteState | null = null;
  /** Collected during a full build, kept only if it succeeds. */
  private pendingFiles = new Map<string, LoadedFile>();
  private pendingRender: RenderedSite | null = null;

  constructor(private readonly options: IncrementalOptions) {}

  /** Give this to the full build (BuildOptions.speed.observer). */
  readonly observer: BuildObserver = {
    loaded: (file) => {
      this.pendingFiles.set(file.absolute, file);
    },
    rendered: (result) => {
      this.pendingRender = result;
    },
  };

  /** Call before a full build. */
  beginFullBuild(): void {
    this.pendingFiles = new Map();
    this.pendingRender = null;
  }

  /** Call after a full build: what it loaded and rendered becomes the basis of the next update. */
  async fullBuildDone(result: { ok: true; buildId: string } | { ok: false }): Promise<void> {
    const rendered = this.pendingRender;
    if (!result.ok || !rendered) {
      this.state = null;
      return;
    }
    this.files = this.pendingFiles;
    const { site, assets, files } = rendered;
    const pages = new Map<string, PageState>();
    const jobs = allJobs(site);
    files.forEach((file, position) => {
      const job = jobs[position]!;
      const reads = rendered.reads.get(file.path);
      // A page without recorded reads (not expected) is rendered again at the next update.
      if (reads) pages.set(file.path, { html: file.html, scripts: file.scripts, reads, sitePage: job >= 0 ? site.pages[job] : undefined });
    });
    const table = new PathTable(rendered.paths, rendered.values);
    this.state = { site, assets, pages, table, others: othersOf(site, table), buildId: result.buildId, read: null };
    this.pendingFiles = new Map();
    this.pendingRender = null;
  }

  get ready(): boolean {
    return this.state !== null;
  }

  /** Rebuilds after changes to Markdown content files, writing only what changed into the output folder. */
  async update(changes: readonly FileChange[]): Promise<UpdateResult> {
    const state = this.state;
    if (!state) return { kind: 'full-build-needed', reason: 'there is no previous build in memory' };
    const { contentDir, projectRoot } = this.options;
    const timer = stopwatch();
    const latest = new Map<string, FileChange['kind']>();
    for (const change of changes) latest.set(change.path, change.kind);
    const reloaded = new Map<string, LoadedFile | null>();
    for (const [file, kind] of latest) {
      const schema = schemaOfPath(contentDir, file);
      if (!schema || kind === 'addDir' || kind === 'unlinkDir') return { kind: 'full-build-needed', reason: `${path.relative(projectRoot, file)} is not a Markdown content file` };
      const before = this.files.get(file);
      const exists = kind !== 'unlink' && existsSync(file);
      const loaded = exists ? loadNow(file, schema, projectRoot) : null;
      // Images are planned and encoded by the full build.
      if ((before?.outcome.images.length ?? 0) > 0 || (loaded?.outcome.images.length ?? 0) > 0) return { kind: 'full-build-needed', reason: `${path.relative(projectRoot, file)} shows images` };
      reloaded.set(file, loaded);
    }
    for (const [file, loaded] of reloaded) {
      if (loaded) this.files.set(file, loaded);
      else this.files.delete(file);
    }

    // The content as readContent assembles it, from the files in memory (a file it finds that
    // no event announced is loaded now).
    const loadEntry: EntryLoader = async (absolute, _schema, context) => {
      let file = this.files.get(absolute);
      if (!file) {
        file = loadNow(absolute, schemaOfPath(contentDir, absolute)!, projectRoot);
        this.files.set(absolute, file);
      }
      context.problems.push(...file.outcome.problems);
      for (const name of file.outcome.invalidNames) context.invalid.names.add(name);
      for (const route of file.outcome.invalidRoutes) context.invalid.routes.add(route);
      return file.parsed as never;
    };
    timer.lap('load');
    const read = reassemble(state.read, reloaded) ?? (await readContent({ contentDir, displayRoot: projectRoot, cacheDir: this.options.cacheDir, loadEntry }));
    state.read = read;
    timer.lap('assemble');
    if (!read.content) return { kind: 'content-error', problems: read.problems };
    let site: SiteModel;
    try {
      site = deriveSite(read.content, { siteUrl: this.options.siteUrl, builtAt: new Date() }, read);
    } catch (error) {
      if (error instanceof ContentError) return { kind: 'content-error', problems: error.problems };
      throw error;
    }
    const assets: Assets = { ...state.assets, images: read.images };

    const { table } = state;
    timer.lap('derive');
    const changed = table.update({ site, assets });
    const selection = selectRebuildSet(state.pages, changed, site);
    const renderer = new JobRenderer(site, assets);
    timer.lap('select');
    const rendered = selection.render.map((job) => renderer.render(job));
    timer.lap('render');
    const localIds = table.adopt(renderer.takeNewPaths());

    const pages = new Map(state.pages);
    for (const file of selection.removed) pages.delete(file);
    // Unchanged pages take the new model's page objects: equal, and the same object next time.
    site.pages.forEach((sitePage, job) => {
      const kept = pages.get(outputPathOfJob(site, job));
      if (kept) kept.sitePage = sitePage;
    });
    const toWrite = new Map<string, string>();
    for (const result of rendered) {
      const before = pages.get(result.page.path);
      pages.set(result.page.path, {
        html: result.page.html,
        scripts: result.page.scripts,
        reads: result.reads.map((id) => localIds[id]!),
        sitePage: result.job >= 0 ? site.pages[result.job] : undefined,
      });
      if (before?.html !== result.page.html) toWrite.set(result.page.path, result.page.html);
    }
    // The sitemap and the rest are made again only when something they read changed (a route, say).
    const others = state.others.reads.some((id) => changed[id]!) ? othersOf(site, table) : state.others;
    for (const [file, text] of others.files) if (state.others.files.get(file) !== text) toWrite.set(file, text);
    const removed = [...selection.removed, ...[...state.others.files.keys()].filter((file) => !others.files.has(file))];

    // A new build id whenever something was written: from the last one and what changed.
    const buildId =
      toWrite.size === 0 && removed.length === 0
        ? state.buildId
        : sha1([state.buildId, ...[...toWrite].map(([file, text]) => `${file}\0${sha1(text)}`), ...removed].join('\n')).slice(0, 16);
    if (buildId !== state.buildId) {
      const manifest = await this.manifest(site, buildId);
      toWrite.set(MANIFEST_PATH, `${JSON.stringify(manifest, null, 2)}\n`);
      toWrite.set(LATEST_BUILD_PATH, `${JSON.stringify({ buildId: manifest.buildId, time: manifest.time })}\n`);
    }
    timer.lap('prepare');
    await this.write(toWrite, removed);
    timer.lap('write');
    this.state = { site, assets, pages, table, others, buildId, read };
    return {
      kind: 'updated',
      pages: pages.size,
      rendered: rendered.map((result) => result.page.path),
      written: [...toWrite.keys()],
      removed,
      buildId,
      milliseconds: timer.laps,
    };
  }

  /** The manifest as the full build wrote it, with this build's id, time and routes. */
  private async manifest(site: SiteModel, buildId: string): Promise<BuildManifest> {
    const previous = JSON.parse(await readFile(path.join(this.options.outDir, MANIFEST_PATH), 'utf8')) as BuildManifest;
    return { ...previous, buildId, time: site.builtAt.toISOString(), routes: site.pages.map((page) => page.route) };
  }

  private async write(files: Map<string, string>, removed: readonly string[]): Promise<void> {
    const { outDir } = this.options;
    const dirs = new Set([...files.keys()].map((file) => path.dirname(path.join(outDir, file))));
    await Promise.all([...dirs].map((dir) => mkdir(dir, { recursive: true })));
    await Promise.all([
      ...[...files].map(([file, text]) => writeFile(path.join(outDir, file), text)),
      ...removed.map((file) => rm(path.join(outDir, file), { force: true })),
    ]);
  }
}

/**
 * The content with the edited files' entries put in place of the old ones: what readContent would
 * assemble, when the same files are there and all of them load without problems. Null otherwise.
 */
function reassemble(previous: ContentReadResult | null, reloaded: ReadonlyMap<string, LoadedFile | null>): ContentReadResult | null {
  if (!previous?.content || previous.problems.length > 0 || previous.invalid.names.size > 0) return null;
  const content: Record<string, unknown> = { ...previous.content };
  for (const loaded of reloaded.values()) {
    if (!loaded?.parsed || loaded.outcome.problems.length > 0) return null;
    const entry = loaded.parsed.render(previous.images);
    const current = content[loaded.schema] as ContentEntry<unknown> | ContentEntry<unknown>[];
    if (!Array.isArray(current)) {
      if (current.file !== entry.file) return null;
      content[loaded.schema] = entry;
      continue;
    }
    const index = current.findIndex((other) => other.file === entry.file);
    if (index === -1) return null;
    content[loaded.schema] = current.with(index, entry);
  }
  return { ...previous, content: content as LoadedContent };
}

/** One file loaded on this thread, as the full build would have loaded it. */
function loadNow(absolute: string, schema: SchemaKey, displayRoot: string): LoadedFile {
  let source: string;
  try {
    source = readFileSync(absolute, 'utf8');
  } catch {
    const file = path.relative(displayRoot, absolute).split(path.sep).join('/');
    const outcome = { problems: [{ code: 'missing-file' as const, file, message: 'This file is required but could not be read.' }], invalidNames: [], invalidRoutes: [], images: [], entry: null, markdownImages: false };
    return { absolute, schema, outcome, parsed: undefined };
  }
  const outcome = loadItem({ absolute, schema, source }, displayRoot);
  if (!outcome.entry) return { absolute, schema, outcome, parsed: undefined };
  const entry = fromPortable(outcome.entry);
  return { absolute, schema, outcome, parsed: { images: outcome.images, render: () => entry } };
}

/** The other files a content change can alter, made with their reads recorded like a page's. */
function othersOf(site: SiteModel, table: PathTable): OtherFiles {
  const tracker = new ReadTracker();
  const reads: Reads = new Map();
  const files = tracker.record(reads, () => {
    const tracked = tracker.wrap('site', site);
    const made = new Map<string, string>([
      ['sitemap.xml', sitemapXml(tracked)],
      ['robots.txt', robotsTxt(tracked)],
    ]);
    for (const file of contactFiles(tracked)) made.set(file.path, file.json);
    return made;
  });
  return { files, reads: Int32Array.from([...reads].map(([node, value]) => table.intern(node.path, fingerprint(value)))) };
}
