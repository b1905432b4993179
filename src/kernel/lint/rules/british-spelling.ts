import type { LintRule } from '../context.ts';
import { scanText, type TextHit } from '../text-scan.ts';
import { US_WORDS, type UsWord } from './us-spellings.ts';

/** The forms of one word, and the two-word phrases ("zip code") by their first word. */
const WORDS = new Map<string, UsWord>();
const PHRASES = new Map<string, Map<string, UsWord>>();
for (const [us, word] of US_WORDS) {
  const [first, second, ...rest] = us.split(' ');
  if (rest.length > 0) throw new Error(`US word list: phrases have two words at most: "${us}"`);
  if (second === undefined) WORDS.set(first!, word);
  else PHRASES.set(first!, (PHRASES.get(first!) ?? new Map<string, UsWord>()).set(second, word));
}

/** Whole words: runs of letters and digits ("color-coded" holds "color"; "colorado" holds nothing). */
const TOKEN = /[\p{L}\p{N}]+/gu;
/** What may join the words of a phrase: "zip code", "zip-code". */
const PHRASE_GAP = /^[\s-]+$/;

export function findUsSpellings(text: string): TextHit[] {
  const hits: TextHit[] = [];
  const tokens = [...text.matchAll(TOKEN)];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    const lower = token[0].toLowerCase();
    const next = tokens[i + 1];
    const phrase =
      next && PHRASE_GAP.test(text.slice(token.index + token[0].length, next.index))
        ? PHRASES.get(lower)?.get(next[0].toLowerCase())
        : undefined;
    if (phrase) {
      hits.push(hit(text.slice(token.index, next!.index + next![0].length), phrase));
      i += 1;
      continue;
    }
    const word = WORDS.get(lower);
    if (word) hits.push(hit(token[0], word));
  }
  return hits;
}

function hit(found: string, word: UsWord): TextHit {
  const uk = matchCase(word.uk, found);
  return {
    found,
    code: 'us-spelling',
    message:
      word.kind === 'spelling'
        ? `"${found}" is the US spelling; write "${uk}".`
        : `"${found}" is American usage; write "${uk}".`,
  };
}

/** "Colors" → "Colours", "COLOR" → "COLOUR". */
function matchCase(suggestion: string, found: string): string {
  if (found.length > 1 && found === found.toUpperCase()) return suggestion.toUpperCase();
  if (found[0] === found[0]!.toUpperCase())
    return suggestion[0]!.toUpperCase() + suggestion.slice(1);
  return suggestion;
}

/** British spelling in every page's text, title and description. */
export const britishSpelling: LintRule = {
  id: 'british-spelling',
  summary: 'British spelling and usage',
  run: (context) => scanText(context, findUsSpellings),
};
