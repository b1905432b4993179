// The page pool of one build (build.ts), with the loader's settings: images are planned once per
// build, on the main thread, with the session's caches; the threads load files and render pages.
import path from 'node:path';
import type { ImageReference } from '../../kernel/images/reference-checks.ts';
import type { SiteOptions } from '../build-types.ts';
import type { DiskCache } from '../images/disk-cache.ts';
import { imagePlanner, planImages } from '../images/responsive-images.ts';
import { PagePool } from './page-pool.ts';

export function buildPool(
  options: SiteOptions,
  {
    imagesDir,
    loadKey,
    disk,
  }: { imagesDir: string; loadKey: string; disk: (name: string) => DiskCache },
): PagePool {
  const { projectRoot } = options;
  const library = options.library && {
    ...options.library,
    cacheDir: disk('library').dir,
  };
  const images = imagePlanner({
    imagesDir,
    imagesDirDisplay: path.relative(projectRoot, imagesDir).split(path.sep).join('/'),
    cache: disk('images'),
    library,
  });
  const settings = {
    displayRoot: projectRoot,
    loadKey,
    imagesDir: images.imagesDirDisplay,
    planImages: (raster: readonly ImageReference[]) => planImages(raster, images),
  };
  return new PagePool(settings, {
    worker: options.pageWorker,
    threads: options.threads,
    threshold: options.threadsFrom,
  });
}
