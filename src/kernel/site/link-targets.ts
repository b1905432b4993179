// What a link or a reference may point at: every route (with its anchors, asked for when a link
// names one) and every name of each collection.
import type { InvalidEntries, LoadedContent } from '../content/collections.ts';
import { anchorsOf } from './anchors.ts';
import { areaRoute, serviceRoute, type SitePage } from './pages.ts';

/**
 * What links and references may point at: every route with its anchors, and every name. Plain
 * data apart from anchorsAt, so the block builder checks a draft against the targets the build
 * emits for it (src/kernel/wire/builder-data.ts).
 */
export interface LinkTargets {
  /** Each route's #fragment targets (anchorsOf), worked out when a link asks for one. */
  anchorsAt: (route: string) => ReadonlySet<string> | undefined;
  routes: Pick<ReadonlySet<string>, 'has' | 'keys'>;
  serviceSlugs: ReadonlySet<string>;
  areaSlugs: ReadonlySet<string>;
  contactNames: ReadonlySet<string>;
  faqNames: ReadonlySet<string>;
  /** Names and routes of files that did not load: links to them are not reported again. */
  invalidNames: ReadonlySet<string>;
  invalidRoutes: ReadonlySet<string>;
}

// An FAQ that failed to load is reported already; links to its anchor are not reported again.
export const listedFaqNames = (content: LoadedContent, invalid: InvalidEntries) => [
  ...content.faqs.map((entry) => entry.name),
  ...invalid.names,
];

export function linkTargets(
  content: LoadedContent,
  pages: readonly SitePage[],
  invalid: InvalidEntries,
): LinkTargets {
  const faqNames = content.faqs.map((entry) => entry.name);
  const listedFaqs = listedFaqNames(content, invalid);
  const routes = new Map<string, SitePage>();
  for (const page of pages) if (!routes.has(page.route)) routes.set(page.route, page);
  // Most links have no #fragment: a page's anchors are collected only when one points at it.
  const anchors = new Map<string, Set<string>>();
  const anchorsAt = (route: string) => {
    const page = routes.get(route);
    if (!page) return undefined;
    let found = anchors.get(route);
    if (!found) anchors.set(route, (found = anchorsOf(page, listedFaqs)));
    return found;
  };
  // Invalid files are reported already; their names count as existing (see InvalidEntries).
  const known = (names: Iterable<string>) => new Set([...names, ...invalid.names]);
  return {
    anchorsAt,
    routes,
    serviceSlugs: known(content.services.map((entry) => entry.data.slug)),
    areaSlugs: known(content.areas.map((entry) => entry.data.slug)),
    contactNames: known(content.contacts.map((entry) => entry.name)),
    faqNames: known(faqNames),
    invalidNames: invalid.names,
    invalidRoutes: new Set([
      ...invalid.routes,
      ...[...invalid.names].flatMap((slug) => [serviceRoute({ slug }), areaRoute({ slug })]),
    ]),
  };
}
