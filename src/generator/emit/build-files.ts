import type { SiteModel } from '../../kernel/site/site-model.ts';

/** Fixed paths the browser polls; only these two files say which build is live. */
export const MANIFEST_PATH = 'build-manifest.json';
export const LATEST_BUILD_PATH = 'latest-build.json';

export interface BuildManifest {
  buildId: string;
  time: string;
  routes: string[];
  /** Hashed asset URL by entry name. */
  assets: Record<string, string>;
}

export function buildManifest(site: SiteModel, id: string, assets: Record<string, string>): BuildManifest {
  return { buildId: id, time: site.builtAt.toISOString(), routes: site.pages.map((page) => page.route), assets };
}

export function latestBuild(manifest: BuildManifest): { buildId: string; time: string } {
  return { buildId: manifest.buildId, time: manifest.time };
}

/** dist/content/{file}.json: what the smart contact section fetches. */
export function contactFiles(site: SiteModel): { path: string; json: string }[] {
  return [...site.contacts].map(([name, details]) => ({ path: `content/${name}.json`, json: `${JSON.stringify(details, null, 2)}\n` }));
}
