import type { ContentProblem } from '../../errors/problems.ts';
import { perPageRule, type LintedPage, type LintContext } from '../context.ts';
import { closestAncestor, findElements, hasClass, isTag, type LintElement } from '../html.ts';
import { escapeRegExp } from '../sources.ts';

/**
 * Every <img> in <main> has an alt attribute. An empty alt marks a decorative image (a card's icon
 * next to its title); images written in Markdown are content and need a description.
 */
export const altText = perPageRule(
  'alt-text',
  'alt text on images in <main>',
  () => true,
  (page, context) => {
    const main = page.document.main;
    if (!main) return [];
    const problems: ContentProblem[] = [];
    for (const image of findElements(main, isTag('img'))) {
      const src = image.getAttribute('src') ?? '';
      const fromMarkdown = closestAncestor(image, (element) => hasClass(element, 'prose')) !== null;
      if (!image.hasAttribute('alt')) {
        problems.push({
          code: 'missing-alt',
          ...imageSource(page, image, context),
          message: `The image ${src || '(no src)'} on ${page.route} has no alt attribute.`,
        });
      } else if (fromMarkdown && !image.getAttribute('alt')!.trim()) {
        problems.push({
          code: 'missing-alt',
          ...imageSource(page, image, context),
          message: `The image ${src || '(no src)'} on ${page.route} has no alt text: describe it between the brackets, as in ![A freshly cleaned kitchen](${src || '/images/…'}).`,
        });
      }
    }
    return problems;
  },
);

/** Where the image is written: its address in the page's file first, then in any content file. */
function imageSource(
  page: LintedPage,
  image: LintElement,
  { sources }: LintContext,
): { file: string; line: number } {
  const src = image.getAttribute('src');
  const found = src
    ? sources.locate(new RegExp(escapeRegExp(src)), [page.file], { raw: true })[0]
    : undefined;
  return found ?? { file: page.file, line: 1 };
}
