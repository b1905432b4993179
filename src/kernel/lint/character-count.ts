// How long a title or description reads: grapheme clusters, what a reader counts as one character.
// An emoji with a skin tone, or a letter with a combining accent, is one; spreading the string
// into code points would count their parts apart.
const graphemes = new Intl.Segmenter('en-GB', { granularity: 'grapheme' });

export const characterCount = (text: string): number => [...graphemes.segment(text)].length;
