// The cross-check's memory across a session's builds (src/kernel/site/cross-check.ts): `npm run dev` at
// thousands of pages checks again only the pages whose result may have changed.
import type { ContentProblem } from '../errors/problems.ts';
import { anchorsOf } from './anchors.ts';
import { checkPage } from './check-page.ts';
import type { LinkTargets } from './link-targets.ts';
import type { SitePage } from './pages.ts';

/**
 * What a session remembers of each page's check (`npm run dev` at thousands of pages): a page's
 * problems depend on its own entry, route and file, on the names and routes its references and
 * links may use, and on the anchors of the routes its `#fragment` links point at (recorded as it
 * is checked). An unchanged page keeps its result unless a name or route came or went, or one of
 * the routes it links into changed its anchors.
 */
export class CheckedPages {
  #names = '';
  #faqs = '';
  /** Each route's anchors (joined), with the entry digest they were worked out from. */
  #anchors = new Map<string, { digest: string; ids: string }>();
  #results = new Map<string, { problems: ContentProblem[]; linksInto: ReadonlySet<string> }>();

  check(
    pages: readonly SitePage[],
    targets: LinkTargets,
    faqNames: readonly string[],
  ): ContentProblem[][] {
    const names = [
      targets.serviceSlugs,
      targets.areaSlugs,
      targets.contactNames,
      targets.faqNames,
      targets.invalidNames,
      targets.invalidRoutes,
      pages.map((page) => page.route),
    ]
      .map((values) => [...values].join('\u0001'))
      .join('\u0002');
    const everything = names !== this.#names;
    // A page's anchors are worked out again only when its entry or the FAQ names changed.
    const faqs = faqNames.join('\u0001');
    const sameFaqs = faqs === this.#faqs;
    const anchors = new Map<string, { digest: string; ids: string }>();
    const moved = new Set<string>();
    for (const page of pages) {
      const before = this.#anchors.get(page.route);
      const ids =
        sameFaqs && before?.digest === page.entry.digest
          ? before.ids
          : [...anchorsOf(page, faqNames)].join('\u0001');
      if (before?.ids !== ids) moved.add(page.route);
      anchors.set(page.route, { digest: page.entry.digest, ids });
    }
    this.#names = names;
    this.#faqs = faqs;
    this.#anchors = anchors;
    const now = new Map<string, { problems: ContentProblem[]; linksInto: ReadonlySet<string> }>();
    const results = pages.map((page) => {
      const key = `${page.entry.digest}\0${page.route}\0${page.file}`;
      let found = everything ? undefined : this.#results.get(key);
      if (found && [...found.linksInto].some((route) => moved.has(route))) found = undefined;
      if (!found) {
        const linksInto = new Set<string>();
        const recorded: LinkTargets = {
          ...targets,
          anchorsAt: (route) => (linksInto.add(route), targets.anchorsAt(route)),
        };
        found = { problems: checkPage(page, recorded), linksInto };
      }
      now.set(key, found);
      return found.problems;
    });
    this.#results = now;
    return results;
  }
}
