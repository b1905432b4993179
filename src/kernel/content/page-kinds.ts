// The kinds of content file that make a page of their own, with the schema that is each one's
// type: what the block builder edits and what may be proposed for publishing. Apart from the
// site-wide files' schemas (collections.ts), so that the builder's scripts carry only these.
import type { z } from 'zod';
import { AreaSchema, PageSchema, ServiceSchema } from '../schema/entries.ts';

export const PAGE_KINDS = {
  pages: PageSchema,
  services: ServiceSchema,
  areas: AreaSchema,
} as const satisfies Record<string, z.ZodType>;
export type PageKind = keyof typeof PAGE_KINDS;

/** A kind of content file: its folder's key, and its schema. */
export interface EntryKind {
  key:
    | 'pages'
    | 'services'
    | 'areas'
    | 'faqs'
    | 'errorPages'
    | 'contacts'
    | 'profile'
    | 'navigation'
    | 'contactRouting';
  schema: z.ZodType;
}

export const pageKind = (key: PageKind): EntryKind => ({ key, schema: PAGE_KINDS[key] });
