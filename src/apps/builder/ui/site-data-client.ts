// The builder screens' shared start: the site data the build emitted, and the browser's renderer
// for the lint (zod runs without its compiled fast path, which a strict CSP forbids: the bundle sees
// to it, src/generator/bundle/bundle-assets.ts).
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { ReactElement } from 'react';
import type { ParsedDocument } from '../../../kernel/lint/parse-html.ts';
import type { RenderForLint } from '../../../kernel/check/site-lint.ts';
import { BUILDER_DATA_PATH, reviveSiteData, type BuilderSite, type BuilderSiteData } from '../../../kernel/wire/builder-data.ts';
import type { FieldOptions } from './field-parts.tsx';

export async function loadSiteData(fetcher: typeof fetch = fetch): Promise<BuilderSite> {
  const response = await fetcher(`/${BUILDER_DATA_PATH}`);
  if (!response.ok) throw new Error(`The site data could not be loaded (${response.status}).`);
  return reviveSiteData((await response.json()) as BuilderSiteData);
}

/** The draft's page rendered into an element off the page, synchronously, for the lint's rules to read like a parsed document. */
let lintRoot: { container: HTMLElement; render(element: ReactElement): void } | undefined;
export const renderForLint: RenderForLint = (element) => {
  if (!lintRoot) {
    // Owned by a document of its own, which has no window: its images are never fetched (a
    // library photo's storage: address would break the CSP's img-src, and the lint reads markup
    // only). Left detached, as before: the lint's walks up the tree stop at the container.
    const container = document.implementation.createHTMLDocument('').createElement('div');
    const root = createRoot(container);
    lintRoot = { container, render: (next) => root.render(next) };
  }
  const { container, render } = lintRoot;
  flushSync(() => render(element));
  // The lint's tree walks use what the DOM and node-html-parser's nodes share (src/kernel/lint/html.ts).
  return { root: container, body: container, main: container.querySelector('main') };
};

/** What the form's pickers offer: the site's entries, routes and images. */
export function fieldOptions(site: BuilderSite): FieldOptions {
  const { data } = site;
  return {
    service: data.services.map((service) => ({ value: service.slug, label: service.name })),
    area: data.areas.map((area) => ({ value: area.slug, label: area.name })),
    faq: data.faqs.map((faq) => ({ value: faq.name, label: faq.question })),
    contact: data.contactNames.map((name) => ({ value: name, label: name })),
    routes: data.routes.flatMap((facts) => [facts.route, ...facts.anchors.filter((anchor) => !['top', 'main-content', 'contact'].includes(anchor)).map((anchor) => `${facts.route}#${anchor}`)]),
    images: data.images.map((image) => ({ src: image.src, url: image.fallback.url, width: image.width, height: image.height })),
  };
}
