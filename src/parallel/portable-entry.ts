// A loaded content entry in a form that crosses threads and goes into the disk cache: plain data,
// with the front matter's text instead of the functions that look up its lines (made again from
// the text, lazily: lines are asked for only to report a problem).
import type { z } from 'zod';
import { COLLECTIONS, parseEntry, SINGLES, type ContentEntry, type LoadContext } from '../content/load-content.ts';
import type { RenderedMarkdown } from '../content/markdown.ts';
import type { ContentProblem } from '../errors/problems.ts';
import { frontMatterLines } from '../content/read-entry.ts';
import type { ImageReference } from '../images/responsive-images.ts';

/** Which schema a file is validated against, by the name load-content gives it. */
export type SchemaKey = keyof typeof COLLECTIONS | keyof typeof SINGLES;

const SCHEMAS: Record<SchemaKey, z.ZodType> = Object.fromEntries([
  ...Object.entries(COLLECTIONS).map(([key, value]) => [key, value.schema]),
  ...Object.entries(SINGLES).map(([key, value]) => [key, value.schema]),
]) as Record<SchemaKey, z.ZodType>;

export const schemaFor = (key: SchemaKey): z.ZodType => SCHEMAS[key];

export function schemaKeyOf(schema: z.ZodType): SchemaKey {
  const key = (Object.keys(SCHEMAS) as SchemaKey[]).find((name) => SCHEMAS[name] === schema);
  if (!key) throw new Error('A content file is validated against a schema that load-content.ts does not list');
  return key;
}

export interface PortableEntry {
  file: string;
  name: string;
  data: unknown;
  /** The file line on which the Markdown body starts. */
  bodyLine: number;
  /** The front matter's YAML text: line numbers are found in it when first asked for (a problem to report). */
  frontMatter: string;
  body: RenderedMarkdown | null;
  blockMarkdown: Map<number, RenderedMarkdown>;
}

/** What the first pass over one file found, as data. */
export interface EntryOutcome {
  problems: ContentProblem[];
  /** What load-content's InvalidEntries gained from this file. */
  invalidNames: string[];
  invalidRoutes: string[];
  images: ImageReference[];
  /** The entry with its Markdown rendered; null when the file did not load, or when its Markdown shows images (rendered with the build's image map, see load-entries.ts). */
  entry: PortableEntry | null;
  /** The file loaded but its Markdown references images. */
  markdownImages: boolean;
}

/** Hands what a file's first pass found (its problems, the names and routes it leaves invalid) to readContent. */
export function reportOutcome(outcome: EntryOutcome, context: LoadContext): void {
  context.problems.push(...outcome.problems);
  for (const name of outcome.invalidNames) context.invalid.names.add(name);
  for (const route of outcome.invalidRoutes) context.invalid.routes.add(route);
}

/** The entry as data: its line lookups are made again from its front matter's text. */
export function toPortable(entry: ContentEntry<unknown>): PortableEntry {
  return {
    file: entry.file,
    name: entry.name,
    data: entry.data,
    bodyLine: entry.bodyLineToFileLine(1),
    frontMatter: entry.frontMatter,
    body: entry.body,
    blockMarkdown: new Map(entry.blockMarkdown),
  };
}

/**
 * The ContentEntry the rest of the generator uses. Its functions and its front-matter text are
 * not enumerable, so a site model made of such entries is copied to worker threads without them
 * (structured clone skips them).
 */
export function fromPortable<T>(portable: PortableEntry): ContentEntry<T> {
  const { bodyLine, frontMatter } = portable;
  const entry = {
    file: portable.file,
    name: portable.name,
    data: portable.data as T,
    body: portable.body,
    blockMarkdown: portable.blockMarkdown,
  } as unknown as ContentEntry<T>;
  return hideFunctions(entry, { ...frontMatterLines(frontMatter), bodyLineToFileLine: (line: number) => bodyLine + line - 1, frontMatter });
}

/** Makes an entry's line functions and front-matter text non-enumerable: structured clone then leaves them out. */
export function hideFunctions<T>(entry: ContentEntry<T>, hidden: Pick<ContentEntry<T>, 'lineOf' | 'textLineOf' | 'bodyLineToFileLine' | 'frontMatter'> = entry): ContentEntry<T> {
  const { lineOf, textLineOf, bodyLineToFileLine, frontMatter } = hidden;
  for (const [name, value] of Object.entries({ lineOf, textLineOf, bodyLineToFileLine, frontMatter })) {
    Object.defineProperty(entry, name, { value, enumerable: false, configurable: true, writable: true });
  }
  return entry;
}

/** What a worker is sent for one file: it is read on the main thread, which hashes it for the cache. */
export interface LoadItem {
  absolute: string;
  schema: SchemaKey;
  source: string;
}

/** The first pass over one file, with the Markdown rendered when it shows no images (see EntryOutcome). */
export function loadItem(item: LoadItem, displayRoot: string): EntryOutcome {
  const context: LoadContext = { displayRoot, problems: [], invalid: { names: new Set(), routes: new Set() } };
  const parsed = parseEntry(item.absolute, item.source, schemaFor(item.schema), context);
  const markdownImages = parsed?.images.some((reference) => reference.from === 'markdown') ?? false;
  return {
    problems: context.problems,
    invalidNames: [...context.invalid.names],
    invalidRoutes: [...context.invalid.routes],
    images: parsed?.images ?? [],
    // Without images in its Markdown, the build's image map makes no difference to the HTML.
    entry: parsed && !markdownImages ? toPortable(parsed.render(new Map())) : null,
    markdownImages,
  };
}
