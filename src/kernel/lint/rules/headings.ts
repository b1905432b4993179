import type { ContentProblem } from '../../errors/problems.ts';
import { perPageRule, type LintContext, type LintedPage } from '../context.ts';
import { findElements, visibleText, type LintElement } from '../html.ts';
import { textPattern } from '../sources.ts';

const HEADING = /^H([1-6])$/;

interface Heading {
  level: number;
  text: string;
}

/**
 * Exactly one h1 on every page, and no level skipped on the way down (h2 → h4), across everything
 * rendered in the body: <main>, the sidebar and the contact section. Going back up is always fine.
 */
export const headings = perPageRule(
  'headings',
  'one h1, no skipped levels',
  () => true,
  (page, context) => {
    const list: Heading[] = findElements(page.document.body, (element) =>
      HEADING.test(element.tagName),
    ).map((element: LintElement) => ({
      level: Number(HEADING.exec(element.tagName)![1]),
      text: visibleText(element),
    }));
    const problems: ContentProblem[] = [];
    const h1s = list.filter((heading) => heading.level === 1);
    if (h1s.length === 0) {
      problems.push({
        code: 'missing-h1',
        file: page.file,
        line: page.entry.lineOf(['heading']),
        message: `The page ${page.route} has no h1.`,
      });
    } else if (h1s.length > 1) {
      problems.push({
        code: 'multiple-h1',
        ...headingSource(page, h1s[1]!, context),
        message: `The page ${page.route} has ${h1s.length} h1 headings: ${h1s.map((heading) => `"${heading.text}"`).join(', ')}.`,
      });
    }
    let previous: Heading | undefined;
    for (const heading of list) {
      const above = previous?.level ?? 0;
      if (heading.level > above + 1) {
        const expected = `h${above + 1}`;
        problems.push({
          code: 'skipped-heading-level',
          ...headingSource(page, heading, context),
          message: previous
            ? `"${heading.text}" is an h${heading.level} right after the h${previous.level} "${previous.text}" on ${page.route}; make it an ${expected}${markdownHint(above + 1)}.`
            : `"${heading.text}" is an h${heading.level} and the first heading on ${page.route}; the first heading must be the page's h1.`,
        });
      }
      previous = heading;
    }
    return problems;
  },
);

const markdownHint = (level: number) => (level >= 2 ? ` ("${'#'.repeat(level)}" in Markdown)` : '');

/**
 * Where a heading is written: a Markdown heading with its text, else the text anywhere, in the page's
 * file first, then in the other content files (an FAQ's question, a block's heading); else the page's heading field.
 */
function headingSource(
  page: LintedPage,
  heading: Heading,
  { sources }: LintContext,
): { file: string; line: number } {
  const patterns = [
    textPattern(heading.text, { markdownHeading: true }),
    textPattern(heading.text),
  ].filter((pattern) => pattern !== undefined);
  for (const pattern of patterns) {
    const line = sources.linesOf(page.file, pattern)[0];
    if (line) return { file: page.file, line };
  }
  for (const pattern of patterns) {
    const found = sources.locate(pattern, [page.file])[0];
    if (found) return found;
  }
  return { file: page.file, line: page.entry.lineOf(['heading']) };
}
