// The block builder's site data, made in Node from a content folder as the build makes it, and a
// renderer for its checks that reads server-rendered HTML (the browser reads its own DOM instead).
import path from 'node:path';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { checkSite } from '../../src/generator/build.ts';
import { siteLint, type RenderForLint } from '../../src/kernel/check/site-lint.ts';
import type { PagePayload } from '../../src/kernel/wire/payload.ts';
import {
  builderSiteData,
  reviveSiteData,
  type BuilderSite,
} from '../../src/kernel/wire/builder-data.ts';
import { payloadOf } from '../../src/generator/emit/builder-files.ts';
import { sourceOf } from '../../src/generator/content/load-entry.ts';
import { parseDocument } from '../../src/kernel/lint/parse-html.ts';
import { LINT_ASSETS, sitePartsOf } from '../../src/kernel/render/page-parts.ts';
import { PROJECT_ROOT, REAL_CONTENT } from './sites.ts';

export interface BuilderFixture {
  site: BuilderSite;
  payloads: PagePayload[];
}

/** The site data and every page's payload, from a content folder (the real content by default). */
export async function builderFixture(contentDir = REAL_CONTENT): Promise<BuilderFixture> {
  const { site, images } = await checkSite({
    projectRoot: PROJECT_ROOT,
    contentDir,
    cacheDir: false,
  });
  const data = JSON.parse(
    JSON.stringify(builderSiteData(site, sitePartsOf(site, LINT_ASSETS), images)),
  );
  const payloads = await Promise.all(
    site.pages.map(async (page) =>
      payloadOf(page, (await sourceOf(page.entry, path.resolve(PROJECT_ROOT, page.file)))!),
    ),
  );
  return { site: reviveSiteData(data), payloads };
}

/** Renders to static HTML and parses it as the lint does. */
export const renderForLint: RenderForLint = (element: ReactElement) =>
  parseDocument(`<body>${renderToStaticMarkup(element)}</body>`);

/** The builder's lint for a site, on the server-rendered page. */
export const lintFor = (site: BuilderSite) => siteLint(site, renderForLint);
