// The build session: one path from content/ to dist/. `build()` and `update(changed)` run the same
// stages, the update with a filter, as Lume's core/site.ts does: 1. load (content/, each file by
// src/kernel/check/), 2. derive and cross-check (src/kernel/site/), 3. render (src/kernel/render/),
// 4. write (emit/), with the bundle (bundle/) and images (images/) alongside. The pages' files are
// loaded and their pages rendered by the page pool (threads/): the main thread, with worker threads
// beside it when there are enough. A session keeps what it loaded and what the output folder holds,
// so the next build or update does only what changed.
import path from 'node:path';
import type { BuildReport, SiteOptions } from './build-types.ts';
import type { BundleResult } from './bundle/bundle-assets.ts';
import { keptBundle } from './bundle/kept-bundle.ts';
import { codeKeys, type CodeKeys } from './cache/code-key.mjs';
import { readKeyed, writeKeyed } from './cache/keyed-file.ts';
import { digest, type LoadedFile } from './content/load-entry.ts';
import { loadContent, type ContentReadResult } from './content/load-content.ts';
import { withFilesShowing } from './content/changed-images.ts';
import { compareProblems, ContentError, type ContentProblem } from '../kernel/errors/problems.ts';
import { OutputFolder } from './emit/output-folder.ts';
import { checkScriptBudget, scriptWeights } from './emit/script-weights.ts';
import { contentHealthJson } from './emit/content-health.ts';
import { BuildFile } from '../kernel/wire/build-files.ts';
import { writeBuildFiles, writeSiteFiles } from './emit/site-files.ts';
import { DiskCache } from './images/disk-cache.ts';
import { readIconDrawings, type IconDrawings } from './images/icon-drawings.ts';
import { startOgImages, type StartedOgImages } from './images/og-images.tsx';
import { libraryPathOf } from '../kernel/wire/library-reference.ts';
import type { PagePool } from './threads/page-pool.ts';
import { buildPool } from './threads/build-pool.ts';
import { PageKeys, partDigests } from './render/page-keys.ts';
import { renderChanged } from './render/render-changed.ts';
import { sitePartsOf } from '../kernel/render/page-parts.ts';
import type { RenderInput } from '../kernel/render/page-context.tsx';
import { renderJobs, scriptsOfJob, type RenderJob } from '../kernel/render/render-page.tsx';
import { CheckedPages } from '../kernel/site/checked-pages.ts';
import { deriveSite, type SiteModel } from '../kernel/site/site-model.ts';

export class Site {
  #files = new Map<string, LoadedFile>();
  #bundle: Promise<BundleResult> | undefined;
  #folder: OutputFolder | undefined;
  /** Changed files no successful build has taken in yet (an update that failed is taken in again). */
  #pending = new Set<string>();
  /** Each page's cross-check, kept while its targets stay the same. */
  #checked = new CheckedPages();
  #pageKeys: PageKeys;
  #built = false;
  /** Each page's lint result by key, for content-health.json (src/generator/emit/health-lint.ts). */
  #lintMemory = new Map<string, Record<string, { checked: number; problems: ContentProblem[] }>>();
  readonly contentDir: string;
  readonly cacheDir: string | null;
  readonly keys: CodeKeys;

  private constructor(readonly options: SiteOptions) {
    this.contentDir = options.contentDir ?? path.join(options.projectRoot, 'content');
    this.cacheDir =
      options.cacheDir === false
        ? null
        : (options.cacheDir ?? path.join(options.projectRoot, '.cache'));
    this.keys = options.codeKeys ?? codeKeys();
    this.#pageKeys = new PageKeys(this.keys.render);
  }

  /** A session on an output folder, knowing what the cache knows of the content and the folder. */
  static async open(options: SiteOptions): Promise<Site> {
    const site = new Site(options);
    const known = site.#entriesFile
      ? await readKeyed<Map<string, LoadedFile>>(site.#entriesFile, site.keys.load)
      : undefined;
    if (known) site.#files = known;
    return site;
  }

  get #entriesFile(): string | null {
    return (
      this.cacheDir &&
      path.join(
        this.cacheDir,
        'entries',
        `${digest(path.resolve(this.contentDir)).slice(0, 12)}.bin`,
      )
    );
  }

