import path from 'node:path';
import type { FirebaseWebConfig } from './account/config.ts';
import { bundleAssets } from './bundle/bundle-assets.ts';
import { readContent, readProfile, type LoadedContent } from './content/load-content.ts';
import { ContentError, throwIfProblems } from './content/problems.ts';
import { checkScriptBudget, scriptWeights, type PageScriptWeight } from './emit/script-weights.ts';
import { buildId, buildManifest, contactFiles, LATEST_BUILD_PATH, latestBuild, MANIFEST_PATH } from './emit/build-files.ts';
import { readPublicFiles } from './emit/public-files.ts';
import { robotsTxt, sitemapXml } from './emit/sitemap.tsx';
import type { OutputWriter } from './emit/writer.ts';
import { cachedBundle } from './cache/bundle-cache.ts';
import { DiskCache } from './images/disk-cache.ts';
import { startOgImages } from './images/og-images.tsx';
import { encodeImages, type ImageMap } from './images/responsive-images.ts';
import { BuildSession, type SpeedOptions, type WorkStats } from './parallel/build-session.ts';
import { deriveSite, type SiteModel } from './site/site-model.ts';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface BuildOptions {
  projectRoot: string;
  /** Defaults to <projectRoot>/content. */
  contentDir?: string;
  writer: OutputWriter;
  logger: Logger;
  /** Netlify's URL build variable; the profile's url when absent. */
  siteUrl?: string;
  /** The sign-in service's web config (src/account/config.ts); the account pages say sign-in is not set up without it. */
  firebase?: FirebaseWebConfig;
  /** The build time, shown in the footer year and the manifest. */
  now?: Date;
  /** Encoded images and the content cache kept between builds; defaults to <projectRoot>/.cache. */
  cacheDir?: string;
  /** The content cache and worker threads (src/parallel/build-session.ts); on by default. */
  speed?: SpeedOptions;
}

export interface BuildReport {
  pages: number;
  files: number;
  bytes: number;
  milliseconds: number;
  buildId: string;
  /** Image files (responsive variants and Open Graph images) encoded by this build, and read from .cache/. */
  images: { encoded: number; cached: number };
  /** The JavaScript each page downloads, raw and gzipped. */
  scripts: PageScriptWeight[];
  /** Files loaded and pages rendered, against those reused from the content cache; worker threads used. */
  work?: WorkStats;
}

type CheckOptions = Pick<BuildOptions, 'projectRoot' | 'contentDir' | 'siteUrl' | 'firebase' | 'now' | 'cacheDir' | 'speed'>;

const contentDirOf = (options: Pick<BuildOptions, 'projectRoot' | 'contentDir'>) => options.contentDir ?? path.join(options.projectRoot, 'content');
const cacheDirOf = (options: Pick<BuildOptions, 'projectRoot' | 'cacheDir'>) => options.cacheDir ?? path.join(options.projectRoot, '.cache');

/**
 * Stages 1–2: load and validate the content, check and plan the images it references (sizes and
 * output names; nothing is encoded), derive routes and navigation, cross-check.
 */
export async function checkSite(options: CheckOptions, session = openSession(options)): Promise<{ content: LoadedContent; site: SiteModel; images: ImageMap }> {
  const read = await readContent({ contentDir: contentDirOf(options), displayRoot: options.projectRoot, cacheDir: cacheDirOf(options), loadEntry: session.loadEntry });
  if (!read.content) throw new ContentError(read.problems);
  // Cross-checks run on what did load even when some files failed: the editor sees every problem in one run.
  const site = deriveSite(read.content, { siteUrl: options.siteUrl, builtAt: options.now ?? new Date(), firebase: options.firebase }, read);
  return { content: read.content, site, images: read.images };
}

/** Loading and rendering with the content cache and, for large sites, worker threads. */
const openSession = (options: CheckOptions) =>
  new BuildSession({ ...options.speed, contentDir: contentDirOf(options), displayRoot: options.projectRoot, cacheDir: cacheDirOf(options) });

