/**
 * US spellings and usages the site writes the British way, with the word to use instead.
 * Each entry is one US → UK pair; its inflections are generated from the stems and endings given.
 * Left out on purpose, as too ambiguous in British English: program, license, practice, meter,
 * tire, curb, check, story, draft, yard, vacation, inquiry, judgment, aging.
 */

import { SPELLINGS, USAGES } from './us-whole-words.ts';

export interface UsWord {
  /** The US form, lower case; the words of a phrase are separated by one space. */
  us: string;
  /** What to write instead. */
  uk: string;
  kind: 'spelling' | 'usage';
}

/** organize → organise, organizes, organized, organizing, organizer(s), organization(s), organizational. */
const IZE_VERBS = [
  'apolog',
  'author',
  'categor',
  'character',
  'critic',
  'custom',
  'deodor',
  'emphas',
  'energ',
  'familiar',
  'final',
  'harmon',
  'item',
  'maxim',
  'memor',
  'minim',
  'mobil',
  'modern',
  'moistur',
  'neutral',
  'optim',
  'organ',
  'personal',
  'priorit',
  'public',
  'real',
  'recogn',
  'revital',
  'sanit',
  'scrutin',
  'special',
  'stabil',
  'standard',
  'steril',
  'summar',
  'sympath',
  'util',
  'visual',
];
const IZE_ENDINGS = [
  'ize',
  'izes',
  'ized',
  'izing',
  'izer',
  'izers',
  'ization',
  'izations',
  'izational',
];

/** analyze → analyse, analyzes, analyzed, analyzing, analyzer(s). */
const YZE_VERBS = ['anal', 'catal', 'paral'];
const YZE_ENDINGS = ['yze', 'yzes', 'yzed', 'yzing', 'yzer', 'yzers'];

/** color → colour, with the endings each word takes (laborious, honorary and humorous are British too). */
const OR_WORDS: Record<string, readonly string[]> = {
  armor: ['', 'ed', 'y'],
  behavior: ['', 's', 'al', 'ally'],
  candor: [''],
  clamor: ['', 's', 'ed', 'ing'],
  color: ['', 's', 'ed', 'ing', 'ings', 'ful', 'fully', 'less', 'fast', 'way', 'ways'],
  discolor: ['', 's', 'ed', 'ing', 'ation', 'ations'],
  endeavor: ['', 's', 'ed', 'ing'],
  favor: ['', 's', 'ed', 'ing', 'able', 'ably', 'ite', 'ites', 'itism'],
  flavor: ['', 's', 'ed', 'ing', 'ings', 'ful', 'less', 'some'],
  harbor: ['', 's', 'ed', 'ing'],
  honor: ['', 's', 'ed', 'ing', 'able', 'ably'],
  humor: ['', 's', 'ed', 'ing', 'less'],
  labor: ['', 's', 'ed', 'ing', 'er', 'ers'],
  neighbor: ['', 's', 'hood', 'hoods', 'ing', 'ly', 'liness'],
  odor: ['', 's', 'less'],
  parlor: ['', 's'],
  rancor: [''],
  rumor: ['', 's', 'ed'],
  savior: ['', 's'],
  splendor: ['', 's'],
  tumor: ['', 's'],
  valor: [''],
  vapor: ['', 's'],
  vigor: [''],
};

/** center → centre: -er, -ers, -ered, -ering become -re, -res, -red, -ring. */
const RE_WORDS: Record<string, readonly string[]> = {
  calib: ['er', 'ers'],
  cent: ['er', 'ers', 'ered', 'ering', 'erpiece', 'erpieces'],
  centimet: ['er', 'ers'],
  fib: ['er', 'ers', 'erglass'],
  kilomet: ['er', 'ers'],
  lit: ['er', 'ers'],
  lust: ['er'],
  meag: ['er'],
  millimet: ['er', 'ers'],
  sab: ['er', 'ers'],
  somb: ['er'],
  spect: ['er', 'ers'],
  theat: ['er', 'ers', 'ergoer', 'ergoers'],
};
const RE_ENDING = (ending: string) =>
  /^er(?:ed|ing)$/.test(ending) ? ending.slice(1) : ending.replace(/^er/, 're');

function build(): UsWord[] {
  const words: UsWord[] = [];
  const spelling = (us: string, uk: string) => words.push({ us, uk, kind: 'spelling' });
  for (const stem of IZE_VERBS)
    for (const ending of IZE_ENDINGS) spelling(stem + ending, stem + ending.replace('iz', 'is'));
  for (const stem of YZE_VERBS)
    for (const ending of YZE_ENDINGS) spelling(stem + ending, stem + ending.replace('yz', 'ys'));
  for (const [word, endings] of Object.entries(OR_WORDS))
    for (const ending of endings) spelling(word + ending, `${word.slice(0, -2)}our${ending}`);
  for (const [stem, endings] of Object.entries(RE_WORDS))
    for (const ending of endings) spelling(stem + ending, stem + RE_ENDING(ending));
  for (const [us, uk] of SPELLINGS) spelling(us, uk);
  for (const [us, uk] of USAGES) words.push({ us, uk, kind: 'usage' });
  return words;
}

/** Every US form the lint knows, inflections included, by its lower-case text. */
export const US_WORDS: ReadonlyMap<string, UsWord> = new Map(
  build().map((word) => [word.us, word]),
);

/** How many US → UK pairs the list is made from (stems and whole words; inflections not counted). */
export const US_PAIR_COUNT =
  IZE_VERBS.length +
  YZE_VERBS.length +
  Object.keys(OR_WORDS).length +
  Object.keys(RE_WORDS).length +
  SPELLINGS.length +
  USAGES.length;
