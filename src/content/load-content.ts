import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { renderMarkdown, type RenderedMarkdown } from './markdown.ts';
import { ContentError, type ContentProblem } from './problems.ts';
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
  names: Set<string>;
  routes: Set<string>;
}

export interface ContentReadResult {
  /** Null when a site-wide file (profile, navigation, contact routing) is unusable. */
  content: LoadedContent | null;
  problems: ContentProblem[];
  invalid: InvalidEntries;
}

export interface LoadOptions {
  /** The content folder. */
  contentDir: string;
  /** Paths in problems are shown relative to this folder (the project root). */
  displayRoot?: string;
}

/** Stage 1, strict: the loaded content, or a ContentError with every problem of every file. */
export async function loadContent(options: LoadOptions): Promise<LoadedContent> {
  const { content, problems } = await readContent(options);
  if (problems.length > 0 || !content) throw new ContentError(problems);
  return content;
}

/**
 * Stage 1: reads every content file, validates it against its schema and renders its Markdown.
 * Returns the valid entries with the problems of all the others, so later checks can go on.
 */
export async function readContent({ contentDir, displayRoot = process.cwd() }: LoadOptions): Promise<ContentReadResult> {
  const problems: ContentProblem[] = [];
  const invalid: InvalidEntries = { names: new Set(), routes: new Set() };
  const display = (absolute: string) => path.relative(displayRoot, absolute).split(path.sep).join('/');

  const load = async <S extends z.ZodType>(absolute: string, schema: S): Promise<ContentEntry<z.output<S>> | undefined> => {
    const file = display(absolute);
    let source: string;
    try {
      source = await readFile(absolute, 'utf8');
    } catch {
      problems.push({ code: 'missing-file', file, message: 'This file is required but could not be read.' });
      return undefined;
    }
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
    const blockMarkdown = new Map<number, RenderedMarkdown>();
    const blocks = (result.data as { blocks?: { type: string; markdown?: string }[] }).blocks ?? [];
    blocks.forEach((block, index) => {
      if (block.type === 'markdown' && block.markdown) blockMarkdown.set(index, renderMarkdown(block.markdown));
    });
    return {
      file,
      name: path.basename(absolute, '.md'),
      data: result.data,
      body: raw.body.trim() ? renderMarkdown(raw.body) : null,
      blockMarkdown,
      lineOf: raw.lineOf,
      textLineOf: raw.textLineOf,
      bodyLineToFileLine: (line) => raw.bodyLine + line - 1,
    };
  };

  const loadFolder = async <S extends z.ZodType>(dir: string, schema: S) => {
    const absoluteDir = path.join(contentDir, dir);
    let names: string[];
    try {
      names = (await readdir(absoluteDir)).filter((name) => name.endsWith('.md')).sort();
    } catch {
      problems.push({ code: 'missing-file', file: display(absoluteDir), message: 'This content folder is missing.' });
      return [];
    }
    const entries = await Promise.all(names.map((name) => load(path.join(absoluteDir, name), schema)));
    return entries.filter((entry): entry is ContentEntry<z.output<S>> => entry !== undefined);
  };

  const [services, areas, faqs, pages, errorPages, contacts, profile, navigation, contactRouting] = await Promise.all([
    loadFolder(COLLECTIONS.services.dir, COLLECTIONS.services.schema),
    loadFolder(COLLECTIONS.areas.dir, COLLECTIONS.areas.schema),
    loadFolder(COLLECTIONS.faqs.dir, COLLECTIONS.faqs.schema),
    loadFolder(COLLECTIONS.pages.dir, COLLECTIONS.pages.schema),
    loadFolder(COLLECTIONS.errorPages.dir, COLLECTIONS.errorPages.schema),
    loadFolder(COLLECTIONS.contacts.dir, COLLECTIONS.contacts.schema),
    load(path.join(contentDir, SINGLES.profile.file), SINGLES.profile.schema),
    load(path.join(contentDir, SINGLES.navigation.file), SINGLES.navigation.schema),
    load(path.join(contentDir, SINGLES.contactRouting.file), SINGLES.contactRouting.schema),
  ]);

  const root = display(contentDir) ? `${display(contentDir)}/` : '';
  const content = profile && navigation && contactRouting ? { root, services, areas, faqs, pages, errorPages, contacts, profile, navigation, contactRouting } : null;
  return { content, problems, invalid };
}

/** Remembers what an invalid file would have been called and where it would have lived. */
function noteInvalid(invalid: InvalidEntries, name: string, data: unknown): void {
  const fields = (data ?? {}) as { slug?: unknown; route?: unknown };
  const slug = typeof fields.slug === 'string' ? fields.slug : name;
  invalid.names.add(name).add(slug);
  if (typeof fields.route === 'string') invalid.routes.add(fields.route);
  // A service's or an area's route comes from its slug.
  invalid.routes.add(`/${slug}`).add(`/cleaning-services-${slug}`);
}
