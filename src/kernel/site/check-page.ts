// One page checked against the rest of the site: the build runs it on every page (kept between
// builds by checked-pages.ts), the block builder in the browser on a draft.
import type { ContentProblem } from '../errors/problems.ts';
import { checker, type CheckedEntry } from './link-checks.ts';
import type { LinkTargets } from './link-targets.ts';
import type { SitePage } from './pages.ts';

/**
 * The checks of one page against the rest of the site: its references (a service's areas, an
 * area's services and neighbours, the names its blocks list) and its links, in blocks and
 * Markdown. The build runs it on every page; the block builder, in the browser, on a draft.
 */
export function checkPage(page: SitePage, targets: LinkTargets): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const { reference, link, markdownChecks } = checker(targets, problems);
  const { serviceSlugs, areaSlugs, contactNames, faqNames } = targets;
  const entry = page.entry as CheckedEntry;
  if (page.service) {
    page.service.areaServed.forEach((slug, i) =>
      reference(entry, ['areaServed', i], slug, areaSlugs, 'area', 'areas'),
    );
    if (page.service.area)
      reference(entry, ['area'], page.service.area, areaSlugs, 'area', 'areas');
  }
  if (page.area) {
    page.area.services.forEach((slug, i) =>
      reference(entry, ['services', i], slug, serviceSlugs, 'service', 'services'),
    );
    page.area.neighbours.forEach((slug, i) =>
      reference(entry, ['neighbours', i], slug, areaSlugs, 'area', 'areas'),
    );
  }
  page.blocks.forEach((block, i) => {
    const at =
      (...rest: PropertyKey[]) =>
      () => ({
        line: entry.lineOf(['blocks', i, ...rest]),
        field: ['blocks', i, ...rest].join('.'),
      });
    switch (block.type) {
      case 'hero':
        block.actions.forEach((action, j) =>
          link(entry, page.route, action.href, at('actions', j, 'href')),
        );
        break;
      case 'call-to-action':
        link(entry, page.route, block.action.href, at('action', 'href'));
        break;
      case 'services-grid':
        block.services?.forEach((slug, j) =>
          reference(entry, ['blocks', i, 'services', j], slug, serviceSlugs, 'service', 'services'),
        );
        break;
      case 'areas-list':
        block.areas?.forEach((slug, j) =>
          reference(entry, ['blocks', i, 'areas', j], slug, areaSlugs, 'area', 'areas'),
        );
        break;
      case 'faq-list':
        block.faqs?.forEach((name, j) =>
          reference(entry, ['blocks', i, 'faqs', j], name, faqNames, 'FAQ', 'faqs'),
        );
        break;
      case 'contact-details':
        reference(
          entry,
          ['blocks', i, 'file'],
          block.file,
          contactNames,
          'contact file',
          'contact',
        );
        break;
      case 'enquiry-form':
        link(entry, page.route, block.privacy.link.href, at('privacy', 'link', 'href'));
        link(entry, page.route, block.thankYouPage, at('thankYouPage'));
        break;
      case 'markdown': {
        const rendered = page.blockMarkdown.get(i);
        if (rendered)
          markdownChecks(
            entry,
            page.route,
            rendered,
            (line) => entry.textLineOf(['blocks', i, 'markdown']) + line - 1,
            `blocks.${i}.markdown`,
          );
        break;
      }
      case 'body':
        break;
    }
  });
  if (page.body) {
    markdownChecks(entry, page.route, page.body, (line) => entry.bodyLineToFileLine(line));
    if (!page.blocks.some((block) => block.type === 'body')) {
      problems.push({
        code: 'body-not-placed',
        file: page.file,
        line: entry.lineOf(['blocks']),
        field: 'blocks',
        message: 'The file has Markdown text, but no "body" block to show it.',
      });
    }
  }
  return problems;
}

/** Each page's check kept between builds while its targets stay the same (checked-pages.ts). */
export interface PageCheckMemory {
  check(
    pages: readonly SitePage[],
    targets: LinkTargets,
    faqNames: readonly string[],
  ): ContentProblem[][];
}

/** A page whose address another file (`previous`) has already. */
export function duplicateRoute(page: SitePage, previous: string): ContentProblem {
  const field = page.template === 'service' || page.template === 'area' ? 'slug' : 'route';
  return {
    code: 'duplicate-route',
    file: page.file,
    line: page.entry.lineOf([field]),
    field,
    message: `The address "${page.route}" is also the address of ${previous}.`,
  };
}
