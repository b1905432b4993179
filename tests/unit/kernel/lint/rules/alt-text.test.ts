import { afterAll, describe, expect, it } from 'vitest';
import { altText } from '../../../../../src/kernel/lint/rules/alt-text.ts';
import { removeTempCopies } from '../../../../support/sites.ts';
import { countsOf, documentWith, htmlContext, lint, lintCase } from '../../../../support/lint.ts';

afterAll(removeTempCopies);

describe('lint rule: alt-text', () => {
  // Content cannot build such a page: the image stage stops a photo in Markdown without alt text
  // first (missing-alt), and any other image there (unsupported-image). The rule checks the HTML.
  it("reports an image in the Markdown's HTML with empty alt text, at the line that writes it", () => {
    const context = htmlContext(
      [
        {
          route: '/about',
          file: 'pages/about.md',
          html: documentWith(
            '<main><h1>About</h1><div class="prose"><p><img src="/images/van.jpg" alt=""></p></div></main>',
          ),
        },
      ],
      { 'pages/about.md': '---\nroute: /about\n---\n\nOur van:\n\n![](/images/van.jpg)\n' },
    );
    expect(altText.run(context).problems).toEqual([
      {
        code: 'missing-alt',
        file: 'pages/about.md',
        line: 7,
        message:
          'The image /images/van.jpg on /about has no alt text: describe it between the brackets, as in ![A freshly cleaned kitchen](/images/van.jpg).',
      },
    ]);
  });

  it('passes the base site: the logos have alt text, the service cards\' icons are decorative (alt="")', async () => {
    const report = await lint(await lintCase(), undefined, ['alt-text']);
    expect(report.problems).toEqual([]);
    expect(countsOf(report, 'alt-text')).toMatchObject({ checked: 16, problems: 0 });
  });

  it('reports an <img> in <main> with no alt attribute at all, and only in <main>', () => {
    const context = htmlContext(
      [
        {
          route: '/gallery',
          file: 'pages/gallery.md',
          html: documentWith(
            '<header><img src="/logo.svg"></header><main><h1>Gallery</h1>' +
              '<img src="/images/oven.jpg"><img src="/icon.svg" alt=""><div class="prose"><p><img src="/images/hob.jpg" alt="A clean hob"></p></div></main>',
          ),
        },
      ],
      { 'pages/gallery.md': '---\nroute: /gallery\nimages:\n  - /images/oven.jpg\n---\n' },
    );
    expect(altText.run(context)).toEqual({
      checked: 1,
      problems: [
        {
          code: 'missing-alt',
          file: 'pages/gallery.md',
          line: 4,
          message: 'The image /images/oven.jpg on /gallery has no alt attribute.',
        },
      ],
    });
  });
});
