import type { ContentProblem } from '../../errors/problems.ts';
import { areaRoute, serviceRoute } from '../../site/pages.ts';
import { copyLine, perPageRule, plural } from '../context.ts';
import { findElements, isTag } from '../html.ts';

/**
 * Every area page links, in its <main> (breadcrumbs aside), to at least three other area pages
 * and at least one service page, so that visitors and search engines can move around the area pages.
 */
export const areaLinks = perPageRule(
  'area-links',
  'area pages link to areas and services',
  (page) => page.page?.template === 'area',
  (page, { site, options, sources }) => {
    const main = page.document.main;
    const anchors = main ? findElements(main, isTag('a'), isTag('nav')) : [];
    const targets = new Set(
      anchors
        .map((anchor) => linkRoute(anchor.getAttribute('href') ?? undefined, site.siteUrl))
        .filter((route) => route !== undefined),
    );
    const areaRoutes = site.areas
      .map((entry) => areaRoute(entry.data))
      .filter((route) => route !== page.route);
    const serviceRoutes = site.services.map((entry) => serviceRoute(entry.data));
    const linkedAreas = areaRoutes.filter((route) => targets.has(route));
    const linkedServices = serviceRoutes.filter((route) => targets.has(route));
    const area = page.page!.area!;
    const where = { file: page.file, line: copyLine(page, sources) };
    const problems: ContentProblem[] = [];

    if (linkedAreas.length < options.minAreaLinks) {
      const suggestions = area.neighbours
        .map((slug) => areaRoute({ slug }))
        .filter((route) => route !== page.route && !targets.has(route));
      problems.push({
        code: 'too-few-area-links',
        ...where,
        message:
          `${page.route} links to ${plural(linkedAreas.length, 'other area page')}${listed(linkedAreas)}; link to at least ${options.minAreaLinks}` +
          (suggestions.length > 0
            ? `, for example its neighbours ${suggestions.join(', ')}.`
            : '.'),
      });
    }
    if (linkedServices.length < options.minServiceLinks) {
      const suggestions = area.services
        .map((slug) => serviceRoute({ slug }))
        .filter((route) => !targets.has(route));
      problems.push({
        code: 'too-few-service-links',
        ...where,
        message:
          `${page.route} links to ${plural(linkedServices.length, 'service page')}${listed(linkedServices)}; link to at least ${options.minServiceLinks}` +
          (suggestions.length > 0 ? `, for example ${suggestions.join(', ')}.` : '.'),
      });
    }
    return problems;
  },
);

const listed = (routes: readonly string[]) => (routes.length > 0 ? ` (${routes.join(', ')})` : '');

/** The route a link points to on this site ("/a#b" → "/a"), or undefined for other sites, mailto: and the like. */
export function linkRoute(href: string | undefined, siteUrl: string): string | undefined {
  if (!href) return undefined;
  let path = href;
  if (path.startsWith(`${siteUrl}/`) || path === siteUrl) path = path.slice(siteUrl.length) || '/';
  if (!path.startsWith('/') || path.startsWith('//')) return undefined;
  path = path.replace(/[?#].*$/, '');
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
