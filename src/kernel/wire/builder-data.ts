// What the block builder knows of the site: a small JSON file the build emits (BUILDER_DATA_PATH)
// for the builder's screens. It holds the site-wide parts the templates show (so the preview draws
// a draft inside the real layout), every route with its #anchors, title and description (the
// targets of the per-page cross-checks and lint), the names references may use, and the images
// the site already has. Made in the build (src/generator/emit/builder-files.ts), read in the browser.
import type { PageKind } from '../content/page-kinds.ts';
import type { ImageMap, ResponsiveImage } from '../images/responsive-image.ts';
import type { AreaLink, FaqItem, ServiceCard, SiteParts } from '../render/page-parts.ts';
import type { SiteTargets } from '../check/check-entry.ts';
import type { LinkTargets } from '../site/link-targets.ts';
import { anchorsOf } from '../site/anchors.ts';
import type { SitePage } from '../site/pages.ts';
import type { ResolvedContact, SiteModel } from '../site/site-model.ts';

/** Served at /builder-data.json. */
export const BUILDER_DATA_PATH = 'builder-data.json';

export interface RouteFacts {
  route: string;
  /** The content file in the repository, for example "content/pages/about.md". */
  path: string;
  kind: PageKind;
  title: string;
  description: string;
  breadcrumb: string;
  /** The #fragment targets on the page. */
  anchors: string[];
}

export interface BuilderSiteData {
  layout: Omit<SiteParts['layout'], 'contacts'> & { contacts: [string, ResolvedContact][] };
  services: readonly ServiceCard[];
  areas: readonly AreaLink[];
  faqs: readonly FaqItem[];
  contactNames: string[];
  routes: RouteFacts[];
  images: ResponsiveImage[];
}

/** "content/pages/about.md": where a page's file lives in the repository. */
export const repositoryPathOf = (page: Pick<SitePage, 'template' | 'entry'>): string =>
  `content/${kindOf(page)}/${page.entry.name}.md`;

export const kindOf = (page: Pick<SitePage, 'template'>): PageKind =>
  page.template === 'service' ? 'services' : page.template === 'area' ? 'areas' : 'pages';

/** The builder's data, from the built site's model, parts and planned images. */
export function builderSiteData(
  site: SiteModel,
  parts: SiteParts,
  images: ImageMap,
): BuilderSiteData {
  const faqNames = site.faqs.map((entry) => entry.name);
  const { contacts, ...layout } = parts.layout;
  return {
    layout: { ...layout, contacts: [...contacts] },
    services: parts.services,
    areas: parts.areas,
    faqs: parts.faqs,
    contactNames: [...site.contacts.keys()],
    routes: site.pages.map((page) => ({
      route: page.route,
      path: repositoryPathOf(page),
      kind: kindOf(page),
      title: page.title,
      description: page.description,
      breadcrumb: page.breadcrumb,
      anchors: [...anchorsOf(page, faqNames)],
    })),
    images: [...images.values()],
  };
}

/** The site as the builder's browser code uses it: the templates' parts, and the link targets. */
export interface BuilderSite {
  data: BuilderSiteData;
  parts: SiteParts;
  images: ImageMap;
  byRoute: ReadonlyMap<string, RouteFacts>;
  /** The media library's bucket, and the photos ("media/<name>") a draft refers to that it does not have, as the builder found them. */
  library?: { bucket: string; missing: ReadonlySet<string> };
}

export function reviveSiteData(data: BuilderSiteData): BuilderSite {
  const { contacts, ...layout } = data.layout;
  return {
    data,
    parts: {
      layout: { ...layout, contacts: new Map(contacts) },
      services: data.services,
      areas: data.areas,
      faqs: data.faqs,
    },
    images: new Map(data.images.map((image) => [image.src, image])),
    byRoute: new Map(data.routes.map((facts) => [facts.route, facts])),
  };
}

/**
 * The targets a draft's links and references are checked against: the site's, with the draft's
 * own page in place of the one it edits (`replaces`, its route on the live site, if any).
 */
export function targetsFor(site: BuilderSite, page: SitePage, replaces?: string): LinkTargets {
  const anchors = new Map(
    site.data.routes
      .filter((facts) => facts.route !== replaces)
      .map((facts) => [facts.route, new Set(facts.anchors)]),
  );
  anchors.set(
    page.route,
    anchorsOf(
      page,
      site.data.faqs.map((faq) => faq.name),
    ),
  );
  return {
    anchorsAt: (route) => anchors.get(route),
    routes: new Set(anchors.keys()),
    serviceSlugs: new Set(site.data.services.map((service) => service.slug)),
    areaSlugs: new Set(site.data.areas.map((area) => area.slug)),
    contactNames: new Set(site.data.contactNames),
    faqNames: new Set(site.data.faqs.map((faq) => faq.name)),
    invalidNames: new Set(),
    invalidRoutes: new Set(),
  };
}

/** The site's targets for checkEntry, with the checked file's page in place of the live page it edits (`replaces`, its route), if any. */
export function siteTargets(site: BuilderSite, replaces?: string): SiteTargets {
  return {
    targets: (page) => targetsFor(site, page, replaces),
    fileAt: (route) => (route === replaces ? undefined : site.byRoute.get(route)?.path),
    branches: site.parts.layout.profile.branches,
    byRoute: site.byRoute,
  };
}
