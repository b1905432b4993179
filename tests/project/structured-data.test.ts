// JSON-LD in the built HTML: what search engines read from each kind of page.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { BuiltFolder } from '../support/sites.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedContent } from '../../src/kernel/content/collections.ts';
import {
  buildInMemory,
  copyMinimalSite,
  editText,
  htmlPathOf,
  jsonLdBlocks,
  jsonLdNodes,
  REAL_CONTENT,
  removeTempCopies,
  TEST_SITE_URL,
  type LdNode,
  loadRealContent,
} from '../support/sites.ts';

let out: BuiltFolder;
let content: LoadedContent;
let routes: string[];

beforeAll(async () => {
  [out, content] = await Promise.all([buildInMemory(), loadRealContent()]);
  routes = (JSON.parse(out.text('build-manifest.json')) as { routes: string[] }).routes;
}, 60_000);
afterAll(removeTempCopies);

const nodesOf = (route: string) => jsonLdNodes(out.text(htmlPathOf(route)));
const nodeOfType = (route: string, type: string): LdNode | undefined =>
  nodesOf(route).find((node) => node['@type'] === type);
const urlOf = (route: string) => (route === '/' ? `${TEST_SITE_URL}/` : `${TEST_SITE_URL}${route}`);
const attack = '</script><script>alert(1)</script>';
const businessIdOnHome = () => nodeOfType('/', 'LocalBusiness')!['@id'];

describe('LocalBusiness on the home and branch pages', () => {
  it.each(['/', '/ardent-cleaning', '/ardent-wellbeing'])(
    '%s has the full LocalBusiness node',
    (route) => {
      const business = nodeOfType(route, 'LocalBusiness');
      expect(business).toBeDefined();
      const profile = content.profile.data;
      expect(business!['@id']).toMatch(new RegExp(`^${TEST_SITE_URL}/#`));
      expect(business!['@id']).toBe(businessIdOnHome());
      expect(business!.name).toBe(profile.name);
      expect(business!.url).toBe(`${TEST_SITE_URL}/`);
      expect(business!.telephone).toBe(profile.telephone);
      expect(business!.address).toEqual({
        '@type': 'PostalAddress',
        streetAddress: profile.address.street,
        addressLocality: profile.address.locality,
        addressRegion: profile.address.region,
        postalCode: profile.address.postalCode,
        addressCountry: profile.address.country,
      });
      expect(business!.geo).toEqual({
        '@type': 'GeoCoordinates',
        latitude: profile.geo.latitude,
        longitude: profile.geo.longitude,
      });
      expect(business!.openingHoursSpecification).toEqual([
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map(
            (day) => `https://schema.org/${day}`,
          ),
          opens: '08:00',
          closes: '18:00',
        },
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['https://schema.org/Saturday'],
          opens: '09:00',
          closes: '15:00',
        },
      ]);
      expect(business!.priceRange).toBe('££');
      const sameAs = business!.sameAs as string[];
      expect(sameAs).toHaveLength(2);
      expect(sameAs.some((url) => url.startsWith('https://www.instagram.com/'))).toBe(true);
      expect(sameAs.some((url) => url.startsWith('https://www.facebook.com/'))).toBe(true);
      expect(sameAs.sort()).toEqual([profile.social.facebook, profile.social.instagram].sort());
      const areaServed = business!.areaServed as { '@type': string; name: string }[];
      expect(areaServed.length).toBeGreaterThan(0);
      expect(areaServed).toEqual(profile.areaServed.map((name) => ({ '@type': 'Place', name })));
      // Images are absolute, on the site URL.
      expect(business!.logo).toBe(`${TEST_SITE_URL}${profile.logo}`);
    },
  );

  it('is left off pages that do not ask for it', () => {
    for (const route of [
      '/about',
      '/faqs',
      '/contact',
      '/deep-cleaning-services',
      '/cleaning-services-bromley',
    ]) {
      expect(nodeOfType(route, 'LocalBusiness'), route).toBeUndefined();
    }
  });
});

describe('Service nodes', () => {
  it('every service page has a Service in GBP provided by the LocalBusiness', () => {
    expect(content.services.length).toBeGreaterThan(0);
    for (const entry of content.services) {
      const route = `/${entry.data.slug}`;
      const service = nodeOfType(route, 'Service');
      expect(service, route).toBeDefined();
      expect(service!.name).toBe(entry.data.name);
      expect(service!.serviceType).toBe(entry.data.serviceType);
      expect(service!.url).toBe(urlOf(route));
      expect(service!.provider).toEqual({ '@id': businessIdOnHome() });
      expect(service!.offers).toMatchObject({
        '@type': 'Offer',
        priceCurrency: 'GBP',
        url: urlOf(route),
      });
      // areaServed names the areas the service lists, by their names, not their slugs.
      const areaNames = entry.data.areaServed.map(
        (slug) => content.areas.find((area) => area.data.slug === slug)!.data.name,
      );
      expect(service!.areaServed).toEqual(areaNames.map((name) => ({ '@type': 'Place', name })));
    }
  });

  it('every area page has a Service naming its place in areaServed', () => {
    expect(content.areas.length).toBeGreaterThan(0);
    for (const entry of content.areas) {
      const route = `/cleaning-services-${entry.data.slug}`;
      const service = nodeOfType(route, 'Service');
      expect(service, route).toBeDefined();
      expect(service!.areaServed).toEqual([{ '@type': 'Place', name: entry.data.name }]);
      expect(service!.provider).toEqual({ '@id': businessIdOnHome() });
      expect((service!.offers as { priceCurrency: string }).priceCurrency).toBe('GBP');
    }
  });
});

