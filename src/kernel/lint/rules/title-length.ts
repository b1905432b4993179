import { characterCount } from '../character-count.ts';
import { isRoute, perPageRule } from '../context.ts';

/** Every route's title fits in a search result: at most 60 characters. */
export const titleLength = perPageRule(
  'title-length',
  'title length',
  isRoute,
  (page, { options }) => {
    const length = characterCount(page.title);
    if (length <= options.maxTitleLength) return [];
    return [
      {
        code: 'title-too-long',
        file: page.file,
        line: page.entry.lineOf(['title']),
        field: 'title',
        message: `The title is ${length} characters long; keep it to ${options.maxTitleLength} or fewer (${length - options.maxTitleLength} too many): "${page.title}".`,
      },
    ];
  },
);
