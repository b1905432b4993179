import { afterAll, describe, expect, it } from 'vitest';
import {
  findPlaceholders,
  placeholders,
} from '../../../../../src/kernel/lint/rules/placeholders.ts';
import { maskReserved } from '../../../../../src/kernel/lint/text-scan.ts';
import { lineContaining, readText, removeTempCopies } from '../../../../support/sites.ts';
import { countsOf, documentWith, htmlContext, lint, lintCase } from '../../../../support/lint.ts';

afterAll(removeTempCopies);

const found = (text: string) => findPlaceholders(maskReserved(text)).map((hit) => hit.found);

describe('lint rule: placeholders', () => {
  it('reports placeholder text in a description, a body and an FAQ answer shown on another page, at their lines', async () => {
    const content = await lintCase('placeholders');
    const report = await lint(content);
    const about = await readText(content, 'pages/about.md');
    const contact = await readText(content, 'pages/contact.md');
    const pets = await readText(content, 'faqs/pets.md');
    expect(report.problems).toEqual([
      {
        code: 'placeholder-text',
        file: 'pages/about.md',
        line: lineContaining(about, 'description:'),
        field: 'description',
        message: 'Placeholder text "coming soon" is left in; replace it with the real words.',
      },
      {
        code: 'placeholder-text',
        file: 'pages/about.md',
        line: lineContaining(about, 'TODO'),
        message: 'Placeholder text "TODO" is left in; replace it with the real words.',
      },
      {
        code: 'placeholder-text',
        file: 'pages/contact.md',
        line: lineContaining(contact, '960xxx'),
        message: 'Placeholder text "xxx" is left in; replace it with the real words.',
      },
      {
        code: 'placeholder-text',
        file: 'faqs/pets.md',
        line: lineContaining(pets, 'Lorem ipsum'),
        message: 'Placeholder text "Lorem ipsum" is left in; replace it with the real words.',
      },
    ]);
  });

  it('passes the reserved .example addresses and drama-range numbers, and words that only look like placeholders', async () => {
    const report = await lint(await lintCase('placeholders-allowed'), undefined, ['placeholders']);
    expect(report.problems).toEqual([]);
    expect(countsOf(report, 'placeholders')).toEqual({
      id: 'placeholders',
      summary: 'no placeholder text',
      checked: 16,
      problems: 0,
    });
  });

  it('finds each placeholder the issue lists, in any case, as whole words', () => {
    expect(
      found(
        'Lorem ipsum dolor. TODO. tbc, TBD. Coming  soon! A placeholder. [Insert name]. Call 01632 XXX. Example text here.',
      ),
    ).toEqual([
      'Lorem ipsum',
      'TODO',
      'tbc',
      'TBD',
      'Coming  soon',
      'placeholder',
      '[Insert',
      'XXX',
      'Example text',
    ]);
    expect(
      found(
        'A to-do list, todos? Tbcs, sixty, example: text, www.site.example/todo, hello@tbc.example, https://x.test/lorem, 01632 960 123',
      ),
    ).toEqual([]);
  });

  it("points at the page's first line, saying so, when the text is in no content file", () => {
    const context = htmlContext(
      [
        {
          route: '/x',
          file: 'pages/x.md',
          html: documentWith('<main><h1>X</h1><p>Reviews coming soon.</p></main>'),
        },
      ],
      {
        'pages/x.md': '---\nroute: /x\n---\n\nSome copy.\n',
      },
    );
    expect(placeholders.run(context).problems).toEqual([
      {
        code: 'placeholder-text',
        file: 'pages/x.md',
        line: 1,
        message:
          'Placeholder text "coming soon" is left in; replace it with the real words. (Not found in the content files: it may be template text.)',
      },
    ]);
  });
});