/**
 * The whole build: check, bundle, render, emit. Each stage is a plain function; this only runs
 * them in order. Images are encoded by sharp off the main thread, alongside the other stages:
 * the Open Graph images from the start, the raster images while the pages render.
 */
export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  const started = performance.now();
  const publicDir = path.join(options.projectRoot, 'public');
  const cacheDir = cacheDirOf(options);
  const session = openSession({ ...options, cacheDir });
  // The Open Graph images need only the business profile: sharp draws them on its own threads
  // while the rest of the content loads.
  const og = readProfile({ contentDir: contentDirOf(options), displayRoot: options.projectRoot }).then((profile) =>
    startOgImages(profile, { publicDir, cache: new DiskCache(path.join(cacheDir, 'og')) }),
  );
  const [{ site, images }, { images: ogImages, files: ogFiles }, bundle, publicFiles] = await allStages([
    checkSite({ ...options, cacheDir }, session),
    og.then((cards) => {
      throwIfProblems(cards.problems);
      return cards;
    }),
    options.speed?.cache === false ? bundleAssets(options.projectRoot) : cachedBundle(cacheDir, options.projectRoot, session.renderKey, () => bundleAssets(options.projectRoot)),
    readPublicFiles(publicDir),
  ]);
  // The raster images are encoded (or read from .cache/) on sharp's threads while React renders on this one.
  const encoding = encodeImages(images, new DiskCache(path.join(cacheDir, 'images')));
  encoding.catch(() => {}); // awaited below; not left unhandled if rendering throws first
  const pages = await session.renderSite(site, { ...bundle.assets, images, og: ogImages });
  // Over the JavaScript budget, the build fails before anything is written.
  const scripts = scriptWeights(pages, bundle.files);
  checkScriptBudget(scripts);
  const data = contactFiles(site);
  const id = buildId([...pages.map((page) => page.html), ...bundle.files.map((file) => file.contents), ...data.map((file) => file.json)]);
  const manifest = buildManifest(site, id, { stylesheet: bundle.assets.stylesheet, ...bundle.assets.scripts });
  const [raster, cards] = await Promise.all([encoding, ogFiles]);

  const { writer } = options;
  await Promise.all([
    ...publicFiles.map((file) => writer.write(file.path, file.contents)),
    ...bundle.files.map((file) => writer.write(file.path, file.contents)),
    ...[...raster.files, ...cards.files].map((file) => writer.write(file.path, file.contents)),
    ...pages.map((page) => writer.write(page.path, page.html)),
    ...data.map((file) => writer.write(file.path, file.json)),
    writer.write('sitemap.xml', sitemapXml(site)),
    writer.write('robots.txt', robotsTxt(site)),
    writer.write(MANIFEST_PATH, `${JSON.stringify(manifest, null, 2)}\n`),
    writer.write(LATEST_BUILD_PATH, `${JSON.stringify(latestBuild(manifest))}\n`),
    session.save(),
  ]);
  return {
    pages: site.pages.length,
    files: writer.stats.files,
    bytes: writer.stats.bytes,
    milliseconds: performance.now() - started,
    buildId: id,
    images: { encoded: raster.encoded + cards.encoded, cached: raster.cached + cards.cached },
    scripts,
    work: session.stats,
  };
}

/**
 * Promise.all for stages that run side by side, except that the content problems all of them
 * found are thrown together, as one ContentError. A fault in the generator wins over them.
 */
async function allStages<T extends readonly unknown[]>(stages: readonly [...{ [K in keyof T]: Promise<T[K]> }]): Promise<T> {
  const settled = await Promise.allSettled(stages);
  const failures = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  const fault = failures.find((reason) => !(reason instanceof ContentError));
  if (fault !== undefined) throw fault;
  if (failures.length > 0) throw new ContentError(failures.flatMap((reason) => (reason as ContentError).problems));
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