  /** Checks every file, then builds what changed. */
  build(): Promise<BuildReport> {
    return this.#run();
  }

  /**
   * Builds after these files were added, changed or deleted (content, images, public files),
   * checking only them and those of earlier updates that failed; everything, before a first
   * successful build.
   */
  update(changed: readonly string[]): Promise<BuildReport> {
    for (const file of changed) this.#pending.add(path.resolve(file));
    return this.#run(this.#built ? new Set(this.#pending) : undefined);
  }

  /** Stages 1 and 2 only: the content loaded, derived and cross-checked, every problem thrown at once. */
  async check(): Promise<{ read: ContentReadResult; site: SiteModel }> {
    const pool = this.#pool();
    try {
      const read = await this.#load(pool);
      return { read, site: this.#derive(read, []) };
    } finally {
      await pool.close();
    }
  }

  /** The output folder, and what the cache knows of it, opened with the first build. */
  get folder(): OutputFolder {
    if (!this.#folder) throw new Error('The output folder is opened by the first build.');
    return this.#folder;
  }

  async #run(changed?: ReadonlySet<string>): Promise<BuildReport> {
    const started = performance.now();
    const { projectRoot, outDir } = this.options;
    if (!outDir) throw new Error('Site.build() needs an output folder (SiteOptions.outDir).');
    this.#folder ??= await OutputFolder.open(outDir, this.cacheDir ?? undefined);
    const bundling = (this.#bundle ??= keptBundle(this.options.projectRoot));
    const pool = this.#pool();
    try {
      const read = await this.#load(pool, changed);
      const publicDir = path.join(projectRoot, 'public');
      const og = await startOgImages(read.content?.profile, {
        publicDir,
        cache: this.#disk('og'),
        wanted: (file) => !this.folder.known(file),
      });
      const icons = await readIconDrawings(read.content?.services ?? [], publicDir);
      try {
        return await this.#renderAndWrite(read, og, icons, bundling, pool, changed, started);
      } catch (error) {
        // A failed build leaves nothing running behind it: the share images write into .cache/og/.
        await og.files.catch(() => undefined);
        throw error;
      }
    } finally {
      await pool.close();
    }
  }

  /** Stages 2 to 6 on what stage 1 read. */
  async #renderAndWrite(
    read: ContentReadResult,
    og: StartedOgImages,
    icons: IconDrawings,
    bundling: Promise<BundleResult>,
    pool: PagePool,
    changed: ReadonlySet<string> | undefined,
    started: number,
  ): Promise<BuildReport> {
    const { projectRoot } = this.options;
    const site = this.#derive(read, [...og.problems, ...icons.problems]);
    const bundle = await bundling;
    const input: RenderInput = {
      parts: sitePartsOf(site, { ...bundle.assets, og: og.images, icons: icons.drawings }),
      images: read.images,
    };
    // Every check before the first write: over its JavaScript budget, a page stops the build.
    const jobs = renderJobs(site);
    const scripts = scriptWeights(
      jobs.map((job) => ({
        path: job.path,
        file: 'page' in job ? job.page.file : job.error.file,
        scripts: scriptsOfJob(input, job),
      })),
      bundle.weights,
    );
    checkScriptBudget(scripts);

    this.folder.begin();
    try {
      // The entry cache is for the next process (the dev server's updates keep theirs in memory).
      const saving =
        changed === undefined
          ? new Promise((resolve) => setImmediate(resolve)).then(() => this.#saveEntries(read))
          : undefined;
      const digests = partDigests(input.parts);
      const { rendered, keys, html } = await renderChanged(
        { folder: this.folder, pageKeys: this.#pageKeys, renderKey: this.keys.render },
        { input, jobs, digests, pool },
      );
      const keyByPath = new Map(jobs.map((job, i) => [job.path, keys[i]!]));
      const builderKey = digest(this.keys.all, ...Object.values(digests));
      const images = await writeSiteFiles({
        site,
        read,
        bundle,
        og,
        folder: this.folder,
        projectRoot,
        imagesCache: this.#disk('images'),
        deployContext: this.options.deployContext,
        builderKey,
        icons: icons.drawings,
      });
      // For the admin screen: the check's counts, the lint (of the pages whose key changed) and which pages use which library photo.
      // The lint's jobs are these jobs (renderJobs of the same site): each has its render key.
      const keyOf = (job: RenderJob) => digest(this.keys.all, keyByPath.get(job.path)!);
      await this.folder.write(
        BuildFile.ContentHealth,
        await contentHealthJson({
          site,
          read,
          root: projectRoot,
          keyOf,
          cache: this.#disk('health'),
          memory: this.#lintMemory,
          htmlOf: (job) => html.get(job.path),
        }),
      );
      const buildId = this.folder.buildId();
      await writeBuildFiles(site, buildId, bundle, this.folder, this.options.commit);
      await Promise.all([this.folder.commit(buildId), saving]);
      this.#files = read.files;
      this.#pending.clear();
      this.#built = true;
      return {
        pages: site.pages.length,
        ...this.folder.stats,
        written: this.folder.written,
        changedPages: jobs.filter((job) => this.folder.wrote(job.path)),
        milliseconds: performance.now() - started,
        buildId,
        images,
        libraryPhotos: [...read.images.keys()].filter((src) => libraryPathOf(src) !== null).length,
        scripts,
        work: {
          loaded: read.loaded,
          files: read.files.size,
          rendered,
          renders: jobs.length,
          threads: pool.threads,
        },
        site,
      };
    } catch (error) {
      await this.folder.discard();
      throw error;
    }
  }

  /** The threads of one build, with the loader's settings (threads/build-pool.ts). */
  #pool(): PagePool {
    return buildPool(this.options, {
      imagesDir: this.#imagesDir,
      loadKey: this.keys.load,
      disk: (name) => this.#disk(name),
    });
  }

  get #imagesDir(): string {
    return path.join(this.contentDir, 'images');
  }

  /** Stage 1. */
  async #load(pool: PagePool, changed?: ReadonlySet<string>): Promise<ContentReadResult> {
    const only = changed && withFilesShowing(changed, this.#files.values(), this.#imagesDir);
    return loadContent({ contentDir: this.contentDir, pool, known: this.#files, only });
  }

  #derive(read: ContentReadResult, moreProblems: ContentReadResult['problems']): SiteModel {
    const problems = [...read.problems, ...moreProblems];
    if (!read.content) throw new ContentError(problems.sort(compareProblems));
    return deriveSite(
      read.content,
      {
        siteUrl: this.options.siteUrl,
        builtAt: this.options.clock?.() ?? new Date(),
        firebase: this.options.firebase,
        checked: this.#checked,
      },
      { problems, invalid: read.invalid },
    );
  }

  #disk(name: string): DiskCache {
    return new DiskCache(
      path.join(this.cacheDir ?? path.join(this.options.projectRoot, '.cache'), name),
    );
  }

  async #saveEntries(read: ContentReadResult): Promise<void> {
    const file = this.#entriesFile;
    if (file) await writeKeyed(file, this.keys.load, read.files, { keep: 6 });
  }
}

/** Stages 1 and 2 alone (`npm run check`, the tests): the content, its site model and planned images, or every problem at once. */
export async function checkSite(options: Omit<SiteOptions, 'outDir'>): Promise<{
  content: NonNullable<ContentReadResult['content']>;
  site: SiteModel;
  images: ContentReadResult['images'];
}> {
  const { read, site } = await (await Site.open(options)).check();
  return { content: read.content!, site, images: read.images };
}
