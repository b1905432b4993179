import { afterAll, describe, expect, it } from 'vitest';
import { headings } from '../../../../../src/kernel/lint/rules/headings.ts';
import { lineContaining, readText, removeTempCopies } from '../../../../support/sites.ts';
import { documentWith, htmlContext, lint, lintCase } from '../../../../support/lint.ts';

afterAll(removeTempCopies);

describe('lint rule: headings', () => {
  it('reports a Markdown heading that skips a level, at its line', async () => {
    const content = await lintCase('headings');
    const report = await lint(content);
    const service = await readText(content, 'services/regular-cleaning.md');
    expect(report.problems).toEqual([
      {
        code: 'skipped-heading-level',
        file: 'services/regular-cleaning.md',
        line: lineContaining(service, '#### Extras on request'),
        message:
          '"Extras on request" is an h4 right after the h2 "What is included" on /regular-cleaning; make it an h3 ("###" in Markdown).',
      },
    ]);
  });

  it("a hero that opens an app page carries its only h1 (the case fixture's /login)", async () => {
    const content = await lintCase('headings');
    const report = await lint(content);
    expect(
      report.problems.filter(
        (problem) => problem.code === 'multiple-h1' || problem.code === 'missing-h1',
      ),
    ).toEqual([]);
  });

  it('passes the base site, error pages included, reading the sidebar and contact section too', async () => {
    const report = await lint(await lintCase(), undefined, ['headings']);
    expect(report.problems).toEqual([]);
    expect(report.rules[0]).toMatchObject({ id: 'headings', checked: 16, problems: 0 });
  });

  it('reports a page with no h1, and a first heading below h1', () => {
    const context = htmlContext([
      {
        route: '/no-h1',
        file: 'pages/no-h1.md',
        html: documentWith('<main><h2>Only a section</h2><p>Text.</p></main>'),
      },
      {
        route: '/fine',
        file: 'pages/fine.md',
        html: documentWith(
          '<main><h1>Title</h1><h2>A</h2><h3>B</h3><h2>C</h2></main><aside><h2>Menu</h2></aside>',
        ),
      },
    ]);
    expect(headings.run(context)).toEqual({
      checked: 2,
      problems: [
        {
          code: 'missing-h1',
          file: 'pages/no-h1.md',
          line: 2,
          message: 'The page /no-h1 has no h1.',
        },
        {
          code: 'skipped-heading-level',
          file: 'pages/no-h1.md',
          line: 2,
          message:
            '"Only a section" is an h2 and the first heading on /no-h1; the first heading must be the page\'s h1.',
        },
      ],
    });
  });

  it('reads headings outside <main>: an h4 in the sidebar after an h2 is a skip', () => {
    const context = htmlContext(
      [
        {
          route: '/side',
          file: 'pages/side.md',
          html: documentWith('<main><h1>Title</h1><h2>A</h2></main><aside><h4>Menu</h4></aside>'),
        },
      ],
      {
        'pages/side.md': '---\nroute: /side\n---\n\n## A\n',
        'site/navigation.md': '---\nsidebar:\n  heading: Menu\n---\n',
      },
    );
    expect(headings.run(context).problems).toEqual([
      {
        code: 'skipped-heading-level',
        file: 'site/navigation.md',
        line: 3,
        message:
          '"Menu" is an h4 right after the h2 "A" on /side; make it an h3 ("###" in Markdown).',
      },
    ]);
  });
});
