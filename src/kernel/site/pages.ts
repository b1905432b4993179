import type { ContentEntry } from '../content/entry.ts';
import type { LoadedContent } from '../content/collections.ts';
import type { RenderedMarkdown } from '../content/markdown.ts';
import type { Access } from '../wire/screens.ts';
import type { Area, Block, Branch, BusinessProfile, Page, Service } from '../schema/index.ts';

/** One step of a page's breadcrumb trail. */
export interface Crumb {
  label: string;
  route: string;
}

/** Every routed page, whatever content it comes from, in the one shape the renderer needs. */
export interface SitePage {
  route: string;
  file: string;
  template: 'home' | 'standard' | 'app' | 'service' | 'area';
  title: string;
  description: string;
  heading: string;
  breadcrumb: string;
  noindex: boolean;
  /** Who may see the page's screen: `admin` pages are behind the auth-client guard. */
  access: Access;
  branch?: Branch;
  blocks: readonly Block[];
  body: RenderedMarkdown | null;
  blockMarkdown: ReadonlyMap<number, RenderedMarkdown>;
  structuredData: readonly ('LocalBusiness' | 'FAQPage')[];
  mount?: string;
  service?: Service;
  area?: Area;
  entry: ContentEntry<Service | Area | Page>;
  /** Home, then the branch page for services and areas, then the page itself. */
  trail: readonly Crumb[];
}

export const serviceRoute = (service: Pick<Service, 'slug'>) => `/${service.slug}`;
export const areaRoute = (area: Pick<Area, 'slug'>) => `/cleaning-services-${area.slug}`;

/** The one place routes are derived from content: services, areas and pages. */
export function derivePages(
  content: Pick<LoadedContent, 'services' | 'areas' | 'pages' | 'profile'>,
): SitePage[] {
  const pages: SitePage[] = [
    ...content.services.map(servicePage),
    ...content.areas.map(areaPage),
    ...content.pages.map(contentPage),
  ];
  pages.sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
  const byRoute = new Map(pages.map((page) => [page.route, page]));
  for (const page of pages) page.trail = trailFor(page, content.profile.data.branches, byRoute);
  return pages;
}

/** Home, then the branch page for services and areas (when it exists), then the page itself. */
export function trailFor(
  page: SitePage,
  branches: BusinessProfile['branches'],
  byRoute: ReadonlyMap<string, Pick<SitePage, 'route' | 'breadcrumb'>>,
): Crumb[] {
  if (page.route === '/') return [{ label: 'Home', route: '/' }];
  const trail: Crumb[] = [{ label: 'Home', route: '/' }];
  if ((page.service || page.area) && page.branch) {
    const branchPage = byRoute.get(branches[page.branch].route);
    if (branchPage && branchPage.route !== page.route)
      trail.push({ label: branchPage.breadcrumb, route: branchPage.route });
  }
  trail.push({ label: page.breadcrumb, route: page.route });
  return trail;
}

export function servicePage(entry: ContentEntry<Service>): SitePage {
  const service = entry.data;
  return sitePage(entry, {
    route: serviceRoute(service),
    template: 'service',
    breadcrumb: service.name,
    noindex: false,
    access: 'public',
    branch: service.branch,
    structuredData: [],
    mount: undefined,
    service,
    area: undefined,
  });
}

export function areaPage(entry: ContentEntry<Area>): SitePage {
  const area = entry.data;
  return sitePage(entry, {
    route: areaRoute(area),
    template: 'area',
    breadcrumb: area.name,
    noindex: false,
    access: 'public',
    branch: 'cleaning',
    structuredData: [],
    mount: undefined,
    service: undefined,
    area,
  });
}

/** The page a content file of a routed kind makes: what derivePages makes of it, before its trail. */
export function pageOfEntry(entry: ContentEntry, kind: 'services' | 'areas' | 'pages'): SitePage {
  if (kind === 'services') return servicePage(entry as ContentEntry<Service>);
  if (kind === 'areas') return areaPage(entry as ContentEntry<Area>);
  return contentPage(entry as ContentEntry<Page>);
}

/** A page of content/pages/. */
export function contentPage(entry: ContentEntry<Page>): SitePage {
  const page = entry.data;
  return sitePage(entry, {
    route: page.route,
    template: page.template,
    breadcrumb: page.breadcrumb ?? page.heading,
    // A guarded page is never indexed: the sitemap and robots.txt follow from its access.
    noindex: page.noindex || page.access !== 'public',
    access: page.access,
    branch: page.branch,
    structuredData: page.structuredData,
    mount: page.mount,
    service: undefined,
    area: undefined,
  });
}

type KindFields = Pick<
  SitePage,
  | 'route'
  | 'template'
  | 'breadcrumb'
  | 'noindex'
  | 'access'
  | 'branch'
  | 'structuredData'
  | 'mount'
  | 'service'
  | 'area'
>;

/** Every page has every field, in one order: thousands of them are made on each derivation. */
function sitePage(entry: ContentEntry<Service | Area | Page>, kind: KindFields): SitePage {
  const data = entry.data;
  return {
    route: kind.route,
    file: entry.file,
    template: kind.template,
    title: data.title,
    description: data.description,
    heading: data.heading,
    breadcrumb: kind.breadcrumb,
    noindex: kind.noindex,
    access: kind.access,
    branch: kind.branch,
    blocks: data.blocks,
    body: entry.body,
    blockMarkdown: entry.blockMarkdown,
    structuredData: kind.structuredData,
    mount: kind.mount,
    service: kind.service,
    area: kind.area,
    entry,
    trail: [],
  };
}
