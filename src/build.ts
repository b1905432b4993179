import path from 'node:path';
import { bundleAssets } from './bundle/bundle-assets.ts';
import { readContent, type LoadedContent } from './content/load-content.ts';
import { ContentError } from './content/problems.ts';
import { buildId, buildManifest, contactFiles, LATEST_BUILD_PATH, latestBuild, MANIFEST_PATH } from './emit/build-files.ts';
import { readPublicFiles } from './emit/public-files.ts';
import { robotsTxt, sitemapXml } from './emit/sitemap.tsx';
import type { OutputWriter } from './emit/writer.ts';
import { renderSite } from './render/render-site.tsx';
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
  /** The build time, shown in the footer year and the manifest. */
  now?: Date;
}

export interface BuildReport {
  pages: number;
  files: number;
  bytes: number;
  milliseconds: number;
  buildId: string;
}

/** Stages 1–2: load and validate the content, derive routes and navigation, cross-check. */
export async function checkSite(options: Pick<BuildOptions, 'projectRoot' | 'contentDir' | 'siteUrl' | 'now'>): Promise<{ content: LoadedContent; site: SiteModel }> {
  const read = await readContent({ contentDir: options.contentDir ?? path.join(options.projectRoot, 'content'), displayRoot: options.projectRoot });
  if (!read.content) throw new ContentError(read.problems);
  // Cross-checks run on what did load even when some files failed: the editor sees every problem in one run.
  const site = deriveSite(read.content, { siteUrl: options.siteUrl, builtAt: options.now ?? new Date() }, read);
  return { content: read.content, site };
}

/** The whole build: check, bundle, render, emit. Each stage is a plain function; this only runs them in order. */
export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  const started = performance.now();
  const [{ site }, bundle, publicFiles] = await Promise.all([
    checkSite(options),
    bundleAssets(options.projectRoot),
    readPublicFiles(path.join(options.projectRoot, 'public')),
  ]);
  const pages = renderSite(site, bundle.assets);
  const data = contactFiles(site);
  const id = buildId([...pages.map((page) => page.html), ...bundle.files.map((file) => file.contents), ...data.map((file) => file.json)]);
  const manifest = buildManifest(site, id, { stylesheet: bundle.assets.stylesheet, ...bundle.assets.scripts });

  const { writer } = options;
  await Promise.all([
    ...publicFiles.map((file) => writer.write(file.path, file.contents)),
    ...bundle.files.map((file) => writer.write(file.path, file.contents)),
    ...pages.map((page) => writer.write(page.path, page.html)),
    ...data.map((file) => writer.write(file.path, file.json)),
    writer.write('sitemap.xml', sitemapXml(site)),
    writer.write('robots.txt', robotsTxt(site)),
    writer.write(MANIFEST_PATH, `${JSON.stringify(manifest, null, 2)}\n`),
    writer.write(LATEST_BUILD_PATH, `${JSON.stringify(latestBuild(manifest))}\n`),
  ]);
  return {
    pages: site.pages.length,
    files: writer.stats.files,
    bytes: writer.stats.bytes,
    milliseconds: performance.now() - started,
    buildId: id,
  };
}
