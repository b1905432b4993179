// The #fragment targets of each page, worked out once per version of its entry: a link to
// "/route#id" is checked against them by the build, and by the block builder on a draft.
import type { SitePage } from './pages.ts';
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
