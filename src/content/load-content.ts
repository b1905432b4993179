import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { DiskCache } from '../images/disk-cache.ts';
import { frontMatterImageReferences, markdownImageReferences } from '../images/references.ts';
import { planImages, type ImageMap, type ImageReference } from '../images/responsive-images.ts';
import { parseMarkdown, renderMarkdown, type ParsedMarkdown, type RenderedMarkdown } from './markdown.ts';
import { ContentError, type ContentProblem } from '../errors/problems.ts';
import { isProblem, readEntry } from './read-entry.ts';
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
  type BusinessProfile,
} from './schema/index.ts';
import { validateEntry } from './validate-entry.ts';

/** One validated content file. `name` is its file name without ".md". */
export interface ContentEntry<T> {
  file: string;
  name: string;
  data: T;
  /** The rendered Markdown body, or null when the body is empty. */
  body: RenderedMarkdown | null;
  /** Rendered `markdown` blocks, by block index. */
  blockMarkdown: ReadonlyMap<number, RenderedMarkdown>;
  /** File line of a front-matter field. */
  lineOf(path: readonly PropertyKey[]): number;
  /** File line on which a text field's value starts. */
  textLineOf(path: readonly PropertyKey[]): number;
  /** File line of a line within the Markdown body. */
  bodyLineToFileLine(line: number): number;
  /** The front matter's YAML text: lineOf and textLineOf find lines in it (read-entry.ts). */
  frontMatter: string;
}

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

type Collections = typeof COLLECTIONS;
type Singles = typeof SINGLES;

export type LoadedContent = {
  [K in keyof Collections]: ContentEntry<z.output<Collections[K]['schema']>>[];
} & {
  [K in keyof Singles]: ContentEntry<z.output<Singles[K]['schema']>>;
} & {
  /** The content folder as problems name their files, for example "content/" ("" when problems name files from inside it). */
  root: string;
};

/**
 * Files that exist but failed validation. The cross-checks still run on the rest, and treat
 * these names and routes as existing, so one broken file does not cause a cascade of
 * "unknown reference" reports elsewhere.
 */
export interface InvalidEntries {
  /** File names and slugs; a service's or an area's route follows from its slug (src/site/pages.ts). */
  names: Set<string>;
  /** Routes the invalid pages give in their front matter. */
  routes: Set<string>;
}

export interface ContentReadResult {
  /** Null when a site-wide file (profile, navigation, contact routing) is unusable. */
  content: LoadedContent | null;
  problems: ContentProblem[];
  invalid: InvalidEntries;
  /** The raster images the content references, planned (sizes and output names) but not encoded. */
  images: ImageMap;
}

export interface LoadOptions {
  /** The content folder. */
  contentDir: string;
  /** Paths in problems are shown relative to this folder (the project root). */
  displayRoot?: string;
  /** Image sizes are cached in <cacheDir>/images; defaults to .cache next to the content folder. */
  cacheDir?: string;
  /** Loads one file (the first pass); the default reads and parses it here. src/parallel/ passes one that uses a cache and worker threads. */
  loadEntry?: EntryLoader;
}

/** The first pass over one file: its problems go to `context`; undefined when it did not load. */
export type EntryLoader = <S extends z.ZodType>(absolute: string, schema: S, context: LoadContext) => Promise<ParsedEntry<z.output<S>> | undefined>;

/** Stage 1, strict: the loaded content, or a ContentError with every problem of every file. */
export async function loadContent(options: LoadOptions): Promise<LoadedContent> {
  const { content, problems } = await readContent(options);
  if (problems.length > 0 || !content) throw new ContentError(problems);
  return content;
}

/**
 * Stage 1: reads every content file, validates it against its schema and renders its Markdown.
 * Returns the valid entries with the problems of all the others, so later checks can go on.
 *
 * It runs in two passes. The first reads, validates and parses every file, which finds the
 * images the content references; those are then checked and planned (src/images/: sizes and
 * output names, no encoding yet). The second renders the Markdown with the planned images.
 */
export async function readContent({ contentDir, displayRoot = process.cwd(), cacheDir, loadEntry: load = loadEntry }: LoadOptions): Promise<ContentReadResult> {
  const problems: ContentProblem[] = [];
  const invalid: InvalidEntries = { names: new Set(), routes: new Set() };
  const context: LoadContext = { displayRoot, problems, invalid };
  const display = (absolute: string) => displayPath(absolute, displayRoot);

  const loadFolder = async <S extends z.ZodType>(dir: string, schema: S) => {
    const absoluteDir = path.join(contentDir, dir);
    let names: string[];
    try {
      names = (await readdir(absoluteDir)).filter((name) => name.endsWith('.md')).sort();
    } catch {
      problems.push({ code: 'missing-file', file: display(absoluteDir), message: 'This content folder is missing.' });
      return [];
    }
    const entries = await Promise.all(names.map((name) => load(path.join(absoluteDir, name), schema, context)));
    return entries.filter((entry): entry is ParsedEntry<z.output<S>> => entry !== undefined);
  };

  const [services, areas, faqs, pages, errorPages, contacts, profile, navigation, contactRouting] = await Promise.all([
    loadFolder(COLLECTIONS.services.dir, COLLECTIONS.services.schema),
    loadFolder(COLLECTIONS.areas.dir, COLLECTIONS.areas.schema),
    loadFolder(COLLECTIONS.faqs.dir, COLLECTIONS.faqs.schema),
    loadFolder(COLLECTIONS.pages.dir, COLLECTIONS.pages.schema),
    loadFolder(COLLECTIONS.errorPages.dir, COLLECTIONS.errorPages.schema),
    loadFolder(COLLECTIONS.contacts.dir, COLLECTIONS.contacts.schema),
    load(path.join(contentDir, SINGLES.profile.file), SINGLES.profile.schema, context),
    load(path.join(contentDir, SINGLES.navigation.file), SINGLES.navigation.schema, context),
    load(path.join(contentDir, SINGLES.contactRouting.file), SINGLES.contactRouting.schema, context),
  ]);

  // Between the passes: every image reference checked, every raster image planned once.
  const parsed: ParsedEntry<unknown>[] = [...services, ...areas, ...faqs, ...pages, ...errorPages, ...contacts, profile, navigation, contactRouting].filter(
    (entry) => entry !== undefined,
  );
  const imagesDir = path.join(contentDir, 'images');
  const planned = await planImages(
    parsed.flatMap((entry) => entry.images),
    { imagesDir, imagesDirDisplay: display(imagesDir), cache: new DiskCache(path.join(cacheDir ?? path.join(path.dirname(contentDir), '.cache'), 'images')) },
  );
  problems.push(...planned.problems);
  const render = <T>(entries: ParsedEntry<T>[]) => entries.map((entry) => entry.render(planned.images));

  const root = display(contentDir) ? `${display(contentDir)}/` : '';
  const content =
    profile && navigation && contactRouting
      ? {
          root,
          services: render(services),
          areas: render(areas),
          faqs: render(faqs),
          pages: render(pages),
          errorPages: render(errorPages),
          contacts: render(contacts),
          profile: profile.render(planned.images),
          navigation: navigation.render(planned.images),
          contactRouting: contactRouting.render(planned.images),
        }
      : null;
  return { content, problems, invalid, images: planned.images };
}

