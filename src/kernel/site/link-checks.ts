// The checks of references and links against the link targets, each problem placed at its file,
// line and field: a name that no file has, an internal link to no page or no heading, a relative
// link, HTML in Markdown that the page leaves out, a second h1.
import type { ContentEntry } from '../content/entry.ts';
import type { RenderedMarkdown } from '../content/markdown.ts';
import { excerpt, type ContentProblem } from '../errors/problems.ts';
import type { LinkTargets } from './link-targets.ts';
import { suggest } from './suggest.ts';

/** Reports problems against the link targets: references to names, and internal links. */
export function checker(targets: LinkTargets, problems: ContentProblem[]) {
  const { anchorsAt, routes: pagesByRoute, invalidRoutes } = targets;
  const reference = (
    entry: CheckedEntry,
    fieldPath: PropertyKey[],
    value: string,
    known: ReadonlySet<string>,
    what: string,
    folder: string,
  ) => {
    if (known.has(value)) return;
    problems.push({
      code: 'unknown-reference',
      file: entry.file,
      line: entry.lineOf(fieldPath),
      field: fieldPath.map(String).join('.'),
      message: `No ${what} "${value}" exists; use the name of a file in content/${folder}/ (${suggest(value, known)}).`,
    });
  };

  /**
   * Checks an internal href ("/route", "/route#id", "#id", "/contact?service=<slug>#enquiry");
   * external and tel/mailto links pass. A query is the page's business, but a `service` in it
   * (the enquiry form's preselected service) names a service that exists.
   */
  const link = (
    entry: CheckedEntry,
    fromRoute: string | undefined,
    href: string,
    where: () => { line: number; field?: string },
  ) => {
    // `where` is asked only for a link to report: finding a line parses the file's YAML again.
    // The common case first: a plain route to an existing page.
    if (href.charCodeAt(0) === 47 && pagesByRoute.has(href)) return;
    if (/^(?:https?:|mailto:|tel:)/.test(href)) return;
    const [pathPart = '', fragment] = href.split('#', 2);
    const service = new URLSearchParams(/\?(.*)$/.exec(pathPart)?.[1] ?? '').get('service');
    if (service !== null && !targets.serviceSlugs.has(service)) {
      problems.push({
        code: 'unknown-reference',
        file: entry.file,
        ...where(),
        message: `The link "${href}" asks for the service "${service}", which does not exist; use the name of a file in content/services/ (${suggest(service, targets.serviceSlugs)}).`,
      });
    }
    if (pathPart !== '' && !pathPart.startsWith('/')) {
      problems.push({
        code: 'broken-link',
        file: entry.file,
        ...where(),
        message: `The link "${href}" is relative; write it from the site root, like "/${pathPart.replace(/^\.?\//, '')}".`,
      });
      return;
    }
    const route =
      pathPart === '' ? fromRoute : pathPart.replace(/\?.*$/, '').replace(/(.)\/$/, '$1');
    if (route === undefined) {
      problems.push({
        code: 'broken-link',
        file: entry.file,
        ...where(),
        message: `The link "${href}" points to a heading, but this text is not shown on a page of its own; link to "/page#${fragment}".`,
      });
      return;
    }
    if (!pagesByRoute.has(route)) {
      if (invalidRoutes.has(route)) return;
      problems.push({
        code: 'broken-link',
        file: entry.file,
        ...where(),
        message: `No page has the address "${route}" (${suggest(route, new Set(pagesByRoute.keys()))}).`,
      });
      return;
    }
    const targetAnchors = fragment ? anchorsAt(route)! : undefined;
    if (targetAnchors && fragment && !targetAnchors.has(fragment)) {
      problems.push({
        code: 'missing-anchor',
        file: entry.file,
        ...where(),
        message: `"${route}" has no heading with the id "${fragment}" (${suggest(fragment, targetAnchors)}).`,
      });
    }
  };

  /** A Markdown text's links, its headings, and any HTML in it, which the page would leave out without a word. */
  const markdownChecks = (
    entry: CheckedEntry,
    fromRoute: string | undefined,
    rendered: RenderedMarkdown,
    toFileLine: (line: number) => number,
    field?: string,
  ) => {
    for (const { url, line } of rendered.links)
      link(entry, fromRoute, url, () => ({ line: toFileLine(line), field }));
    for (const { html, line } of rendered.rawHtml) {
      problems.push({
        code: 'raw-html',
        file: entry.file,
        line: toFileLine(line),
        field,
        message: `The HTML "${excerpt(html)}" is left out of the page.`,
      });
    }
    for (const heading of rendered.headingLevels) {
      if (heading.depth === 1) {
        problems.push({
          code: 'wrong-heading-level',
          file: entry.file,
          line: toFileLine(heading.line),
          field,
          message: 'A "#" heading would be a second h1 on the page.',
        });
      }
    }
  };
  return { reference, link, markdownChecks };
}

/** What the checks need of a content entry: its file, and where its fields are. */
export type CheckedEntry = Pick<
  ContentEntry,
  'file' | 'lineOf' | 'textLineOf' | 'bodyLineToFileLine'
>;
