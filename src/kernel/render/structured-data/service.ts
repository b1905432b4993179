import type { Service as ServiceLd } from 'schema-dts';
import type { Service } from '../../schema/index.ts';
import { businessId } from './business.ts';

/** A Service node; its provider is the LocalBusiness, referenced by @id. */
export function serviceNode(options: {
  siteUrl: string;
  url: string;
  name: string;
  description: string;
  serviceType: string;
  areaServed: readonly string[];
  offers: Service['offers'];
  image?: string;
}): ServiceLd {
  return {
    '@type': 'Service',
    '@id': `${options.url}#service`,
    name: options.name,
    description: options.description,
    serviceType: options.serviceType,
    url: options.url,
    ...(options.image ? { image: options.image } : {}),
    provider: { '@id': businessId(options.siteUrl) },
    areaServed: options.areaServed.map((name) => ({ '@type': 'Place', name })),
    offers: {
      '@type': 'Offer',
      priceCurrency: options.offers.priceCurrency,
      availability: `https://schema.org/${options.offers.availability}`,
      url: options.url,
    },
  };
}
