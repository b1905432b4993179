// A loaded content entry in a form that crosses threads and goes into the disk cache: plain data,
// with the front-matter line numbers as a table instead of the functions that look them up in
// the parsed YAML (which stays behind in the worker that parsed it).
import type { z } from 'zod';
import { COLLECTIONS, parseEntry, SINGLES, type ContentEntry, type LoadContext } from '../content/load-content.ts';
import type { RenderedMarkdown } from '../content/markdown.ts';
import type { ContentProblem } from '../content/problems.ts';
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
  /** lineOf and textLineOf of every field path in the data: LineTable. */
  lines: LineTable;
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

const PATH_SEP = '\u0001';

/**
 * Field paths (pathKey(), one a line) and their [lineOf, textLineOf] pairs. Two values, not a Map of
 * thousands of small arrays: the cache reads back four thousand of these in a fraction of the time.
 */
export interface LineTable {
  paths: string;
  lines: Int32Array;
}

/** The table as a Map, made when a line is first asked for. */
function tableMap(table: LineTable): Map<string, number> {
  const map = new Map<string, number>();
  table.paths.split('\n').forEach((key, i) => map.set(key, i));
  return map;
}
/** The key of a path's first `length` steps; a loop, as the cross-checks ask for thousands of lines. */
function pathKey(path: readonly PropertyKey[], length = path.length): string {
  let key = length > 0 ? String(path[0]) : '';
  for (let i = 1; i < length; i++) key += PATH_SEP + String(path[i]);
  return key;
}

/** Every field path of a value: the paths a line can be asked for. */
function fieldPaths(value: unknown, prefix: (string | number)[], out: (string | number)[][]): (string | number)[][] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((item, i) => fieldPaths(item, [...prefix, i], out));
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) fieldPaths(item, [...prefix, key], out);
  return out;
}

/**
 * The entry as data. Line numbers are taken from the entry's own lineOf and textLineOf for every
 * path of its data, so a table lookup gives exactly what they give (see lookup()).
 */
export function toPortable(entry: ContentEntry<unknown>): PortableEntry {
  const paths = fieldPaths(entry.data, [], []);
  const numbers = new Int32Array(paths.length * 2);
  paths.forEach((path, i) => {
    numbers[2 * i] = entry.lineOf(path);
    numbers[2 * i + 1] = entry.textLineOf(path);
  });
  const lines: LineTable = { paths: paths.map((path) => pathKey(path)).join('\n'), lines: numbers };
  return {
    file: entry.file,
    name: entry.name,
    data: entry.data,
    bodyLine: entry.bodyLineToFileLine(1),
    lines,
    body: entry.body,
    blockMarkdown: new Map(entry.blockMarkdown),
  };
}

/**
 * A path the data does not have (a field left out, a default filled in by the schema) is given
 * the line of its nearest parent that it does have: what read-entry's lineOf does too.
 */
function lookup(index: ReadonlyMap<string, number>, lines: Int32Array, path: readonly PropertyKey[], which: 0 | 1): number {
  const exact = index.get(pathKey(path));
  if (exact !== undefined) return lines[2 * exact + which]!;
  for (let depth = path.length - 1; depth >= 0; depth--) {
    const found = index.get(pathKey(path, depth));
    if (found !== undefined) return lines[2 * found]!;
  }
  return 1;
}

/**
 * The ContentEntry the rest of the generator uses. Its functions are not enumerable, so a site
 * model made of such entries can be copied to worker threads (structured clone skips them).
 */
export function fromPortable<T>(portable: PortableEntry): ContentEntry<T> {
  const { lines, bodyLine } = portable;
  let index: Map<string, number> | undefined;
  const entry = {
    file: portable.file,
    name: portable.name,
    data: portable.data as T,
    body: portable.body,
    blockMarkdown: portable.blockMarkdown,
  } as unknown as ContentEntry<T>;
  return hideFunctions(entry, {
    lineOf: (path: readonly PropertyKey[]) => lookup((index ??= tableMap(lines)), lines.lines, path, 0),
    textLineOf: (path: readonly PropertyKey[]) => lookup((index ??= tableMap(lines)), lines.lines, path, 1),
    bodyLineToFileLine: (line: number) => bodyLine + line - 1,
  });
}

/** Makes an entry's line functions non-enumerable: structured clone then leaves them out. */
export function hideFunctions<T>(entry: ContentEntry<T>, functions: Pick<ContentEntry<T>, 'lineOf' | 'textLineOf' | 'bodyLineToFileLine'> = entry): ContentEntry<T> {
  const { lineOf, textLineOf, bodyLineToFileLine } = functions;
  for (const [name, value] of Object.entries({ lineOf, textLineOf, bodyLineToFileLine })) {
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
