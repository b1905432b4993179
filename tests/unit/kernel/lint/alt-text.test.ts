import { afterAll, describe, expect, it } from 'vitest';
import { altText } from '../../../../src/kernel/lint/rules/alt-text.ts';
import { lineContaining, readText, removeTempCopies } from '../../../support/sites.ts';
import { countsOf, documentWith, htmlContext, lint, lintCase } from '../../../support/lint.ts';

afterAll(removeTempCopies);

describe('lint rule: alt-text', () => {
  it('reports an image written in Markdown with no alt text, at its line', async () => {
    const content = await lintCase('alt-text');
    const report = await lint(content);
    const source = await readText(content, 'pages/about.md');
    expect(report.problems).toEqual([
      {
        code: 'missing-alt',
        file: 'pages/about.md',
        line: lineContaining(source, '![](/images/ardent-cleaning-logo.svg)'),
        message:
          'The image /images/ardent-cleaning-logo.svg on /about has no alt text: describe it between the brackets, as in ![A freshly cleaned kitchen](/images/ardent-cleaning-logo.svg).',
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
      problems: [{ code: 'missing-alt', file: 'pages/gallery.md', line: 4, message: 'The image /images/oven.jpg on /gallery has no alt attribute.' }],
    });
  });
});
