// Stage 2 again after an edit, for the dev server. When the edited entries keep their routes,
// slugs and names, and no link elsewhere points at a heading they lost, nothing else in the site
// can gain or lose a problem: only the edited entries are derived and cross-checked again, and the
// rest of the site model is reused as it was. Its objects stay the same, so the dev server tells
// at once what did not change. Any other edit derives the whole site again, as a build does.
import type { ContentEntry, LoadedContent } from '../content/load-content.ts';
import { throwIfProblems } from '../errors/problems.ts';
import type { Area } from '../content/schema/index.ts';
import { anchorsOf, checkWithTargets } from './cross-check.ts';
import { buildNavigation } from './navigation.ts';
import { areaPage, contentPage, servicePage, type SitePage } from './pages.ts';
import { byAreaName, byFaqOrder, byServiceOrder, collectFragmentLinks, linkKey, siteUrlOf, type DeriveOptions, type DerivedSite, type SiteModel } from './site-model.ts';


type AnyEntry = ContentEntry<unknown>;

/** [before, after] for each entry that changed; null when the files are not the same ones in the same order. */
function editsOf<T>(before: readonly ContentEntry<T>[], after: readonly ContentEntry<T>[]): [ContentEntry<T>, ContentEntry<T>][] | null {
  if (before.length !== after.length) return null;
  const edits: [ContentEntry<T>, ContentEntry<T>][] = [];
  for (let i = 0; i < after.length; i++) {
    if (before[i] === after[i]) continue;
    if (before[i]!.file !== after[i]!.file) return null;
    edits.push([before[i]!, after[i]!]);
  }
  return edits;
}

/** What the menus show of an area (navigation.ts). */
const sameInMenus = (a: Area, b: Area) => a.name === b.name && a.slug === b.slug && a.inNavigation === b.inNavigation;

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((item) => b.has(item));

/**
 * The site for `content`, which differs from `previous.content` in some entries of the same files
 * and loaded without problems. Throws a ContentError with the problems a full derivation would
 * report; null when the edit needs the full derivation (deriveAll).
 */
export function deriveEdit(previous: DerivedSite, content: LoadedContent, options: DeriveOptions): DerivedSite | null {
  const before = previous.content;
  // The site-wide files, contact files and error pages are read by every page and check: all again.
  if (content.root !== before.root || content.profile !== before.profile || content.navigation !== before.navigation || content.contactRouting !== before.contactRouting) return null;
  if (editsOf(before.contacts, content.contacts)?.length !== 0 || editsOf(before.errorPages, content.errorPages)?.length !== 0) return null;
  const services = editsOf(before.services, content.services);
  const areas = editsOf(before.areas, content.areas);
  const pageEntries = editsOf(before.pages, content.pages);
  const faqs = editsOf(before.faqs, content.faqs);
  if (!services || !areas || !pageEntries || !faqs) return null;

  const { site, targets } = previous;
  /** The edited pages, by position in site.pages. */
  const replaced = new Map<number, SitePage>();
  let anchors: Map<string, ReadonlySet<string>> | undefined;
  const lost: string[] = [];
  const edited = <T>(edits: [ContentEntry<T>, ContentEntry<T>][], pageOf: (entry: ContentEntry<T>) => SitePage): boolean => {
    for (const [old, entry] of edits) {
      const page = pageOf(entry);
      const oldPage = site.byRoute.get(page.route);
      // A new route (or slug) changes links, references and listings all over the site.
      if (oldPage?.entry !== old) return false;
      replaced.set(site.pages.indexOf(oldPage), page);
      const was = targets.anchors.get(page.route)!;
      const now = anchorsOf(page, targets.listedFaqs);
      if (sameSet(was, now)) continue;
      (anchors ??= new Map(targets.anchors)).set(page.route, now);
      for (const id of was) if (!now.has(id)) lost.push(linkKey(page.route, id));
    }
    return true;
  };
  if (!edited(services, servicePage) || !edited(areas, areaPage) || !edited(pageEntries, contentPage)) return null;

  const oldEntries = new Set<AnyEntry>([...services, ...areas, ...pageEntries, ...faqs].map(([old]) => old));
  // A heading that went away may be linked to from elsewhere: those links are checked by the full derivation.
  if (lost.length > 0) {
    for (const [from, keys] of previous.fragmentLinks) if (!oldEntries.has(from) && keys.some((key) => lost.includes(key))) return null;
  }

  const pages = site.pages.slice();
  for (const [position, page] of replaced) pages[position] = page;
  const newTargets = anchors ? { ...targets, anchors } : targets;
  const fragmentLinks = new Map([...previous.fragmentLinks].filter(([from]) => !oldEntries.has(from)));
  const only = {
    services: services.map(([, entry]) => entry),
    areas: areas.map(([, entry]) => entry),
    faqs: faqs.map(([, entry]) => entry),
    pages: [...replaced].sort(([a], [b]) => a - b).map(([, page]) => page),
  };
  throwIfProblems(checkWithTargets(content, pages, newTargets, { only, onFragmentLink: collectFragmentLinks(fragmentLinks) }));

  const byRoute = new Map(site.byRoute);
  for (const page of replaced.values()) byRoute.set(page.route, page);
  const servicesSorted = services.length > 0 ? [...content.services].sort(byServiceOrder) : site.services;
  // Areas are sorted by name: with the names kept, each stays where it was.
  const areaNow = new Map(areas);
  const areasSorted =
    areas.length === 0 ? site.areas : areas.every(([old, entry]) => old.data.name === entry.data.name) ? site.areas.map((entry) => areaNow.get(entry) ?? entry) : [...content.areas].sort(byAreaName);
  const model: SiteModel = {
    ...site,
    siteUrl: siteUrlOf(options, content.profile.data),
    builtAt: options.builtAt,
    pages,
    byRoute,
    services: servicesSorted,
    areas: areasSorted,
    faqs: faqs.length > 0 ? [...content.faqs].sort(byFaqOrder) : site.faqs,
    navigation: services.length > 0 || areas.some(([old, entry]) => !sameInMenus(old.data, entry.data)) ? buildNavigation(content.navigation.data, servicesSorted, areasSorted, content.profile.data) : site.navigation,
  };
  return { content, site: model, targets: newTargets, fragmentLinks };
}
