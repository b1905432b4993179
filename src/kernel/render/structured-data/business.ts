import type { LocalBusiness, OpeningHoursSpecification } from 'schema-dts';
import type { BusinessProfile } from '../../schema/index.ts';

/** The LocalBusiness node's id, so services can reference their provider. */
export const businessId = (siteUrl: string) => `${siteUrl}/#business`;

export function localBusiness(profile: BusinessProfile, siteUrl: string): LocalBusiness {
  const absolute = (path: string) => `${siteUrl}${path}`;
  return {
    '@type': 'LocalBusiness',
    '@id': businessId(siteUrl),
    name: profile.name,
    legalName: profile.legalName,
    url: `${siteUrl}/`,
    telephone: profile.telephone,
    email: profile.email,
    logo: absolute(profile.logo),
    image: absolute(profile.image),
    priceRange: profile.priceRange,
    currenciesAccepted: profile.currency,
    sameAs: [profile.social.instagram, profile.social.facebook],
    address: {
      '@type': 'PostalAddress',
      streetAddress: profile.address.street,
      addressLocality: profile.address.locality,
      addressRegion: profile.address.region,
      postalCode: profile.address.postalCode,
      addressCountry: profile.address.country,
    },
    geo: {
      '@type': 'GeoCoordinates',
      latitude: profile.geo.latitude,
      longitude: profile.geo.longitude,
    },
    openingHoursSpecification: profile.openingHours.map((hours): OpeningHoursSpecification => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: hours.dayOfWeek.map((day) => `https://schema.org/${day}` as const),
      opens: hours.opens,
      closes: hours.closes,
    })),
    areaServed: profile.areaServed.map((name) => ({ '@type': 'Place', name })),
  };
}
