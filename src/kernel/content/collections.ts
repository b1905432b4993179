// The kinds of content file: each folder of content/ and each single file, with the schema that is
// its type, and the site's content once every file has loaded. The generator reads them from disk
// (src/generator/content/), the builder and the server from text; all check them the same way.
import type { z } from 'zod';
import {
  AreaSchema,
  BusinessProfileSchema,
  ContactDetailsSchema,
  ContactRoutingSchema,
  ErrorPageSchema,
  FaqSchema,
  NavigationSchema,
  PageSchema,
  ServiceSchema,
} from '../schema/index.ts';
import type { ContentEntry } from './entry.ts';
import type { EntryKind } from './page-kinds.ts';

/** The content folders and single files, each with the schema that is its type. */
export const COLLECTIONS = {
  services: { dir: 'services', schema: ServiceSchema },
  areas: { dir: 'areas', schema: AreaSchema },
  faqs: { dir: 'faqs', schema: FaqSchema },
  pages: { dir: 'pages', schema: PageSchema },
  errorPages: { dir: 'errors', schema: ErrorPageSchema },
  contacts: { dir: 'contact', schema: ContactDetailsSchema },
} as const;

export const SINGLES = {
  profile: { file: 'site/business-profile.md', schema: BusinessProfileSchema },
  navigation: { file: 'site/navigation.md', schema: NavigationSchema },
  contactRouting: { file: 'site/contact-routing.md', schema: ContactRoutingSchema },
} as const;

export type SchemaKey = EntryKind['key'];

type Collections = typeof COLLECTIONS;
type Singles = typeof SINGLES;

export const schemaOf = (key: SchemaKey): z.ZodType =>
  (key in COLLECTIONS ? COLLECTIONS[key as keyof Collections] : SINGLES[key as keyof Singles])
    .schema;

/** A kind of content file, as checkEntry takes it. */
export const entryKind = (key: SchemaKey): EntryKind => ({ key, schema: schemaOf(key) });

/** Which schema validates a file, by its path within the content folder ("services/oven.md"); undefined for anything that is not a content file. */
export function schemaOfPath(relative: string): SchemaKey | undefined {
  for (const [key, single] of Object.entries(SINGLES))
    if (single.file === relative) return key as SchemaKey;
  const [dir, name, ...rest] = relative.split('/');
  if (rest.length > 0 || !name?.endsWith('.md')) return undefined;
  for (const [key, collection] of Object.entries(COLLECTIONS))
    if (collection.dir === dir) return key as SchemaKey;
  return undefined;
}

export type LoadedContent = {
  [K in keyof Collections]: ContentEntry<z.output<Collections[K]['schema']>>[];
} & {
  [K in keyof Singles]: ContentEntry<z.output<Singles[K]['schema']>>;
} & {
  /** The content folder as problems name its files, for example "content/" ("" when problems name files from inside it). */
  root: string;
};

/**
 * Files that exist but failed validation. The cross-checks still run on the rest, and treat
 * these names and routes as existing, so one broken file does not cause a cascade of
 * "unknown reference" reports elsewhere.
 */
export interface InvalidEntries {
  /** File names and slugs; a service's or an area's route follows from its slug (src/kernel/site/pages.ts). */
  names: Set<string>;
  /** Routes the invalid pages give in their front matter. */
  routes: Set<string>;
}
