// The digests of the site's parts and each page's key (see page-parts.ts). Apart from the parts
// themselves, so that the templates (which the block builder's preview also runs in the browser)
// do not import node:crypto.
import { hash } from 'node:crypto';
import type { SitePage } from '../site/pages.ts';
import { partsOf, type PartName, type SiteParts } from './page-parts.ts';

/** Maps (the contact files) are written as their entries. */
const json = (value: unknown) => JSON.stringify(value, (_key, item: unknown) => (item instanceof Map ? [...item] : item));
/** The one-shot digest: made for every page on every update, where a Hash object each costs more than the hashing. */
const sha1 = (text: string) => hash('sha1', text, 'base64url');

export type PartDigests = Record<PartName, string>;

export function partDigests(parts: SiteParts): PartDigests {
  return { layout: sha1(json(parts.layout)), services: sha1(json(parts.services)), areas: sha1(json(parts.areas)), faqs: sha1(json(parts.faqs)) };
}

/** The fields of a page that its own entry's digest covers: its data and rendered Markdown. */
export const ENTRY_FIELDS = ['entry', 'title', 'description', 'heading', 'blocks', 'body', 'blockMarkdown', 'service', 'area'] as const;
/** The fields the site derives for a page: each is part of its key. */
export const DERIVED_FIELDS = ['route', 'file', 'template', 'breadcrumb', 'noindex', 'access', 'branch', 'structuredData', 'mount', 'trail'] as const;

/**
 * A page's key: the render code, the digests of the parts it reads, its own entry's digest, and
 * what the site derived for it (its route, trail and the like). Made for every page on every
 * build and update, so it is a plain string of those fields, hashed once.
 */
export function pageKey(renderKey: string, digests: PartDigests, page: SitePage): string {
  const trail = page.trail.map((crumb) => `${crumb.label}\u0001${crumb.route}`).join('\u0002');
  const derived = [page.route, page.file, page.template, page.breadcrumb, page.noindex, page.access, page.branch ?? '', page.structuredData.join(','), page.mount ?? '', trail];
  return sha1([renderKey, ...partsOf(page).map((name) => digests[name]), page.entry.digest, ...derived].join('\0'));
}
