import type { ContentEntry, LoadedContent } from '../content/load-content.ts';
import type { RenderedMarkdown } from '../content/markdown.ts';
import type { Area, Block, Branch, Page, Service } from '../content/schema/index.ts';
import type { Access } from '../account/screen-names.ts';

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
}

export const serviceRoute = (service: Pick<Service, 'slug'>) => `/${service.slug}`;
export const areaRoute = (area: Pick<Area, 'slug'>) => `/cleaning-services-${area.slug}`;

/** The one place routes are derived from content: services, areas and pages. */
export function derivePages(content: Pick<LoadedContent, 'services' | 'areas' | 'pages'>): SitePage[] {
  const pages: SitePage[] = [...content.services.map(servicePage), ...content.areas.map(areaPage), ...content.pages.map(contentPage)];
  return pages.sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
}

export function servicePage(entry: ContentEntry<Service>): SitePage {
  const service = entry.data;
  return {
    ...common(entry, service),
    route: serviceRoute(service),
    template: 'service',
    breadcrumb: service.name,
    noindex: false,
    access: 'public',
    branch: service.branch,
    structuredData: [],
    service,
  };
}

export function areaPage(entry: ContentEntry<Area>): SitePage {
  const area = entry.data;
  return {
    ...common(entry, area),
    route: areaRoute(area),
    template: 'area',
    breadcrumb: area.name,
    noindex: false,
    access: 'public',
    branch: 'cleaning',
    structuredData: [],
    area,
  };
}

/** A page of content/pages/. */
export function contentPage(entry: ContentEntry<Page>): SitePage {
  const page = entry.data;
  return {
    ...common(entry, page),
    route: page.route,
    template: page.template,
    breadcrumb: page.breadcrumb ?? page.heading,
    // A guarded page is never indexed: the sitemap and robots.txt follow from its access.
    noindex: page.noindex || page.access !== 'public',
    access: page.access,
    branch: page.branch,
    structuredData: page.structuredData,
    mount: page.mount,
  };
}

function common(entry: ContentEntry<Service | Area | Page>, data: Service | Area | Page) {
  return {
    file: entry.file,
    title: data.title,
    description: data.description,
    heading: data.heading,
    blocks: data.blocks,
    body: entry.body,
    blockMarkdown: entry.blockMarkdown,
    entry,
  };
}
