import { afterAll, describe, expect, it } from 'vitest';
import { findUsSpellings } from '../../../../../src/kernel/lint/rules/british-spelling.ts';
import { US_PAIR_COUNT, US_WORDS } from '../../../../../src/kernel/lint/rules/us-spellings.ts';
import { lineContaining, readText, removeTempCopies } from '../../../../support/sites.ts';
import { countsOf, lint, lintCase } from '../../../../support/lint.ts';

afterAll(removeTempCopies);

const hits = (text: string) => findUsSpellings(text).map((hit) => hit.message);

describe('lint rule: british-spelling', () => {
  it('reports US spellings in a title, a body, a summary shown on other pages and the navigation, once per source line', async () => {
    const content = await lintCase('british-spelling');
    const report = await lint(content);
    const service = await readText(content, 'services/regular-cleaning.md');
    const navigation = await readText(content, 'site/navigation.md');
    const body = lineContaining(service, 'We organize');
    const problems = report.problems.map(({ file, line, field, message }) => ({
      file,
      line,
      field,
      message,
    }));
    expect(report.problems.every((problem) => problem.code === 'us-spelling')).toBe(true);
    expect(problems).toHaveLength(6);
    expect(problems).toEqual(
      expect.arrayContaining([
        {
          file: 'services/regular-cleaning.md',
          line: lineContaining(service, 'title:'),
          field: 'title',
          message: '"Neighborhood" is the US spelling; write "Neighbourhood".',
        },
        {
          file: 'services/regular-cleaning.md',
          line: body,
          field: undefined,
          message: '"organize" is the US spelling; write "organise".',
        },
        {
          file: 'services/regular-cleaning.md',
          line: body,
          field: undefined,
          message: '"Countertops" is American usage; write "Worktops".',
        },
        {
          file: 'services/regular-cleaning.md',
          line: body,
          field: undefined,
          message: '"colors" is the US spelling; write "colours".',
        },
        // The summary is not on its own page, but on the cards of /ardent-cleaning and the home page.
        {
          file: 'services/regular-cleaning.md',
          line: lineContaining(service, 'summary:'),
          field: undefined,
          message: '"favorite" is the US spelling; write "favourite".',
        },
        // The sidebar heading is on every page, and reported once.
        {
          file: 'site/navigation.md',
          line: lineContaining(navigation, 'specialized'),
          field: undefined,
          message: '"specialized" is the US spelling; write "specialised".',
        },
      ]),
    );
  });

  it('passes the base site', async () => {
    const report = await lint(await lintCase(), undefined, ['british-spelling']);
    expect(report.problems).toEqual([]);
    expect(countsOf(report, 'british-spelling')).toMatchObject({ checked: 16, problems: 0 });
  });

  it('knows at least 60 US → UK pairs, with their inflections', () => {
    expect(US_PAIR_COUNT).toBeGreaterThanOrEqual(60);
    for (const [us, uk] of [
      ['color', 'colour'],
      ['colored', 'coloured'],
      ['center', 'centre'],
      ['centered', 'centred'],
      ['organization', 'organisation'],
      ['favorite', 'favourite'],
      ['neighborhoods', 'neighbourhoods'],
      ['behavioral', 'behavioural'],
      ['analyzing', 'analysing'],
      ['catalog', 'catalogue'],
      ['discoloration', 'discolouration'],
      ['traveling', 'travelling'],
      ['canceled', 'cancelled'],
      ['cancelation', 'cancellation'],
      ['jewelry', 'jewellery'],
      ['gray', 'grey'],
      ['mold', 'mould'],
      ['pajamas', 'pyjamas'],
      ['fulfill', 'fulfil'],
      ['enroll', 'enrol'],
      ['skillful', 'skilful'],
      ['aluminum', 'aluminium'],
      ['defense', 'defence'],
      ['offense', 'offence'],
      ['theater', 'theatre'],
      ['liter', 'litre'],
      ['fiber', 'fibre'],
      ['caliber', 'calibre'],
      ['mom', 'mum'],
      ['apartment', 'flat'],
      ['trash', 'rubbish'],
      ['garbage', 'rubbish'],
      ['faucet', 'tap'],
      ['zip code', 'postcode'],
      ['cell phone', 'mobile phone'],
    ]) {
      expect(US_WORDS.get(us!)?.uk, us).toBe(uk);
    }
  });

  it('matches whole words and phrases in any case, and keeps the case in the suggestion', () => {
    expect(
      hits('COLOR, Colors and color-coded; a Zip-Code and a cell  phone; Mom’s apartment.'),
    ).toEqual([
      '"COLOR" is the US spelling; write "COLOUR".',
      '"Colors" is the US spelling; write "Colours".',
      '"color" is the US spelling; write "colour".',
      '"Zip-Code" is American usage; write "Postcode".',
      '"cell  phone" is American usage; write "mobile phone".',
      '"Mom" is the US spelling; write "Mum".',
      '"apartment" is American usage; write "flat".',
    ]);
  });

  it('leaves British spellings, words that merely contain a US one, and the ambiguous words alone', () => {
    expect(
      hits(
        'Colour, colours, organise, centre, favourite, neighbourhood, grey, mould, cancel, travel, fulfilled, enrolled, ' +
          'Colorado, Moldova? No: laborious, honorary, humorous, momentum, program, license, practice, meter, tire, curb, yard, vacation, to-do.',
      ),
    ).toEqual([]);
  });
});
