import type { Graph, Thing } from 'schema-dts';
import type { SiteModel } from '../../site/site-model.ts';
import type { SitePage } from '../../site/pages.ts';
import { breadcrumbList, type Crumb } from './breadcrumbs.ts';
import { localBusiness } from './business.ts';
import { faqPage } from './faq.ts';
import { serviceNode } from './service.ts';

/** The JSON-LD of one page: which nodes a page carries follows from its kind and its content. */
export function pageGraph(site: SiteModel, page: SitePage, trail: readonly Crumb[]): Graph | null {
  const url = pageUrl(site, page.route);
  const nodes: Thing[] = [];
  if (page.route === '/' || page.structuredData.includes('LocalBusiness')) nodes.push(localBusiness(site.profile, site.siteUrl));
  if (page.service) {
    const areaNames = page.service.areaServed.map((slug) => site.areas.find((entry) => entry.data.slug === slug)?.data.name ?? slug);
    nodes.push(
      serviceNode({
        siteUrl: site.siteUrl,
        url,
        name: page.service.name,
        description: page.description,
        serviceType: page.service.serviceType,
        areaServed: areaNames,
        offers: page.service.offers,
        image: page.service.icon ? `${site.siteUrl}${page.service.icon}` : undefined,
      }),
    );
  }
  if (page.area) {
    nodes.push(
      serviceNode({
        siteUrl: site.siteUrl,
        url,
        name: page.heading,
        description: page.description,
        serviceType: 'House cleaning',
        areaServed: [page.area.name],
        offers: { priceCurrency: 'GBP', availability: 'InStock' },
      }),
    );
  }
  if (page.structuredData.includes('FAQPage')) {
    nodes.push(faqPage(url, site.faqs.map((entry) => ({ question: entry.data.question, answerText: entry.body?.text ?? '' }))));
  }
  if (page.route !== '/') nodes.push(breadcrumbList(site.siteUrl, trail));
  return nodes.length > 0 ? { '@context': 'https://schema.org', '@graph': nodes } : null;
}

export function pageUrl(site: SiteModel, route: string): string {
  return route === '/' ? `${site.siteUrl}/` : `${site.siteUrl}${route}`;
}
