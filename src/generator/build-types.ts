// What a build session is given, and what each build reports (src/generator/build.ts).
import type { FirebaseWebConfig } from '../kernel/wire/firebase-config.ts';
import type { CodeKeys } from './cache/code-key.mjs';
import type { PageScriptWeight } from './emit/script-weights.ts';
import type { LibrarySource } from '../kernel/images/library-metadata.ts';
import type { RenderJob } from '../kernel/render/render-page.tsx';
import type { SiteModel } from '../kernel/site/site-model.ts';

export interface SiteOptions {
  projectRoot: string;
  /** Defaults to <projectRoot>/content. */
  contentDir?: string;
  /** Where the site is written; not needed to check it. */
  outDir?: string;
  /** Kept between builds: loaded files, the output folder's record, the bundle, encoded images. Defaults to <projectRoot>/.cache; false keeps nothing on disk. */
  cacheDir?: string | false;
  /** Netlify's URL build variable; the profile's url when absent. */
  siteUrl?: string;
  /** Where the media library's photos (`storage:media/…` in content) are fetched from (src/generator/images/library-photos.ts). */
  library?: LibrarySource;
  /** The sign-in service's web config (src/kernel/wire/firebase-config.ts); the account pages say sign-in is not set up without it. */
  firebase?: FirebaseWebConfig;
  /** Netlify's CONTEXT build variable: a deploy preview or branch deploy is kept out of search engines (src/generator/emit/deploy-context.ts). */
  deployContext?: string;
  /** The git commit the site is built from, named in the build manifest and latest-build.json (build-commit.ts). */
  commit?: string;
  /** The build time, shown in the footer year and the manifest. */
  clock?: () => Date;
  /**
   * The page pool's worker code, the generator bundle's page-worker.mjs (src/generator/threads/):
   * given, a build with enough files to load shares them, and their pages, with worker threads.
   */
  pageWorker?: URL;
  /** Worker threads beside the main thread for such a build (0: the main thread alone); one per core but one by default. */
  threads?: number;
  /** The least number of files to load worth them (WORKERS_FROM by default); tests set 0 to use them on a small site. */
  threadsFrom?: number;
  /** Tests only: stand-ins for the generator's code keys. */
  codeKeys?: CodeKeys;
}

export interface BuildReport {
  pages: number;
  files: number;
  bytes: number;
  /** Files written, the rest being already up to date. */
  written: number;
  /**
   * The pages whose HTML this build wrote (their render jobs: the output file, and the page or error
   * page): new, or different from what the output folder held; every page, into a fresh folder.
   * What `npm run check:change` puts through the page gates.
   */
  changedPages: RenderJob[];
  milliseconds: number;
  buildId: string;
  images: { encoded: number; cached: number };
  /** Photos from the media library the content uses: a build with any cannot be skipped as "nothing changed" (the library may have). */
  libraryPhotos: number;
  scripts: PageScriptWeight[];
  /** Files loaded (the rest known), pages rendered (the rest unchanged), and the worker threads that shared the work with the main thread. */
  work: { loaded: number; files: number; rendered: number; renders: number; threads: number };
  site: SiteModel;
}
