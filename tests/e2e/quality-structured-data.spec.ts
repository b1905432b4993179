// Quality gate 5 (issue 5): every JSON-LD block of every page is valid against schema.org's
// vocabulary (@adobe/structured-data-validator with @marbec/web-auto-extractor, offline): no
// error, and no warning (a warning that no fix can remove would be listed, with its reason, in
// src/generator/gates/structured-data.ts). The LocalBusiness carries what Google asks for.
import { brokenSite } from '../support/quality/broken-fixture.ts';
import {
  formatIssues,
  hasLocalBusiness,
  localBusinessProblems,
  structuredDataProblems,
  validateStructuredData,
} from '../../src/generator/gates/structured-data.ts';
import { expect, SPEC_ROUTES, test } from '../support/e2e/fixtures.ts';

const NOT_FOUND = '/this-page-does-not-exist';

test('every JSON-LD block on every page is valid schema.org, without errors or warnings', async ({
  request,
}) => {
  const found: Record<string, string[]> = {};
  let blocks = 0;
  let businesses = 0;
  for (const route of [...SPEC_ROUTES, NOT_FOUND]) {
    const html = await (await request.get(route)).text();
    const result = await structuredDataProblems(html);
    blocks += result.blocks;
    if (hasLocalBusiness(result.nodes)) businesses += 1;
    if (result.problems.length) found[route] = result.problems;
  }
  expect(found, 'structured-data problems by route').toEqual({});
  expect(blocks, 'JSON-LD blocks checked').toBeGreaterThanOrEqual(SPEC_ROUTES.length);
  // The home page and both branch pages carry the LocalBusiness.
  expect(businesses, 'pages with a LocalBusiness').toBeGreaterThanOrEqual(3);
});

test('the validator reports the broken fixture page (gate 5 can fail)', async ({ request }) => {
  const site = await brokenSite();
  const html = await (await request.get(`${site.origin}/`)).text();
  const result = await validateStructuredData(html);
  const lines = formatIssues(result.issues);
  expect(
    lines.some((line) => line.startsWith('ERROR') && line.includes('LocalBuisness')),
    'a misspelt type is an error',
  ).toBe(true);
  expect(
    lines.some((line) => line.startsWith('WARNING') && line.includes('favouriteColour')),
    'an unknown property is a warning',
  ).toBe(true);
  expect(
    lines.some((line) => line.startsWith('ERROR') && /not JSON|parse|JSON/i.test(line)),
    'a block that does not parse is an error',
  ).toBe(true);
  expect(localBusinessProblems(result.nodes)).toEqual(
    expect.arrayContaining([
      'LocalBusiness Half a business has no telephone',
      'LocalBusiness Half a business has no geo',
      'LocalBusiness Half a business has no openingHoursSpecification',
      'LocalBusiness Half a business has no priceRange',
    ]),
  );
});
