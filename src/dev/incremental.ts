// Incremental rebuilds for the dev server. After a full build the site stays in memory: every
// content file as loaded, the site model, and each page's HTML with what its render read of the
// site-wide data (src/cache/track-reads.ts). When Markdown files change, only those files are
// loaded again, the site model is derived again (src/site/derive-edit.ts: only the edited entries
// when routes, slugs and names are kept, every problem is still found), and only the pages that
// show something that changed are rendered and written: the edited page, and a listing or menu
// only when a field it shows changed.
//
// Anything else (an image, public/, the generator's code) needs a full build: update() says so.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { COLLECTIONS, readContent, SINGLES, type ContentEntry, type ContentReadResult, type EntryLoader, type LoadedContent } from '../content/load-content.ts';
import { ContentError, type ContentProblem } from '../errors/problems.ts';
import { contactFiles, LATEST_BUILD_PATH, MANIFEST_PATH, type BuildManifest } from '../emit/build-files.ts';
import { robotsTxt, sitemapXml } from '../emit/sitemap.tsx';
import type { Assets } from '../render/context.ts';
import type { PageScripts } from '../render/page-scripts.ts';
import type { SitePage } from '../site/pages.ts';
import { deriveEdit } from '../site/derive-edit.ts';
import { deriveAll, type DerivedSite, type SiteModel } from '../site/site-model.ts';
import { ReadTracker, type Reads } from '../cache/track-reads.ts';
import type { BuildObserver, LoadedFile, RenderedSite } from '../parallel/build-session.ts';
import { fromPortable, loadItem, reportOutcome, type SchemaKey } from '../parallel/portable-entry.ts';
import { allJobs, fingerprint, JobRenderer, outputPathOfJob } from '../parallel/render-jobs.ts';
import type { FileChange } from './changes.ts';
import { PathTable } from './path-table.ts';

