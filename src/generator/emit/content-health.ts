// content-health.json: what the admin screen's "Content health" shows (src/apps/admin/ContentHealth.tsx),
// written by every build: the content check's counts (a build only succeeds when it found no
// problem), the content lint's table and its warnings, which pages use each library photo
// (also what the media library's delete confirmation lists), the services' names, and every page (the
// Pages section, each with a link to edit it). Public like every file of the site,
// and holding nothing private: page addresses and content file names.
import type { ContentReadResult } from '../content/load-content.ts';
import type { ContentHealth, PhotoUse } from '../../kernel/wire/build-files.ts';
import { libraryPathOf } from '../../kernel/wire/library-reference.ts';
import type { SiteModel } from '../../kernel/site/site-model.ts';
import { healthLint, type HealthLintInput } from './health-lint.ts';

/** What the lint needs (src/generator/emit/health-lint.ts); the limit of pages is the lint's own. */
export type HealthInput = Omit<HealthLintInput, 'maxPages'>;

/** Which pages use each library photo: the content files that reference it, and the routes they make. */
export function photoUsage(site: SiteModel, read: ContentReadResult): Record<string, PhotoUse[]> {
  const routesOf = new Map<string, string[]>();
  for (const page of site.pages)
    routesOf.set(page.file, [...(routesOf.get(page.file) ?? []), page.route]);
  const usage: Record<string, PhotoUse[]> = {};
  for (const loaded of read.files.values()) {
    for (const reference of loaded.images) {
      const fullPath = libraryPathOf(reference.src);
      if (!fullPath) continue;
      const uses = (usage[fullPath] ??= []);
      for (const route of routesOf.get(reference.file) ?? [])
        if (!uses.some((use) => use.route === route)) uses.push({ route, file: reference.file });
    }
  }
  for (const uses of Object.values(usage)) uses.sort((a, b) => a.route.localeCompare(b.route));
  return Object.fromEntries(Object.entries(usage).sort(([a], [b]) => a.localeCompare(b)));
}

/** The content-health.json of a build that passed the content check. */
export async function contentHealthJson(input: HealthInput): Promise<string> {
  const { site, read } = input;
  const lint = await healthLint(input);
  const images = [...read.images.keys()];
  const health: ContentHealth = {
    check: {
      files: read.files.size,
      routes: site.pages.length,
      images: images.filter((src) => !libraryPathOf(src)).length,
      libraryPhotos: images.filter((src) => libraryPathOf(src)).length,
      problems: 0,
    },
    lint,
    photos: photoUsage(site, read),
    services: Object.fromEntries(site.services.map(({ data }) => [data.slug, data.name])),
    pages: site.pages
      .map((page) => ({ route: page.route, name: page.breadcrumb }))
      .sort((a, b) => a.route.localeCompare(b.route)),
  };
  return `${JSON.stringify(health, null, 2)}\n`;
}
