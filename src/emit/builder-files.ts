// The block builder's files, written through the output folder with the rest of the site: the
// site data its screens read (src/builder/site-data.ts), and each page's payload beside the page
// (src/builder/payload.ts). A payload is keyed by its entry's digest: an unchanged page's payload
// is neither read nor written again.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BUILDER_DATA_PATH, builderSiteData, kindOf, repositoryPathOf } from '../builder/site-data.ts';
import type { PagePayload } from '../builder/payload.ts';
import { digest } from '../content/load-entry.ts';
import { isProblem, readEntry } from '../content/read-entry.ts';
import type { ImageMap } from '../images/responsive-images.ts';
import type { Assets } from '../render/context.ts';
import { sitePartsOf } from '../render/page-parts.ts';
import { payloadPathFor } from '../render/output-paths.ts';
import type { SitePage } from '../site/pages.ts';
import type { SiteModel } from '../site/site-model.ts';
import type { OutputFolder } from './output-folder.ts';

/** Bumped when what a payload holds changes. */
const PAYLOAD_VERSION = '1';

export async function writeBuilderFiles({ site, images, assets, folder, projectRoot }: { site: SiteModel; images: ImageMap; assets: Assets; folder: OutputFolder; projectRoot: string }): Promise<void> {
  const data = builderSiteData(site, sitePartsOf(site, assets), images);
  await Promise.all([
    folder.write(BUILDER_DATA_PATH, `${JSON.stringify(data)}\n`),
    ...site.pages.map(async (page) => {
      const file = payloadPathFor(page.route);
      const key = digest(PAYLOAD_VERSION, page.entry.digest, page.file, page.route);
      if (folder.known(file)?.key === key) return folder.keep(file);
      const payload = payloadOf(page, await readFile(path.resolve(projectRoot, page.file), 'utf8'));
      // The file loaded a moment ago: it reads the same now, unless it is being edited meanwhile (the next build writes it).
      if (payload) await folder.write(file, `${JSON.stringify(payload)}\n`, key);
    }),
  ]);
}

/** A page's payload, from its content file's text read as the loader reads it. */
export function payloadOf(page: SitePage, text: string): PagePayload | undefined {
  const raw = readEntry(page.file, text);
  if (isProblem(raw)) return undefined;
  return { path: repositoryPathOf(page), kind: kindOf(page), route: page.route, data: raw.data as Record<string, unknown>, body: raw.body, text };
}
