// The block builder's files, written through the output folder with the rest of the site: the
// site data its screens read (src/kernel/wire/builder-data.ts), and each page's payload beside the page
// (src/kernel/wire/payload.ts). A payload is keyed by its entry's digest: an unchanged page's payload
// is neither read nor written again.
import { createHash, hash } from 'node:crypto';
import path from 'node:path';
import {
  BUILDER_DATA_PATH,
  builderSiteData,
  kindOf,
  repositoryPathOf,
} from '../../kernel/wire/builder-data.ts';
import type { PagePayload } from '../../kernel/wire/payload.ts';
import { digest, sourceOf, type EntrySource } from '../content/load-entry.ts';
import type { ImageMap } from '../../kernel/images/responsive-image.ts';
import type { Assets } from '../../kernel/render/page-parts.ts';
import { sitePartsOf } from '../../kernel/render/page-parts.ts';
import { payloadPathFor } from '../../kernel/wire/output-paths.ts';
import type { SitePage } from '../../kernel/site/pages.ts';
import type { SiteModel } from '../../kernel/site/site-model.ts';
import type { OutputFolder } from './output-folder.ts';

/** Bumped when what a payload holds changes. */
const PAYLOAD_VERSION = '2';

/**
 * `key` covers the code and the site-wide parts' digests; each route's facts and the images are
 * added here. With the same key the data is not written out again: a dev edit of one page's text,
 * at thousands of pages, changes none of it.
 */
export async function writeBuilderFiles({
  site,
  images,
  assets,
  folder,
  projectRoot,
  key,
}: {
  site: SiteModel;
  images: ImageMap;
  assets: Assets;
  folder: OutputFolder;
  projectRoot: string;
  key: string;
}): Promise<void> {
  const data = builderSiteData(site, sitePartsOf(site, assets), images);
  const dataKey = digest(
    key,
    data.contactNames.join('\u0001'),
    ...data.images.map(
      (image) => `${image.src}\u0001${image.fallback.url}\u0001${image.alt ?? ''}`,
    ),
    ...data.routes.map((facts) =>
      [
        facts.route,
        facts.path,
        facts.kind,
        facts.title,
        facts.description,
        facts.breadcrumb,
        ...facts.anchors,
      ].join('\u0001'),
    ),
  );
  const writeData = async () => {
    if (folder.known(BUILDER_DATA_PATH)?.key === dataKey) return folder.keep(BUILDER_DATA_PATH);
    await folder.write(BUILDER_DATA_PATH, `${JSON.stringify(data)}\n`, dataKey);
  };
  // Unchanged payloads are kept in one plain loop: this runs for every page on every update.
  const changed: { page: SitePage; file: string; payloadKey: string }[] = [];
  for (const page of site.pages) {
    const file = payloadPathFor(page.route);
    const payloadKey = hash(
      'sha1',
      [PAYLOAD_VERSION, page.entry.digest, page.file, page.route].join('\0'),
      'base64url',
    );
    if (folder.known(file)?.key === payloadKey) folder.keep(file);
    else changed.push({ page, file, payloadKey });
  }
  await Promise.all([
    writeData(),
    ...changed.map(async ({ page, file, payloadKey }) => {
      const source = await sourceOf(page.entry, path.resolve(projectRoot, page.file));
      if (source)
        await folder.write(file, `${JSON.stringify(payloadOf(page, source))}\n`, payloadKey);
    }),
  ]);
}

/** The git blob SHA-1 of a file's text: what `git hash-object` gives for it, and what git holds it under. */
export const gitBlobOf = (text: string): string =>
  createHash('sha1')
    .update(`blob ${Buffer.byteLength(text)}\0`)
    .update(text)
    .digest('hex');

/** A page's payload, from its content file as the loader read it (load-entry.ts). */
export function payloadOf(page: SitePage, { data, body, text }: EntrySource): PagePayload {
  return {
    path: repositoryPathOf(page),
    kind: kindOf(page),
    route: page.route,
    data: data as Record<string, unknown>,
    body,
    text,
    blob: gitBlobOf(text),
  };
}
