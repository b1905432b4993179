// The checks that hold across files: unique slugs and routes, every page's references and links
// (check-page.ts), the FAQs' Markdown, and the site-wide files' links and names.
import type { InvalidEntries, LoadedContent } from '../content/collections.ts';
import type { ContentProblem } from '../errors/problems.ts';
import { duplicateRoute, checkPage, type PageCheckMemory } from './check-page.ts';
import { checker } from './link-checks.ts';
import { linkTargets, listedFaqNames } from './link-targets.ts';
import type { SitePage } from './pages.ts';

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
        problems.push({
          code: 'duplicate-slug',
          file: entry.file,
          line: entry.lineOf(['slug']),
          field: 'slug',
          message: `The slug "${entry.data.slug}" is also used by ${previous}.`,
        });
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
  const pageProblems = checked
    ? checked.check(pages, targets, listedFaqNames(content, invalid))
    : pages.map((page) => checkPage(page, targets));
  for (const found of pageProblems) problems.push(...found);
  for (const entry of content.faqs) {
    if (entry.body)
      markdownChecks(entry, '/faqs', entry.body, (line) => entry.bodyLineToFileLine(line));
  }

  // Site-wide files.
  const nav = content.navigation;
  const navRoute = (fieldPath: PropertyKey[], href: string) =>
    link(nav, undefined, href, () => ({ line: nav.lineOf(fieldPath), field: fieldPath.join('.') }));
  nav.data.servicesMenu.forEach((group, i) => navRoute(['servicesMenu', i, 'href'], group.href));
  nav.data.links.forEach((action, i) => navRoute(['links', i, 'href'], action.href));
  nav.data.sidebar.extra.forEach((action, i) =>
    navRoute(['sidebar', 'extra', i, 'href'], action.href),
  );
  nav.data.footer.links.forEach((action, i) =>
    navRoute(['footer', 'links', i, 'href'], action.href),
  );
  nav.data.logo.wellbeingPaths.forEach((route, i) =>
    navRoute(['logo', 'wellbeingPaths', i], route),
  );

  const profile = content.profile;
  for (const branch of ['cleaning', 'wellbeing'] as const) {
    link(profile, undefined, profile.data.branches[branch].route, () => ({
      line: profile.lineOf(['branches', branch, 'route']),
      field: `branches.${branch}.route`,
    }));
  }

  const routing = content.contactRouting;
  reference(routing, ['default'], routing.data.default, contactNames, 'contact file', 'contact');
  const routes = [...routeOwners.keys(), ...invalidRoutes];
  routing.data.rules.forEach((rule, i) => {
    reference(routing, ['rules', i, 'file'], rule.file, contactNames, 'contact file', 'contact');
    const matches =
      rule.match === 'exact'
        ? routes.includes(rule.path)
        : routes.some((route) => route.startsWith(rule.path));
    if (!matches) {
      problems.push({
        code: 'broken-link',
        file: routing.file,
        line: routing.lineOf(['rules', i, 'path']),
        field: `rules.${i}.path`,
        message: `No page address ${rule.match === 'exact' ? 'is' : 'starts with'} "${rule.path}", so this rule never applies.`,
      });
    }
  });

  for (const status of [404, 500] as const) {
    if (
      !content.errorPages.some((entry) => entry.data.status === status) &&
      !targets.invalidNames.has(String(status))
    ) {
      problems.push({
        code: 'missing-file',
        file: `${content.root}errors`,
        message: `No error page has "status: ${status}"; add ${content.root}errors/${status}.md.`,
      });
    }
  }
  return problems;
}
