import type { ContentEntry } from '../content/entry.ts';
import type { InvalidEntries, LoadedContent } from '../content/collections.ts';
import type { RenderedMarkdown } from '../content/markdown.ts';
import { excerpt, type ContentProblem } from '../errors/problems.ts';
import { areaRoute, serviceRoute, type SitePage } from './pages.ts';
import { suggest } from './suggest.ts';
import { ENQUIRY_FORM } from '../wire/enquiry-rules.ts';

/** Ids the layout puts on every page, so "#main-content" and "#contact" are always valid targets. */
const LAYOUT_ANCHORS = ['top', 'main-content', 'contact'] as const;

/**
 * Each page's anchors, by its entry's digest (which covers its text), its route and the FAQ names
 * they were worked out with: asked for every page on every update, and the same until one changes.
 */
const knownAnchors = new Map<string, Set<string>>();
/** Callers pass one array of FAQ names for every page: joined once. */
const joinedNames = new WeakMap<readonly string[], string>();
const joined = (names: readonly string[]) => {
  let text = joinedNames.get(names);
  if (text === undefined) joinedNames.set(names, (text = names.join('\u0001')));
  return text;
};

/** The #fragment targets of a page: Markdown heading ids, FAQ items listed on it and the layout's ids. Do not change the set it returns. */
export function anchorsOf(page: SitePage, faqNames: readonly string[]): Set<string> {
  // An entry with no digest (a draft being edited) changes under the same route: never kept.
  if (!page.entry.digest) return collectAnchors(page, faqNames);
  const key = `${page.entry.digest}\0${page.route}\0${joined(faqNames)}`;
  let anchors = knownAnchors.get(key);
  if (!anchors) {
    if (knownAnchors.size > 50_000) knownAnchors.clear();
    knownAnchors.set(key, (anchors = collectAnchors(page, faqNames)));
  }
  return anchors;
}

function collectAnchors(page: SitePage, faqNames: readonly string[]): Set<string> {
  const ids = new Set<string>(LAYOUT_ANCHORS);
  for (const id of page.body?.ids ?? []) ids.add(id);
  for (const rendered of page.blockMarkdown.values()) for (const id of rendered.ids) ids.add(id);
  for (const block of page.blocks) {
    if (block.type === 'faq-list') for (const name of block.faqs ?? faqNames) ids.add(name);
    if (block.type === 'enquiry-form') ids.add(ENQUIRY_FORM);
  }
  return ids;
}

/**
 * What links and references may point at: every route with its anchors, and every name. Plain
 * data apart from anchorsAt, so the block builder checks a draft against the targets the build
 * emits for it (src/kernel/wire/builder-data.ts).
 */
export interface LinkTargets {
  /** Each route's #fragment targets (anchorsOf), worked out when a link asks for one. */
  anchorsAt(route: string): ReadonlySet<string> | undefined;
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
const listedFaqNames = (content: LoadedContent, invalid: InvalidEntries) => [...content.faqs.map((entry) => entry.name), ...invalid.names];

function linkTargets(content: LoadedContent, pages: readonly SitePage[], invalid: InvalidEntries): LinkTargets {
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
    invalidRoutes: new Set([...invalid.routes, ...[...invalid.names].flatMap((slug) => [serviceRoute({ slug }), areaRoute({ slug })])]),
  };
}

