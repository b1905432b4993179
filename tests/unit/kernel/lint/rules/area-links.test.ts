import { afterAll, describe, expect, it } from 'vitest';
import { linkRoute } from '../../../../../src/kernel/lint/rules/area-links.ts';
import { lineContaining, readText, removeTempCopies } from '../../../../support/sites.ts';
import { countsOf, lint, lintCase } from '../../../../support/lint.ts';

afterAll(removeTempCopies);

describe('lint rule: area-links', () => {
  it('reports an area page that links to fewer than three other areas and to no service, with suggestions', async () => {
    const content = await lintCase('area-links');
    const report = await lint(content);
    const source = await readText(content, 'areas/petts-wood.md');
    const where = {
      file: 'areas/petts-wood.md',
      line: lineContaining(source, '## Cleaning in Petts Wood'),
    };
    // The breadcrumbs, the header's menus and the sidebar link to areas and services too; only <main>'s copy counts,
    // a #fragment link counts, and a link to the page itself does not.
    expect(report.problems).toEqual([
      {
        code: 'too-few-area-links',
        ...where,
        message:
          '/cleaning-services-petts-wood links to 1 other area page (/cleaning-services-orpington); link to at least 3, ' +
          'for example its neighbours /cleaning-services-chislehurst, /cleaning-services-bromley.',
      },
      {
        code: 'too-few-service-links',
        ...where,
        message:
          '/cleaning-services-petts-wood links to 0 service pages; link to at least 1, for example /regular-cleaning.',
      },
    ]);
  });

  it('passes the base site, where one area page links through an areas-list block', async () => {
    const report = await lint(await lintCase(), undefined, ['area-links']);
    expect(report.problems).toEqual([]);
    expect(countsOf(report, 'area-links')).toMatchObject({ checked: 4, problems: 0 });
  });

  it('takes its minimums from the options', async () => {
    const report = await lint(
      await lintCase('area-links'),
      { minAreaLinks: 1, minServiceLinks: 0 },
      ['area-links'],
    );
    expect(report.problems).toEqual([]);
  });

  it('reads the route a link points to', () => {
    const site = 'https://www.tidy.example';
    expect(linkRoute('/cleaning-services-bromley#parking', site)).toBe(
      '/cleaning-services-bromley',
    );
    expect(linkRoute('/regular-cleaning/?ref=x', site)).toBe('/regular-cleaning');
    expect(linkRoute(`${site}/cleaning-services-bromley`, site)).toBe('/cleaning-services-bromley');
    expect(linkRoute(site, site)).toBe('/');
    expect(linkRoute('https://elsewhere.example/cleaning-services-bromley', site)).toBeUndefined();
    expect(linkRoute('//elsewhere.example/x', site)).toBeUndefined();
    expect(linkRoute('mailto:hello@tidy.example', site)).toBeUndefined();
    expect(linkRoute('#top', site)).toBeUndefined();
    expect(linkRoute(undefined, site)).toBeUndefined();
  });
});
