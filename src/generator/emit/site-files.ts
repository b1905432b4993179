// Stage 4 for everything but the pages: public files, the bundle, images, the contact data, the
// sitemap and robots rules, then the two build files that name the build. Each goes through the
// output folder, which writes only what changed; files named by a hash of their contents are
// kept without even being read when the folder already holds them.
import path from 'node:path';
import type { BundleResult } from '../bundle/bundle-assets.ts';
import type { Assets } from '../../kernel/render/page-parts.ts';
import type { ContentReadResult } from '../content/load-content.ts';
import type { DiskCache } from '../images/disk-cache.ts';
import type { StartedOgImages } from '../images/og-images.tsx';
import { encodeImages } from '../images/responsive-images.ts';
import type { SiteModel } from '../../kernel/site/site-model.ts';
import { writeBuilderFiles } from './builder-files.ts';
import { buildManifest, contactFiles, latestBuild } from './build-files.ts';
import { BuildFile } from '../../kernel/wire/build-files.ts';
import { HEADERS_FILE, headersFile } from './headers-file.ts';
import type { OutputFolder } from './output-folder.ts';
import { readPublicFiles } from './public-files.ts';
import { robotsTxt, sitemapXml } from './sitemap.tsx';

export interface SiteFilesInput {
  site: SiteModel;
  read: ContentReadResult;
  bundle: BundleResult;
  og: StartedOgImages;
  folder: OutputFolder;
  projectRoot: string;
  imagesCache: DiskCache;
  /** Netlify's CONTEXT: a deploy preview or branch deploy is noindex too in the `_headers` file (deploy-context.ts). */
  deployContext?: string | undefined;
  /** What the builder's site data is made from (the code, the parts' digests, every page's key): unchanged, it is not made again. */
  builderKey: string;
  /** The services' icon drawings, which the builder's previews draw as the pages do. */
  icons: Assets['icons'];
}

/** Writes every file but the pages and the build files; returns how many image files were encoded, and read from the cache. */
export async function writeSiteFiles({
  site,
  read,
  bundle,
  og,
  folder,
  projectRoot,
  imagesCache,
  deployContext,
  builderKey,
  icons,
}: SiteFilesInput): Promise<{ encoded: number; cached: number }> {
  const keptIfThere = (file: string) => {
    if (!folder.known(file)) return true;
    folder.keep(file);
    return false;
  };
  const variants = [...read.images.values()].flatMap((image) => [
    ...image.avif,
    ...image.webp,
    image.fallback,
  ]);
  const wantedImages = new Set(variants.map((variant) => variant.path).filter(keptIfThere));
  const ogPaths = Object.values(og.images).map((image) => image.path);
  for (const file of ogPaths) keptIfThere(file);
  const [raster, cards, publicFiles] = await Promise.all([
    encodeImages(read.images, imagesCache, (file) => wantedImages.has(file)),
    og.files,
    readPublicFiles(path.join(projectRoot, 'public')),
  ]);
  await Promise.all([
    ...publicFiles.map((file) => folder.write(file.path, file.contents)),
    ...bundle.files
      .filter((file) => keptIfThere(file.path))
      .map((file) => folder.write(file.path, file.contents)),
    ...[...raster.files, ...cards.files].map((file) => folder.write(file.path, file.contents)),
    ...contactFiles(site).map((file) => folder.write(file.path, file.json)),
    folder.write('sitemap.xml', sitemapXml(site)),
    folder.write('robots.txt', robotsTxt(site)),
    writeBuilderFiles({
      site,
      images: read.images,
      assets: { ...bundle.assets, icons },
      folder,
      projectRoot,
      key: builderKey,
    }),
  ]);
  // Once every asset is there: the rule of each (headers-file.ts).
  await folder.write(HEADERS_FILE, headersFile(folder.madeUnder('assets/'), deployContext));
  return { encoded: raster.encoded + cards.encoded, cached: raster.cached + cards.cached };
}

/** The build manifest and latest-build.json: written last, naming the build by the files above. */
export async function writeBuildFiles(
  site: SiteModel,
  buildId: string,
  bundle: BundleResult,
  folder: OutputFolder,
  commit?: string,
): Promise<void> {
  const manifest = buildManifest(
    site,
    buildId,
    { stylesheet: bundle.assets.stylesheet, ...bundle.assets.scripts },
    commit,
  );
  await folder.write(BuildFile.Manifest, `${JSON.stringify(manifest, null, 2)}\n`);
  await folder.write(BuildFile.LatestBuild, `${JSON.stringify(latestBuild(manifest))}\n`);
}