/** A page as last written, with what its render read. */
interface PageState {
  html: string;
  scripts: PageScripts;
  /** Ids into the path table. */
  reads: Int32Array;
  /** The page's own data (undefined for the error pages), compared with the new one. */
  sitePage: SitePage | undefined;
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
  /** The output path of each of site.pages. */
  files: string[];
  table: PathTable;
  others: OtherFiles;
  buildId: string;
  /** The content `site` was derived from, and what checking an edit against it needs (none yet right after a full build: see warmUp). */
  read: ContentReadResult | null;
  derived: DerivedSite | null;
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
      /** Whether only the edited entries were derived and checked again (src/site/derive-edit.ts), or the whole site. */
      derivation: 'edit' | 'full';
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

/**
 * The output path of each of site.pages. A page that is the previous model's page at the same
 * position keeps its path: after an edit that is nearly all of them (src/site/derive-edit.ts).
 */
function outputPathsOf(site: SiteModel, previous?: { site: SiteModel; files: readonly string[] }): string[] {
  return site.pages.map((page, job) => (previous?.site.pages[job] === page ? previous.files[job]! : outputPathOfJob(site, job)));
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
export function selectRebuildSet(
  pages: ReadonlyMap<string, Pick<PageState, 'reads' | 'sitePage'>>,
  changed: readonly boolean[],
  site: SiteModel,
  files: readonly string[] = outputPathsOf(site),
): RebuildSet {
  // Often nothing any page read has changed (an edit to a page's own text): no need to look at the reads.
  const anyChanged = changed.includes(true);
  const render: number[] = [];
  const jobs = allJobs(site);
  const fileOf = (job: number) => (job >= 0 ? files[job]! : outputPathOfJob(site, job));
  let kept = 0;
  for (const job of jobs) {
    const before = pages.get(fileOf(job));
    if (before) kept += 1;
    const stale = !before || (job >= 0 && !sameData(before.sitePage, site.pages[job])) || (anyChanged && before.reads.some((id) => changed[id]!));
    if (stale) render.push(job);
  }
  // Every page written before is still there (output paths are unique): nothing to remove.
  if (kept === pages.size) return { render, removed: [] };
  const present = new Set(jobs.map(fileOf));
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

/** How many pages warmUp runs through the edit path. */
const REHEARSALS = 5;

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

export class IncrementalSite {
  /** Every content file as last loaded, by absolute path. */
  private files = new Map<string, LoadedFile>();
  private state: SiteState | null = null;
  /** Collected during a full build, kept only if it succeeds. */
  private pendingFiles = new Map<string, LoadedFile>();
  private pendingRender: RenderedSite | null = null;
  /** Files loaded again since `state.read` was assembled (null: deleted). Kept until an update succeeds. */
  private edited = new Map<string, LoadedFile | null>();
  /** What the site derived after a full build (warmUp) changed in the paths pages read. */
  private carried: boolean[] = [];
  private warming: Promise<void> = Promise.resolve();
  /** The full build's manifest, read once: an update changes its id, time and routes only. */
  private manifestBase: BuildManifest | null = null;

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
    this.state = { site, assets, pages, files: outputPathsOf(site), table, others: othersOf(site, table), buildId: result.buildId, read: null, derived: null };
    this.pendingFiles = new Map();
    this.manifestBase = null;
    this.pendingRender = null;
    this.edited = new Map();
    this.carried = [];
    this.warming = this.warmUp().catch(() => {});
  }

  /**
   * After a full build, in the background: the content assembled and the site derived once more
   * from the files in memory, so that the first edit is already derived incrementally. The new
   * model becomes the current one (the same data, new objects).
   */
  private async warmUp(): Promise<void> {
    const state = this.state;
    if (!state) return;
    const read = await readContent({ contentDir: this.options.contentDir, displayRoot: this.options.projectRoot, cacheDir: this.options.cacheDir, loadEntry: this.loadEntry });
    if (!read.content || read.problems.length > 0 || this.state !== state) return;
    const derived = deriveAll(read.content, { siteUrl: this.options.siteUrl, builtAt: state.site.builtAt }, read);
    const assets: Assets = { ...state.assets, images: read.images };
    // Not expected to differ from the build's; if anything does, the next update renders what read it.
    this.carried = state.table.update({ site: derived.site, assets });
    const files = outputPathsOf(derived.site);
    derived.site.pages.forEach((sitePage, job) => {
      const kept = state.pages.get(files[job]!);
      if (kept && sameData(kept.sitePage, sitePage)) kept.sitePage = sitePage;
    });
    Object.assign(state, { site: derived.site, assets, files, read, derived });
    this.rehearse(state);
  }

  /**
   * Runs the edit path a few times on pages as they are, keeping nothing: the full build loaded
   * and rendered on worker threads, so on this thread the Markdown, derivation and React code
   * would otherwise run cold, and slowly, for the first edits.
   */
  private rehearse(state: SiteState): void {
    const { derived, read } = state;
    const areas = derived?.content.areas ?? [];
    for (let i = 0; i < Math.min(REHEARSALS, areas.length); i++) {
      const absolute = path.resolve(this.options.projectRoot, areas[Math.floor((i * areas.length) / REHEARSALS)]!.file);
      const loaded = loadNow(absolute, 'areas', this.options.projectRoot);
      const content = reassemble(read, new Map([[absolute, loaded]]))?.content;
      try {
        const site = content && derived ? deriveEdit(derived, content, { siteUrl: this.options.siteUrl, builtAt: state.site.builtAt })?.site : undefined;
        const job = site?.pages.findIndex((page) => page.file === loaded.outcome.entry?.file) ?? -1;
        if (site && job >= 0) new JobRenderer(site, state.assets).render(job);
      } catch {
        // The file changed on disk since the build (its edit is on its way): nothing to rehearse.
        return;
      }
    }
  }

  /** readContent's loader: the files in memory (a file it finds that no event announced is loaded now). */
  private readonly loadEntry: EntryLoader = async (absolute, _schema, context) => {
    let file = this.files.get(absolute);
    if (!file) {
      file = loadNow(absolute, schemaOfPath(this.options.contentDir, absolute)!, this.options.projectRoot);
      this.files.set(absolute, file);
    }
    reportOutcome(file.outcome, context);
    return file.parsed as never;
  };

  get ready(): boolean {
    return this.state !== null;
  }

  /** Rebuilds after changes to Markdown content files, writing only what changed into the output folder. */
  async update(changes: readonly FileChange[]): Promise<UpdateResult> {
    await this.warming;
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
      this.edited.set(file, loaded);
    }
    timer.lap('load');

    // The content as readContent assembles it, from the files in memory.
    const read = reassemble(state.read, this.edited) ?? (await readContent({ contentDir, displayRoot: projectRoot, cacheDir: this.options.cacheDir, loadEntry: this.loadEntry }));
    timer.lap('assemble');
    if (!read.content) return { kind: 'content-error', problems: read.problems };
    let derived: DerivedSite;
    let derivation: 'edit' | 'full' = 'edit';
    try {
      const options = { siteUrl: this.options.siteUrl, builtAt: new Date() };
      const clean = read.problems.length === 0 && read.invalid.names.size === 0;
      const edit = clean && state.derived ? deriveEdit(state.derived, read.content, options) : null;
      if (!edit) derivation = 'full';
      derived = edit ?? deriveAll(read.content, options, read);
    } catch (error) {
      if (error instanceof ContentError) return { kind: 'content-error', problems: error.problems };
      throw error;
    }
    const { site } = derived;
    const assets: Assets = { ...state.assets, images: read.images };

    const { table } = state;
    timer.lap('derive');
    const changed = table.update({ site, assets }, { site: state.site, assets: state.assets });
    this.carried.forEach((flag, id) => (changed[id] ||= flag));
    const files = outputPathsOf(site, state);
    const selection = selectRebuildSet(state.pages, changed, site, files);
    const renderer = new JobRenderer(site, assets);
    timer.lap('select');
    const rendered = selection.render.map((job) => renderer.render(job));
    timer.lap('render');
    const localIds = table.adopt(renderer.takeNewPaths());

    const pages = new Map(state.pages);
    for (const file of selection.removed) pages.delete(file);
    // Unchanged pages take the new model's page objects: equal, and the same object next time.
    site.pages.forEach((sitePage, job) => {
      if (state.site.pages[job] === sitePage) return;
      const kept = pages.get(files[job]!);
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
    this.state = { site, assets, pages, files, table, others, buildId, read, derived };
    this.edited = new Map();
    this.carried = [];
    return {
      kind: 'updated',
      pages: pages.size,
      rendered: rendered.map((result) => result.page.path),
      written: [...toWrite.keys()],
      removed,
      buildId,
      derivation,
      milliseconds: timer.laps,
    };
  }

  /** The manifest as the full build wrote it, with this build's id, time and routes. */
  private async manifest(site: SiteModel, buildId: string): Promise<BuildManifest> {
    const previous = (this.manifestBase ??= JSON.parse(await readFile(path.join(this.options.outDir, MANIFEST_PATH), 'utf8')) as BuildManifest);
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
