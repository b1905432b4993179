// JSON-LD: each page kind carries the schema.org types it should, in one @graph.
import { expect, graphNodesOf, loadSite, SPEC_ROUTES, test, typesOf, type LdNode } from './fixtures.ts';

const EXPECTED: Record<string, string[]> = {
  '/': ['LocalBusiness'],
  '/ardent-cleaning': ['LocalBusiness', 'BreadcrumbList'],
  '/ardent-wellbeing': ['LocalBusiness', 'BreadcrumbList'],
  '/domestic-cleaning-services': ['Service', 'BreadcrumbList'],
  '/cleaning-services-senior-citizens': ['Service', 'BreadcrumbList'],
  '/cleaning-services-orpington': ['Service', 'BreadcrumbList'],
  '/cleaning-services-west-wickham-bromley': ['Service', 'BreadcrumbList'],
  '/faqs': ['FAQPage', 'BreadcrumbList'],
  '/about': ['BreadcrumbList'],
  '/contact': ['BreadcrumbList'],
  '/privacy-policy': ['BreadcrumbList'],
};

const byType = (nodes: readonly LdNode[], type: string) => nodes.filter((node) => typesOf([node]).includes(type));

/** The breadcrumb trail starts at the home page and ends at the page itself. */
function expectBreadcrumbsEndAt(nodes: readonly LdNode[], route: string) {
  const [list] = byType(nodes, 'BreadcrumbList');
  const items = (list?.itemListElement ?? []) as { position: number; name: string; item: string }[];
  expect(items.length, `breadcrumb items on ${route}`).toBeGreaterThanOrEqual(2);
  expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
  expect(new URL(items[0]!.item).pathname).toBe('/');
  expect(new URL(items.at(-1)!.item).pathname).toBe(route);
  for (const item of items) expect(item.name, `breadcrumb name on ${route}`).toMatch(/\S/);
}

for (const [route, types] of Object.entries(EXPECTED)) {
  test(`${route} JSON-LD names ${types.join(' + ')}`, async ({ page }) => {
    await page.goto(route);
    const nodes = await graphNodesOf(page);
    expect(typesOf(nodes).sort()).toEqual([...types].sort());
    if (types.includes('BreadcrumbList')) expectBreadcrumbsEndAt(nodes, route);
  });
}

test('the LocalBusiness node carries the business profile', async ({ page }) => {
  await page.goto('/');
  const [business] = byType(await graphNodesOf(page), 'LocalBusiness');
  expect(business).toBeDefined();
  const site = await loadSite();
  expect(business!.name).toBe(site.profile.name);
  expect(business!.priceRange).toBe('££');
  expect(business!.telephone).toEqual(expect.any(String));
  expect(business!.address).toEqual(expect.objectContaining({ '@type': 'PostalAddress' }));
});

test('a service page names the service and where it is offered', async ({ page }) => {
  const site = await loadSite();
  const service = site.services.find((entry) => entry.data.slug === 'domestic-cleaning-services')!.data;
  await page.goto('/domestic-cleaning-services');
  const [node] = byType(await graphNodesOf(page), 'Service');
  expect(node!.name).toBe(service.name);
  const offers = node!.offers as { priceCurrency: string };
  expect(offers.priceCurrency).toBe('GBP');
  const areaNames = (node!.areaServed as { name: string }[]).map((place) => place.name);
  expect(areaNames.length).toBeGreaterThan(0);
  expect(areaNames).toContain('Orpington');
});

test('every area page has a Service whose areaServed names its area', async ({ page }) => {
  const site = await loadSite();
  expect(site.areas).toHaveLength(15);
  for (const area of site.areas) {
    const route = `/cleaning-services-${area.data.slug}`;
    await page.goto(route);
    const nodes = await graphNodesOf(page);
    expect(typesOf(nodes).sort(), route).toEqual(['BreadcrumbList', 'Service']);
    const [service] = byType(nodes, 'Service');
    const areaServed = (Array.isArray(service!.areaServed) ? service!.areaServed : [service!.areaServed]) as ({ name: string } | string)[];
    const names = areaServed.map((place) => (typeof place === 'string' ? place : place.name));
    expect(names, route).toContain(area.data.name);
  }
});

test('/faqs FAQPage lists every FAQ with plain-text answers', async ({ page }) => {
  const site = await loadSite();
  await page.goto('/faqs');
  const [faq] = byType(await graphNodesOf(page), 'FAQPage');
  const questions = faq!.mainEntity as { '@type': string; name: string; acceptedAnswer: { text: string } }[];
  expect(questions.map((question) => question.name)).toEqual(site.faqs.map((entry) => entry.data.question));
  for (const question of questions) {
    expect(question['@type']).toBe('Question');
    expect(question.acceptedAnswer.text, question.name).toMatch(/\S/);
    expect(question.acceptedAnswer.text, `${question.name}: HTML tags are stripped`).not.toMatch(/<\/?[a-z][^>]*>/i);
  }
});

test('every route has exactly one JSON-LD block that parses', async ({ page }) => {
  for (const route of SPEC_ROUTES) {
    await page.goto(route);
    await expect(page.locator('script[type="application/ld+json"]'), route).toHaveCount(1);
    const nodes = await graphNodesOf(page);
    expect(nodes.length, route).toBeGreaterThan(0);
  }
});
