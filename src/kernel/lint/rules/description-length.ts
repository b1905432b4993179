import { characterCount } from '../character-count.ts';
import { isRoute, perPageRule } from '../context.ts';

/** Every route's meta description is a useful snippet: 50 to 160 characters. */
export const descriptionLength = perPageRule(
  'description-length',
  'meta description length',
  isRoute,
  (page, { options }) => {
    const length = characterCount(page.description);
    // Only for a problem: finding the line parses the file's front matter again.
    const where = () => ({
      file: page.file,
      line: page.entry.lineOf(['description']),
      field: 'description',
    });
    if (length < options.minDescriptionLength) {
      return [
        {
          code: 'description-too-short',
          ...where(),
          message: `The description is ${length} characters long; write at least ${options.minDescriptionLength} (${options.minDescriptionLength - length} more): "${page.description}".`,
        },
      ];
    }
    if (length > options.maxDescriptionLength) {
      return [
        {
          code: 'description-too-long',
          ...where(),
          message: `The description is ${length} characters long; keep it to ${options.maxDescriptionLength} or fewer (${length - options.maxDescriptionLength} too many).`,
        },
      ];
    }
    return [];
  },
);