/**
 * The business profile alone, for a stage that needs nothing else and should not wait for the
 * rest (the Open Graph images). Undefined when it has problems: readContent reports them.
 */
export async function readProfile({ contentDir, displayRoot = process.cwd() }: LoadOptions): Promise<ContentEntry<BusinessProfile> | undefined> {
  const context: LoadContext = { displayRoot, problems: [], invalid: { names: new Set(), routes: new Set() } };
  const parsed = await loadEntry(path.join(contentDir, SINGLES.profile.file), SINGLES.profile.schema, context);
  return context.problems.length === 0 ? parsed?.render(new Map()) : undefined;
}

/** A file read, validated and parsed: the first pass. */
export interface ParsedEntry<T> {
  /** The images its Markdown and front matter reference. */
  images: ImageReference[];
  /** The second pass: the entry, with its Markdown rendered with the build's images. */
  render(images: ImageMap): ContentEntry<T>;
}

export interface LoadContext {
  displayRoot: string;
  problems: ContentProblem[];
  invalid: InvalidEntries;
}

const displayPath = (absolute: string, displayRoot: string) => path.relative(displayRoot, absolute).split(path.sep).join('/');

async function loadEntry<S extends z.ZodType>(absolute: string, schema: S, context: LoadContext): Promise<ParsedEntry<z.output<S>> | undefined> {
  let source: string;
  try {
    source = await readFile(absolute, 'utf8');
  } catch {
    context.problems.push({ code: 'missing-file', file: displayPath(absolute, context.displayRoot), message: 'This file is required but could not be read.' });
    return undefined;
  }
  return parseEntry(absolute, source, schema, context);
}

/** The first pass over a file already read: validated, its Markdown parsed, its images found. */
export function parseEntry<S extends z.ZodType>(absolute: string, source: string, schema: S, { displayRoot, problems, invalid }: LoadContext): ParsedEntry<z.output<S>> | undefined {
  const file = displayPath(absolute, displayRoot);
  const raw = readEntry(file, source);
  if (isProblem(raw)) {
    problems.push(raw);
    noteInvalid(invalid, path.basename(absolute, '.md'), undefined);
    return undefined;
  }
  const result = validateEntry(raw, schema);
  if (!result.ok) {
    problems.push(...result.problems);
    noteInvalid(invalid, path.basename(absolute, '.md'), raw.data);
    return undefined;
  }
  const bodyLineToFileLine = (line: number) => raw.bodyLine + line - 1;
  const images = frontMatterImageReferences(raw, result.data);
  const blockMarkdown = new Map<number, ParsedMarkdown>();
  const blocks = (result.data as { blocks?: { type: string; markdown?: string }[] }).blocks ?? [];
  blocks.forEach((block, index) => {
    if (block.type !== 'markdown' || !block.markdown) return;
    const parsed = parseMarkdown(block.markdown);
    blockMarkdown.set(index, parsed);
    images.push(...markdownImageReferences(raw, parsed, (line) => raw.textLineOf(['blocks', index, 'markdown']) + line - 1, `blocks.${index}.markdown`));
  });
  const body = raw.body.trim() ? parseMarkdown(raw.body) : null;
  if (body) images.push(...markdownImageReferences(raw, body, bodyLineToFileLine));
  return {
    images,
    render: (processed) => ({
      file,
      name: path.basename(absolute, '.md'),
      data: result.data,
      body: body ? renderMarkdown(body, processed) : null,
      blockMarkdown: new Map([...blockMarkdown].map(([index, parsed]) => [index, renderMarkdown(parsed, processed)])),
      lineOf: raw.lineOf,
      textLineOf: raw.textLineOf,
      bodyLineToFileLine,
      frontMatter: raw.frontMatter,
    }),
  };
}

/** Remembers what an invalid file would have been called, and a page's route when it gives one. */
function noteInvalid(invalid: InvalidEntries, name: string, data: unknown): void {
  const fields = (data ?? {}) as { slug?: unknown; route?: unknown };
  invalid.names.add(name).add(typeof fields.slug === 'string' ? fields.slug : name);
  if (typeof fields.route === 'string') invalid.routes.add(fields.route);
}
