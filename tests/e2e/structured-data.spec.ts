// JSON-LD content beyond the types (which routes.spec.ts checks on every route, by page kind): the business profile, a service's offer and areas, the FAQ answers.
import {
  expect,
  graphNodesOf,
  loadSite,
  test,
  typesOf,
  type LdNode,
} from '../support/e2e/fixtures.ts';

const ofType = (nodes: readonly LdNode[], type: string) =>
  nodes.filter((node) => typesOf([node]).includes(type));

test('the home page LocalBusiness carries the business profile', async ({ routePage: page }) => {
  await page.goto('/');
  const nodes = await graphNodesOf(page);
  expect(typesOf(nodes)).toEqual(['LocalBusiness']);
  const [business] = nodes;
  const site = await loadSite();
  expect(business!.name).toBe(site.profile.name);
  expect(business!.priceRange).toBe('££');
  expect(business!.telephone).toEqual(expect.any(String));
  expect(business!.address).toEqual(expect.objectContaining({ '@type': 'PostalAddress' }));
  const geo = business!.geo as { latitude: number; longitude: number };
  expect(Math.abs(geo.latitude)).toBeLessThanOrEqual(90);
  expect(Math.abs(geo.longitude)).toBeLessThanOrEqual(180);
});

test('a service page names the service, its GBP offer and where it is offered', async ({
  routePage: page,
}) => {
  const site = await loadSite();
  const service = site.services.find(
    (entry) => entry.data.slug === 'domestic-cleaning-services',
  )!.data;
  await page.goto('/domestic-cleaning-services');
  const nodes = await graphNodesOf(page);
  expect(typesOf(nodes).sort()).toEqual(['BreadcrumbList', 'Service']);
  const [node] = ofType(nodes, 'Service');
  expect(node!.name).toBe(service.name);
  expect((node!.offers as { priceCurrency: string }).priceCurrency).toBe('GBP');
  const areaNames = (node!.areaServed as { name: string }[]).map((place) => place.name);
  expect(areaNames).toContain('Orpington');
  // The provider is the LocalBusiness, by @id.
  expect(node!.provider).toEqual({ '@id': expect.stringMatching(/^https:\/\//) });
});

test('an area page has a Service whose areaServed names the area', async ({ routePage: page }) => {
  await page.goto('/cleaning-services-petts-wood-bromley');
  const nodes = await graphNodesOf(page);
  expect(typesOf(nodes).sort()).toEqual(['BreadcrumbList', 'Service']);
  const [service] = ofType(nodes, 'Service');
  expect(service!.areaServed).toEqual([expect.objectContaining({ name: 'Petts Wood' })]);
});

test('/faqs FAQPage lists every FAQ with plain-text answers', async ({ routePage: page }) => {
  const site = await loadSite();
  await page.goto('/faqs');
  const nodes = await graphNodesOf(page);
  expect(typesOf(nodes).sort()).toEqual(['BreadcrumbList', 'FAQPage']);
  const [faq] = ofType(nodes, 'FAQPage');
  const questions = faq!.mainEntity as {
    '@type': string;
    name: string;
    acceptedAnswer: { text: string };
  }[];
  expect(questions.map((question) => question.name)).toEqual(
    site.faqs.map((entry) => entry.data.question),
  );
  for (const question of questions) {
    expect(question['@type']).toBe('Question');
    expect(question.acceptedAnswer.text, question.name).toMatch(/\S/);
    expect(question.acceptedAnswer.text, `${question.name}: HTML tags are stripped`).not.toMatch(
      /<\/?[a-z][^>]*>/i,
    );
  }
});
