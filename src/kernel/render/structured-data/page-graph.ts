import type { Graph, Thing } from 'schema-dts';
import type { SitePage } from '../../site/pages.ts';
import { need, type SiteParts } from '../page-parts.ts';
import { breadcrumbList } from './breadcrumbs.ts';
import { localBusiness } from './business.ts';
import { faqPage } from './faq.ts';
import { serviceNode } from './service.ts';

/** The JSON-LD of one page: which nodes a page carries follows from its kind and its content. */
export function pageGraph(
  site: Partial<SiteParts> & Pick<SiteParts, 'layout'>,
  page: SitePage,
): Graph | null {
  const { siteUrl, profile } = site.layout;
  const url = pageUrl(siteUrl, page.route);
  const nodes: Thing[] = [];
  if (page.route === '/' || page.structuredData.includes('LocalBusiness'))
    nodes.push(localBusiness(profile, siteUrl));
  if (page.service) {
    const areas = need(site, 'areas', page.route);
    const areaNames = page.service.areaServed.map(
      (slug) => areas.find((area) => area.slug === slug)?.name ?? slug,
    );
    nodes.push(
      serviceNode({
        siteUrl,
        url,
        name: page.service.name,
        description: page.description,
        serviceType: page.service.serviceType,
        areaServed: areaNames,
        offers: page.service.offers,
        image: page.service.icon ? `${siteUrl}${page.service.icon}` : undefined,
      }),
    );
  }
  if (page.area) {
    nodes.push(
      serviceNode({
        siteUrl,
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
    nodes.push(
      faqPage(
        url,
        need(site, 'faqs', page.route).map((faq) => ({
          question: faq.question,
          answerText: faq.text,
        })),
      ),
    );
  }
  if (page.route !== '/') nodes.push(breadcrumbList(siteUrl, page.trail));
  return nodes.length > 0 ? { '@context': 'https://schema.org', '@graph': nodes } : null;
}

export function pageUrl(siteUrl: string, route: string): string {
  return route === '/' ? `${siteUrl}/` : `${siteUrl}${route}`;
}
