// The builder screens' shared start: the site data the build emitted, and what the form's pickers
// offer from it (zod runs without its compiled fast path, which a strict CSP forbids: the bundle sees
// to it, src/generator/bundle/bundle-assets.ts).
import {
  BUILDER_DATA_PATH,
  reviveSiteData,
  type BuilderSite,
  type BuilderSiteData,
} from '../../../kernel/wire/builder-data.ts';
import type { FieldOptions } from './field-parts.tsx';

export async function loadSiteData(fetcher: typeof fetch = fetch): Promise<BuilderSite> {
  const response = await fetcher(`/${BUILDER_DATA_PATH}`);
  if (!response.ok) throw new Error(`The site data could not be loaded (${response.status}).`);
  return reviveSiteData((await response.json()) as BuilderSiteData);
}

/** What the form's pickers offer: the site's entries, routes and images. */
export function fieldOptions(site: BuilderSite): FieldOptions {
  const { data } = site;
  return {
    service: data.services.map((service) => ({ value: service.slug, label: service.name })),
    area: data.areas.map((area) => ({ value: area.slug, label: area.name })),
    faq: data.faqs.map((faq) => ({ value: faq.name, label: faq.question })),
    contact: data.contactNames.map((name) => ({ value: name, label: name })),
    routes: data.routes.flatMap((facts) => [
      facts.route,
      ...facts.anchors
        .filter((anchor) => !['top', 'main-content', 'contact'].includes(anchor))
        .map((anchor) => `${facts.route}#${anchor}`),
    ]),
    images: data.images.map((image) => ({
      src: image.src,
      url: image.fallback.url,
      width: image.width,
      height: image.height,
    })),
  };
}
