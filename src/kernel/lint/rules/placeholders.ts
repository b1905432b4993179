import type { LintRule } from '../context.ts';
import { scanText, type TextHit } from '../text-scan.ts';

/** Stand-in text that must never reach a visitor; whole words, any case. */
const PLACEHOLDERS = [
  'lorem(?:\\s+ipsum)?',
  'ipsum',
  'todo',
  'tbc',
  'tbd',
  'fixme',
  'coming\\s+soon',
  'placeholders?',
  'example\\s+text',
  'sample\\s+text',
  'dummy\\s+text',
];

/** "[insert …]" may run into the next word; "xxx" may follow digits ("960xxx"), but not letters. */
const PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${PLACEHOLDERS.join('|')})(?![\\p{L}\\p{N}])|\\[\\s*insert\\b|(?<!\\p{L})x{3,}(?!\\p{L})`,
  'giu',
);

export function findPlaceholders(text: string): TextHit[] {
  return [...text.matchAll(PATTERN)].map((match) => ({
    found: match[0],
    code: 'placeholder-text',
    message: `Placeholder text "${match[0]}" is left in; replace it with the real words.`,
    // Found in the source the way it was found in the text ("960xxx", "[insert name]").
    source: /^x+$/i.test(match[0])
      ? /(?<!\p{L})x{3,}(?!\p{L})/iu
      : match[0].startsWith('[')
        ? /\[\s*insert/i
        : undefined,
  }));
}

/** No lorem ipsum, TODO, TBC, "coming soon" or the like in any page's text, title or description. */
export const placeholders: LintRule = {
  id: 'placeholders',
  summary: 'no placeholder text',
  run: (context) => scanText(context, findPlaceholders),
};
