// Every route the site must have, written out one by one,
// shared by the unit and browser tests so that the list is written once.

export const MAIN_ROUTES = [
  '/',
  '/ardent-cleaning',
  '/ardent-wellbeing',
  '/about',
  '/faqs',
  '/contact',
  '/privacy-policy',
] as const;

export const SERVICE_ROUTES = [
  '/domestic-cleaning-services',
  '/deep-cleaning-services',
  '/end-of-tenancy-cleaning-services',
  '/carpet-cleaning-services',
  '/oven-cleaning-services',
  '/window-cleaning-services',
  '/seasonal-cleaning-services',
  '/oven-cleaning-bromley',
  '/cleaning-services-busy-professionals',
  '/cleaning-services-senior-citizens',
] as const;

export const AREA_SLUGS = [
  'orpington',
  'bromley',
  'bickley',
  'beckenham',
  'chelsfield',
  'chislehurst',
  'locksbottom',
  'farnborough-village',
  'hayes-bromley',
  'keston-bromley',
  'petts-wood-bromley',
  'shortlands-bromley',
  'biggin-hill-bromley',
  'eden-park-beckenham',
  'west-wickham-bromley',
] as const;

export const AREA_ROUTES = AREA_SLUGS.map((slug) => `/cleaning-services-${slug}`);

/** Where the enquiry form leads without JavaScript: noindex and out of the sitemap, but not disallowed. */
export const THANK_YOU_ROUTE = '/thank-you';

/** The sign-in screens: public, and noindex (nobody searches for them; the sitemap lists the pages that help visitors). */
export const SIGN_IN_ROUTES = ['/login', '/register', '/reset-password'] as const;

/** Public pages kept out of search engines (`noindex: true`): out of the sitemap, but not disallowed in robots.txt, so that crawlers read the noindex. */
export const NOINDEX_PUBLIC_ROUTES: readonly string[] = [THANK_YOU_ROUTE, ...SIGN_IN_ROUTES];

/** Behind the auth-client guard (`access: admin`): noindex, not in the sitemap, disallowed in robots.txt. */
export const GUARDED_ROUTES = [
  '/admin',
  '/integrated-builder',
  '/test-builder-dashboard',
  '/experiments/block-builder/builder',
  '/experiments/block-builder/preview',
] as const;

/** Account and other pages: server-rendered shells with an account screen. */
export const ACCOUNT_ROUTES = [...SIGN_IN_ROUTES, ...GUARDED_ROUTES] as const;

export const PUBLIC_ROUTES: readonly string[] = [...MAIN_ROUTES, ...SERVICE_ROUTES, ...AREA_ROUTES];
export const SPEC_ROUTES: readonly string[] = [
  ...PUBLIC_ROUTES,
  THANK_YOU_ROUTE,
  ...ACCOUNT_ROUTES,
];

/** The areas the Areas Covered dropdown links. */
export const NAVIGATION_AREAS = [
  'orpington',
  'bromley',
  'bickley',
  'beckenham',
  'chelsfield',
  'chislehurst',
  'farnborough-village',
  'hayes-bromley',
  'west-wickham-bromley',
  'locksbottom',
] as const;
