// The site's content assembled from its files once each has been checked (checkEntry,
// src/kernel/check/check-entry.ts): the build's loader does it with the files it read from disk
// (src/generator/content/load-content.ts), the publish function with the files it read from git at
// the base commit (src/functions/proposals/base-site.ts). Both then derive the site the same way.
import type { ContentProblem } from '../errors/problems.ts';
import type { ImageMap, ResponsiveImage } from '../images/responsive-image.ts';
import {
  COLLECTIONS,
  SINGLES,
  type InvalidEntries,
  type LoadedContent,
  type SchemaKey,
} from './collections.ts';
import type { ContentEntry } from './entry.ts';

/** A content file to check: its path within the content folder ("services/oven.md") and its kind. */
export interface ContentTarget {
  relative: string;
  schema: SchemaKey;
}

/**
 * Every content file, in the order problems and pages follow: the single files, then each folder's
 * Markdown files by name. `namesIn` lists a folder's file names ("services"), or gives null when
 * the folder is missing, which `missing` then names.
 */
export function contentTargets(namesIn: (dir: string) => readonly string[] | null): {
  targets: ContentTarget[];
  missing: string[];
} {
  const targets: ContentTarget[] = Object.entries(SINGLES).map(([key, single]) => ({
    relative: single.file,
    schema: key as SchemaKey,
  }));
  const missing: string[] = [];
  for (const [key, collection] of Object.entries(COLLECTIONS)) {
    const names = namesIn(collection.dir);
    if (names === null) missing.push(collection.dir);
    else
      for (const name of names.filter((entry) => entry.endsWith('.md')).sort())
        targets.push({ relative: `${collection.dir}/${name}`, schema: key as SchemaKey });
  }
  return { targets, missing };
}

/** The problem of a content folder that is missing. */
export const missingFolder = (file: string): ContentProblem => ({
  code: 'missing-file',
  file,
  message: 'This content folder is missing.',
});

/** What checking one content file gave. */
export interface CheckedContentFile {
  schema: SchemaKey;
  problems: readonly ContentProblem[];
  /** What the file would have been called, and the route it gives, when it did not validate. */
  invalid: { names: readonly string[]; routes: readonly string[] };
  /** The raster images it shows, planned. */
  planned: readonly ResponsiveImage[];
  /** Null when the file did not load. */
  entry: ContentEntry | null;
}

export interface AssembledContent {
  /** Null when a site-wide file (profile, navigation, contact routing) is unusable. */
  content: LoadedContent | null;
  problems: ContentProblem[];
  invalid: InvalidEntries;
  images: ImageMap;
}

/**
 * The files, in the order they are listed (single files, then each folder's files by name), as the
 * site's content; `root` is the content folder as problems name its files ("content/").
 */
export function assembleContent(
  files: readonly CheckedContentFile[],
  root: string,
): AssembledContent {
  const problems: ContentProblem[] = [];
  const invalid: InvalidEntries = { names: new Set(), routes: new Set() };
  const images = new Map<string, ResponsiveImage>();
  const bySchema = new Map<SchemaKey, ContentEntry[]>();
  for (const file of files) {
    problems.push(...file.problems);
    for (const name of file.invalid.names) invalid.names.add(name);
    for (const route of file.invalid.routes) invalid.routes.add(route);
    for (const image of file.planned) images.set(image.src, image);
    if (!file.entry) continue;
    const list = bySchema.get(file.schema);
    if (list) list.push(file.entry);
    else bySchema.set(file.schema, [file.entry]);
  }
  const collection = (key: keyof typeof COLLECTIONS) => (bySchema.get(key) ?? []) as never[];
  const single = (key: keyof typeof SINGLES) => bySchema.get(key)?.[0] as never;
  const content: LoadedContent | null =
    single('profile') && single('navigation') && single('contactRouting')
      ? {
          root,
          services: collection('services'),
          areas: collection('areas'),
          faqs: collection('faqs'),
          pages: collection('pages'),
          errorPages: collection('errorPages'),
          contacts: collection('contacts'),
          profile: single('profile'),
          navigation: single('navigation'),
          contactRouting: single('contactRouting'),
        }
      : null;
  return { content, problems, invalid, images };
}
