import { copyLine, perPageRule, plural } from '../context.ts';
import { countWords, isTag, visibleText } from '../html.ts';

/** Navigation is not copy: the breadcrumbs (and any other <nav> in <main>) are left out of the count. */
const NOT_COPY = isTag('nav');

/** Service and area pages carry at least 300 words of real copy in <main>. */
export const wordCount = perPageRule(
  'word-count',
  'words of copy (service, area)',
  (page) => page.page?.template === 'service' || page.page?.template === 'area',
  (page, { options, sources }) => {
    const main = page.document.main;
    const words = main ? countWords(visibleText(main, NOT_COPY)) : 0;
    if (words >= options.minWords) return [];
    return [
      {
        code: 'too-few-words',
        file: page.file,
        line: copyLine(page, sources),
        message: `The ${page.page!.template} page ${page.route} has ${plural(words, 'word')} of copy in <main>; write at least ${options.minWords} (${options.minWords - words} more).`,
      },
    ];
  },
);