/** Reports problems against the link targets: references to names, and internal links. */
function checker(targets: LinkTargets, problems: ContentProblem[]) {
  const { anchorsAt, routes: pagesByRoute, invalidRoutes } = targets;
  const reference = (entry: CheckedEntry, fieldPath: PropertyKey[], value: string, known: ReadonlySet<string>, what: string, folder: string) => {
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
  const link = (entry: CheckedEntry, fromRoute: string | undefined, href: string, where: () => { line: number; field?: string }) => {
    // `where` is asked only for a link to report: finding a line parses the file's YAML again.
    // The common case first: a plain route to an existing page.
    if (href.charCodeAt(0) === 47 && pagesByRoute.has(href)) return;
    if (/^(?:https?:|mailto:|tel:)/.test(href)) return;
    const [pathPart = '', fragment] = href.split('#', 2);
    const service = new URLSearchParams(/\?(.*)$/.exec(pathPart)?.[1] ?? '').get('service');
    if (service !== null && !targets.serviceSlugs.has(service)) {
      problems.push({ code: 'unknown-reference', file: entry.file, ...where(), message: `The link "${href}" asks for the service "${service}", which does not exist; use the name of a file in content/services/ (${suggest(service, targets.serviceSlugs)}).` });
    }
    if (pathPart !== '' && !pathPart.startsWith('/')) {
      problems.push({ code: 'broken-link', file: entry.file, ...where(), message: `The link "${href}" is relative; write it from the site root, like "/${pathPart.replace(/^\.?\//, '')}".` });
      return;
    }
    const route = pathPart === '' ? fromRoute : pathPart.replace(/\?.*$/, '').replace(/(.)\/$/, '$1');
    if (route === undefined) {
      problems.push({ code: 'broken-link', file: entry.file, ...where(), message: `The link "${href}" points to a heading, but this text is not shown on a page of its own; link to "/page#${fragment}".` });
      return;
    }
    if (!pagesByRoute.has(route)) {
      if (invalidRoutes.has(route)) return;
      problems.push({ code: 'broken-link', file: entry.file, ...where(), message: `No page has the address "${route}" (${suggest(route, new Set(pagesByRoute.keys()))}).` });
      return;
    }
    const targetAnchors = fragment ? anchorsAt(route)! : undefined;
    if (targetAnchors && fragment && !targetAnchors.has(fragment)) {
      problems.push({ code: 'missing-anchor', file: entry.file, ...where(), message: `"${route}" has no heading with the id "${fragment}" (${suggest(fragment, targetAnchors)}).` });
    }
  };

  /** A Markdown text's links, its headings, and any HTML in it, which the page would leave out without a word. */
  const markdownChecks = (entry: CheckedEntry, fromRoute: string | undefined, rendered: RenderedMarkdown, toFileLine: (line: number) => number, field?: string) => {
    for (const { url, line } of rendered.links) link(entry, fromRoute, url, () => ({ line: toFileLine(line), field }));
    for (const { html, line } of rendered.rawHtml) {
      problems.push({ code: 'raw-html', file: entry.file, line: toFileLine(line), field, message: `The HTML "${excerpt(html)}" is left out of the page.` });
    }
    for (const heading of rendered.headingLevels) {
      if (heading.depth === 1) {
        problems.push({ code: 'wrong-heading-level', file: entry.file, line: toFileLine(heading.line), field, message: 'A "#" heading would be a second h1 on the page.' });
      }
    }
  };
  return { reference, link, markdownChecks };
}

/** What the checks need of a content entry: its file, and where its fields are. */
type CheckedEntry = Pick<ContentEntry<unknown>, 'file' | 'lineOf' | 'textLineOf' | 'bodyLineToFileLine'>;

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
    page.service.areaServed.forEach((slug, i) => reference(entry, ['areaServed', i], slug, areaSlugs, 'area', 'areas'));
    if (page.service.area) reference(entry, ['area'], page.service.area, areaSlugs, 'area', 'areas');
  }
  if (page.area) {
    page.area.services.forEach((slug, i) => reference(entry, ['services', i], slug, serviceSlugs, 'service', 'services'));
    page.area.neighbours.forEach((slug, i) => reference(entry, ['neighbours', i], slug, areaSlugs, 'area', 'areas'));
  }
  page.blocks.forEach((block, i) => {
    const at = (...rest: PropertyKey[]) => () => ({ line: entry.lineOf(['blocks', i, ...rest]), field: ['blocks', i, ...rest].join('.') });
    switch (block.type) {
      case 'hero':
        block.actions.forEach((action, j) => link(entry, page.route, action.href, at('actions', j, 'href')));
        break;
      case 'call-to-action':
        link(entry, page.route, block.action.href, at('action', 'href'));
        break;
      case 'services-grid':
        block.services?.forEach((slug, j) => reference(entry, ['blocks', i, 'services', j], slug, serviceSlugs, 'service', 'services'));
        break;
      case 'areas-list':
        block.areas?.forEach((slug, j) => reference(entry, ['blocks', i, 'areas', j], slug, areaSlugs, 'area', 'areas'));
        break;
      case 'faq-list':
        block.faqs?.forEach((name, j) => reference(entry, ['blocks', i, 'faqs', j], name, faqNames, 'FAQ', 'faqs'));
        break;
      case 'contact-details':
        reference(entry, ['blocks', i, 'file'], block.file, contactNames, 'contact file', 'contact');
        break;
      case 'enquiry-form':
        link(entry, page.route, block.privacy.link.href, at('privacy', 'link', 'href'));
        link(entry, page.route, block.thankYouPage, at('thankYouPage'));
        break;
      case 'markdown': {
        const rendered = page.blockMarkdown.get(i);
        if (rendered) markdownChecks(entry, page.route, rendered, (line) => entry.textLineOf(['blocks', i, 'markdown']) + line - 1, `blocks.${i}.markdown`);
        break;
      }
      case 'body':
        break;
    }
  });
  if (page.body) {
    markdownChecks(entry, page.route, page.body, (line) => entry.bodyLineToFileLine(line));
    if (!page.blocks.some((block) => block.type === 'body')) {
      problems.push({ code: 'body-not-placed', file: page.file, line: entry.lineOf(['blocks']), field: 'blocks', message: 'The file has Markdown text, but no "body" block to show it.' });
    }
  }
  return problems;
}

