// The digests of the site's parts and each page's key (see page-parts.ts). Apart from the parts
// themselves, so that the templates (which the block builder's preview also runs in the browser)
// do not import node:crypto.
import { hash } from 'node:crypto';
import type { SitePage } from '../../kernel/site/pages.ts';
import { partsOf, type PartName, type SiteParts } from '../../kernel/render/page-parts.ts';

/** Maps (the layout's contact files) are written as their entries. */
const json = (value: unknown) =>
  JSON.stringify(value, (_key, item: unknown) => (item instanceof Map ? [...item] : item));
/** The one-shot digest: a Hash object each would cost more than the hashing. */
const sha1 = (text: string) => hash('sha1', text, 'base64url');

export type PartDigests = Record<PartName, string>;

export function partDigests(parts: SiteParts): PartDigests {
  // The listings (one item per service, area or FAQ: thousands of values) are plain data, stringified
  // without the replacer, which JSON.stringify would call for every value.
  return {
    layout: sha1(json(parts.layout)),
    services: sha1(JSON.stringify(parts.services)),
    areas: sha1(JSON.stringify(parts.areas)),
    faqs: sha1(JSON.stringify(parts.faqs)),
  };
}

/** The fields of a page that its own entry's digest covers: its data and rendered Markdown. */
export const ENTRY_FIELDS = [
  'entry',
  'title',
  'description',
  'heading',
  'blocks',
  'body',
  'blockMarkdown',
  'service',
  'area',
] as const;
/** The fields the site derives for a page: each is part of its key. */
export const DERIVED_FIELDS = [
  'route',
  'file',
  'template',
  'breadcrumb',
  'noindex',
  'access',
  'branch',
  'structuredData',
  'mount',
  'trail',
] as const;

type Input = string | number | boolean | undefined;

/**
 * What a page's key covers, as a flat list: the render code, the digests of the parts it reads,
 * its own entry's digest, and what the site derived for it (lists with their lengths, so that no
 * two different pages give the same list).
 */
function keyInputs(renderKey: string, digests: PartDigests, page: SitePage): Input[] {
  const inputs: Input[] = [
    renderKey,
    page.entry.digest,
    page.route,
    page.file,
    page.template,
    page.breadcrumb,
    page.noindex,
    page.access,
    page.branch,
    page.mount,
  ];
  for (const name of partsOf(page)) inputs.push(name, digests[name]);
  inputs.push(page.structuredData.length, ...page.structuredData, page.trail.length);
  for (const crumb of page.trail) inputs.push(crumb.label, crumb.route);
  return inputs;
}

const same = (a: readonly Input[], b: readonly Input[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * Each page's key, asked for every page on every build and update: remembered by route with what
 * it covers, and hashed again only when one of those differs.
 */
export class PageKeys {
  #known = new Map<string, { inputs: Input[]; key: string }>();

  constructor(private readonly renderKey: string) {}

  keyOf(digests: PartDigests, page: SitePage): string {
    const inputs = keyInputs(this.renderKey, digests, page);
    const before = this.#known.get(page.route);
    if (before && same(before.inputs, inputs)) return before.key;
    const key = sha1(inputs.map(String).join('\0'));
    this.#known.set(page.route, { inputs, key });
    return key;
  }
}
