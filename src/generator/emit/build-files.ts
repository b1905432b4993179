import { type BuildManifest, type LatestBuild } from '../../kernel/wire/build-files.ts';
import { contactDataPath } from '../../kernel/wire/contact-files.ts';
import type { SiteModel } from '../../kernel/site/site-model.ts';

/** `commit`: what the site was built from (build-commit.ts), when known. */
export function buildManifest(
  site: SiteModel,
  id: string,
  assets: Record<string, string>,
  commit?: string,
): BuildManifest {
  return {
    buildId: id,
    time: site.builtAt.toISOString(),
    ...(commit ? { commit } : {}),
    routes: site.pages.map((page) => page.route),
    assets,
  };
}

export function latestBuild(manifest: BuildManifest): LatestBuild {
  return {
    buildId: manifest.buildId,
    time: manifest.time,
    ...(manifest.commit ? { commit: manifest.commit } : {}),
  };
}

/** dist/content/{file}.json: what the smart contact section fetches. */
export function contactFiles(site: SiteModel): { path: string; json: string }[] {
  return [...site.contacts].map(([name, details]) => ({
    path: contactDataPath(name),
    json: `${JSON.stringify(details, null, 2)}\n`,
  }));
}