/** Each page's check kept between builds while its targets stay the same (checked-pages.ts). */
export interface PageCheckMemory {
  check(pages: readonly SitePage[], targets: LinkTargets, faqNames: readonly string[]): ContentProblem[][];
}

/** A page whose address another file (`previous`) has already. */
export function duplicateRoute(page: SitePage, previous: string): ContentProblem {
  const field = page.template === 'service' || page.template === 'area' ? 'slug' : 'route';
  return { code: 'duplicate-route', file: page.file, line: page.entry.lineOf([field]), field, message: `The address "${page.route}" is also the address of ${previous}.` };
}

/**
 * Checks that hold across files: references name things that exist, slugs and routes are
 * unique, and every internal link resolves to a route, or to a heading on it.
 */
export function crossCheck(
  content: LoadedContent,
  pages: readonly SitePage[],
  invalid: InvalidEntries = { names: new Set(), routes: new Set() },
  checked?: PageCheckMemory,
): ContentProblem[] {
  const targets = linkTargets(content, pages, invalid);
  const problems: ContentProblem[] = [];
  const { reference, link, markdownChecks } = checker(targets, problems);
  const { invalidRoutes, contactNames } = targets;

  // Unique slugs within each collection, unique routes across the site.
  for (const entries of [content.services, content.areas]) {
    const seen = new Map<string, string>();
    for (const entry of entries) {
      const previous = seen.get(entry.data.slug);
      if (previous) {
        problems.push({ code: 'duplicate-slug', file: entry.file, line: entry.lineOf(['slug']), field: 'slug', message: `The slug "${entry.data.slug}" is also used by ${previous}.` });
      } else seen.set(entry.data.slug, entry.file);
    }
  }
  const routeOwners = new Map<string, string>();
  for (const page of pages) {
    const previous = routeOwners.get(page.route);
    if (previous) problems.push(duplicateRoute(page, previous));
    else routeOwners.set(page.route, page.file);
  }

  // Each page: its references, blocks, Markdown and links.
  const pageProblems = checked ? checked.check(pages, targets, listedFaqNames(content, invalid)) : pages.map((page) => checkPage(page, targets));
  for (const found of pageProblems) problems.push(...found);
  for (const entry of content.faqs) {
    if (entry.body) markdownChecks(entry, '/faqs', entry.body, (line) => entry.bodyLineToFileLine(line));
  }

  // Site-wide files.
  const nav = content.navigation;
  const navRoute = (fieldPath: PropertyKey[], href: string) => link(nav, undefined, href, () => ({ line: nav.lineOf(fieldPath), field: fieldPath.join('.') }));
  nav.data.servicesMenu.forEach((group, i) => navRoute(['servicesMenu', i, 'href'], group.href));
  nav.data.links.forEach((action, i) => navRoute(['links', i, 'href'], action.href));
  nav.data.sidebar.extra.forEach((action, i) => navRoute(['sidebar', 'extra', i, 'href'], action.href));
  nav.data.footer.links.forEach((action, i) => navRoute(['footer', 'links', i, 'href'], action.href));
  nav.data.logo.wellbeingPaths.forEach((route, i) => navRoute(['logo', 'wellbeingPaths', i], route));

  const profile = content.profile;
  for (const branch of ['cleaning', 'wellbeing'] as const) {
    link(profile, undefined, profile.data.branches[branch].route, () => ({ line: profile.lineOf(['branches', branch, 'route']), field: `branches.${branch}.route` }));
  }

  const routing = content.contactRouting;
  reference(routing, ['default'], routing.data.default, contactNames, 'contact file', 'contact');
  const routes = [...routeOwners.keys(), ...invalidRoutes];
  routing.data.rules.forEach((rule, i) => {
    reference(routing, ['rules', i, 'file'], rule.file, contactNames, 'contact file', 'contact');
    const matches = rule.match === 'exact' ? routes.includes(rule.path) : routes.some((route) => route.startsWith(rule.path));
    if (!matches) {
      problems.push({ code: 'broken-link', file: routing.file, line: routing.lineOf(['rules', i, 'path']), field: `rules.${i}.path`, message: `No page address ${rule.match === 'exact' ? 'is' : 'starts with'} "${rule.path}", so this rule never applies.` });
    }
  });

  for (const status of [404, 500] as const) {
    if (!content.errorPages.some((entry) => entry.data.status === status) && !targets.invalidNames.has(String(status))) {
      problems.push({ code: 'missing-file', file: `${content.root}errors`, message: `No error page has "status: ${status}"; add ${content.root}errors/${status}.md.` });
    }
  }
  return problems;
}