describe('FAQPage on /faqs', () => {
  it('has one Question per FAQ file, in order, with plain-text answers', async () => {
    const faqFiles = (await readdir(path.join(REAL_CONTENT, 'faqs'))).filter((name) =>
      name.endsWith('.md'),
    );
    const faqPage = nodeOfType('/faqs', 'FAQPage');
    expect(faqPage).toBeDefined();
    const questions = faqPage!.mainEntity as {
      '@type': string;
      name: string;
      acceptedAnswer: { '@type': string; text: string };
    }[];
    expect(questions).toHaveLength(faqFiles.length);
    const expectedOrder = [...content.faqs]
      .sort((a, b) => a.data.order - b.data.order)
      .map((entry) => entry.data.question);
    expect(questions.map((question) => question.name)).toEqual(expectedOrder);
    for (const question of questions) {
      expect(question['@type']).toBe('Question');
      expect(question.acceptedAnswer['@type']).toBe('Answer');
      expect(question.acceptedAnswer.text.length).toBeGreaterThan(20);
      expect(question.acceptedAnswer.text).not.toContain('<');
      expect(question.acceptedAnswer.text).not.toMatch(/&[a-z#0-9]+;/i);
      expect(question.acceptedAnswer.text).not.toMatch(/\]\(|\*\*/); // no Markdown syntax left either
    }
  });

  it('keeps the text of links in answers', () => {
    const withLinks = content.faqs.filter((entry) => (entry.body?.links.length ?? 0) > 0);
    expect(withLinks.length).toBeGreaterThan(0);
    const items = nodeOfType('/faqs', 'FAQPage')!.mainEntity as {
      name: string;
      acceptedAnswer: { text: string };
    }[];
    for (const entry of withLinks) {
      const answer = items.find((item) => item.name === entry.data.question)!.acceptedAnswer.text;
      for (const [, linkText] of entry.body!.html.matchAll(/<a [^>]*>([^<]+)<\/a>/g))
        expect(answer).toContain(linkText);
    }
  });

  it('is only on pages that ask for it', () => {
    const withFaq = routes.filter((route) => nodeOfType(route, 'FAQPage'));
    expect(withFaq).toEqual(['/faqs']);
  });
});

describe('BreadcrumbList', () => {
  it('is on every page but home, ending with the page itself', () => {
    expect(routes).toHaveLength(41);
    for (const route of routes.filter((r) => r !== '/')) {
      const crumbs = nodeOfType(route, 'BreadcrumbList');
      expect(crumbs, route).toBeDefined();
      const items = crumbs!.itemListElement as { position: number; item: string; name: string }[];
      expect(items.at(-1)!.item, route).toBe(urlOf(route));
      expect(items[0]!.item).toBe(`${TEST_SITE_URL}/`);
      expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
    }
  });

  it('passes through the branch page on service and area pages', () => {
    const deep = nodeOfType('/deep-cleaning-services', 'BreadcrumbList')!.itemListElement as {
      item: string;
    }[];
    expect(deep.map((item) => item.item)).toEqual([
      `${TEST_SITE_URL}/`,
      `${TEST_SITE_URL}/ardent-cleaning`,
      `${TEST_SITE_URL}/deep-cleaning-services`,
    ]);
    const senior = nodeOfType('/cleaning-services-senior-citizens', 'BreadcrumbList')!
      .itemListElement as { item: string }[];
    expect(senior[1]!.item).toBe(`${TEST_SITE_URL}/ardent-wellbeing`);
  });

  it('is not on the home page', () => {
    expect(nodeOfType('/', 'BreadcrumbList')).toBeUndefined();
  });
});

describe('escaping content inside the JSON-LD script element', () => {
  it('a question containing </script> cannot close the element, and parses back to the original text', async () => {
    const cleanDir = await copyMinimalSite();
    const dir = await copyMinimalSite();
    await editText(
      dir,
      'faqs/pets.md',
      'question: Is it all right if I have pets?',
      `question: ${JSON.stringify(attack)}`,
    );
    const [clean, attacked] = await Promise.all([buildInMemory(cleanDir), buildInMemory(dir)]);
    const cleanHtml = clean.text(htmlPathOf('/faqs'));
    const html = attacked.text(htmlPathOf('/faqs'));

    const closings = (text: string) => text.split('</script>').length - 1;
    const openings = (text: string) => (text.match(/<script[\s>]/g) ?? []).length;
    expect(closings(cleanHtml)).toBeGreaterThan(0);
    expect(closings(html)).toBe(closings(cleanHtml));
    expect(openings(html)).toBe(openings(cleanHtml));
    expect(html).not.toContain('<script>alert(1)');

    const [block] = jsonLdBlocks(html) as [{ '@graph': LdNode[] }];
    const faqPage = block['@graph'].find((node) => node['@type'] === 'FAQPage')!;
    const names = (faqPage.mainEntity as { name: string }[]).map((item) => item.name);
    expect(names).toContain(attack);
    // The visible question is escaped text too.
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  }, 60_000);

  // rehype-stringify writes "&" in text as "&#x26;": the answer must be the text, not the HTML.
  it('an answer containing "&" reads "&" in the FAQPage, not a character reference', async () => {
    const dir = await copyMinimalSite();
    await editText(dir, 'faqs/pets.md', 'Of course.', 'Cats & dogs are welcome.');
    const html = (await buildInMemory(dir)).text(htmlPathOf('/faqs'));
    const faqPage = jsonLdNodes(html).find((node) => node['@type'] === 'FAQPage')!;
    const answers = (faqPage.mainEntity as { acceptedAnswer: { text: string } }[]).map(
      (item) => item.acceptedAnswer.text,
    );
    expect(answers).toContain('Cats & dogs are welcome. Tell us about them when you book.');
  }, 60_000);
});
