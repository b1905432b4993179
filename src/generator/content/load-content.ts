// Stage 1: every content file loaded (load-entry.ts) and assembled into the site's content, with
// the problems of all the files that did not load (src/kernel/content/assemble-content.ts). A build
// checks every file; an update after an edit checks only the files it names and keeps what it knows of the rest.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { ContentProblem } from '../../kernel/errors/problems.ts';
import type { ImageMap } from '../../kernel/images/responsive-image.ts';
import {
  assembleContent,
  contentTargets,
  missingFolder,
} from '../../kernel/content/assemble-content.ts';
import { ContentEntry } from '../../kernel/content/entry.ts';
import {
  COLLECTIONS,
  schemaOfPath,
  SINGLES,
  type InvalidEntries,
  type LoadedContent,
  type SchemaKey,
} from '../../kernel/content/collections.ts';
import { checkFile, displayPath, type LoadedFile } from './load-entry.ts';
import type { PagePool } from '../threads/page-pool.ts';
import type { LoadItem } from '../threads/page-work.ts';

export interface ContentReadResult {
  /** Null when a site-wide file (profile, navigation, contact routing) is unusable. */
  content: LoadedContent | null;
  problems: ContentProblem[];
  invalid: InvalidEntries;
  /** The raster images the content shows, planned (sizes and output names) but not encoded. */
  images: ImageMap;
  /** Every file as loaded, by absolute path: what the next build or update knows. */
  files: Map<string, LoadedFile>;
  /** Files loaded (read and converted) rather than known. */
  loaded: number;
}

export interface LoadOptions {
  contentDir: string;
  /** The threads that load the files, with the loader's settings (src/generator/threads/page-pool.ts). */
  pool: PagePool;
  /** What the last build made of each file, by absolute path. */
  known?: ReadonlyMap<string, LoadedFile>;
  /** Check only these files (added, changed or deleted), and keep the rest as known; every file when absent. */
  only?: ReadonlySet<string>;
}

/** Which schema validates a file, by where it is in the content folder; undefined for anything that is not a content file. */
export const schemaOfFile = (contentDir: string, file: string): SchemaKey | undefined =>
  schemaOfPath(path.relative(contentDir, file).split(path.sep).join('/'));

/**
 * The files are read and digested here, on the main thread, which knows what the last build made of
 * each; those that must be loaded again go to the pool. Its worker threads start before the reading
 * when enough files are new to this build (a cold build), else once the reading has shown how many changed.
 */
export async function loadContent({
  contentDir,
  pool,
  known = new Map(),
  only,
}: LoadOptions): Promise<ContentReadResult> {
  const { settings } = pool;
  const problems: ContentProblem[] = [];
  const display = (absolute: string) => displayPath(absolute, settings.displayRoot);
  const targets = only
    ? filesAfter(known, only, contentDir)
    : listFiles(contentDir, display, problems);
  // Files the last build did not know must be loaded: enough of them start the worker threads before any is read.
  pool.needs(targets.filter(({ absolute }) => !known.has(absolute)).length);

  const files = new Map<string, LoadedFile>();
  const toParse: LoadItem[] = [];
  const check = async (absolute: string, schema: SchemaKey, before: LoadedFile | undefined) => {
    const checked = await checkFile(absolute, schema, settings, before);
    // Known files from the entry cache were deserialised: their entries get their methods back too.
    if ('reuse' in checked) files.set(absolute, reviveEntry(checked.reuse));
    else if ('missing' in checked) files.set(absolute, checked.missing);
    else toParse.push({ absolute, schema, checked });
  };
  const checking: Promise<void>[] = [];
  for (const { absolute, schema } of targets) {
    const before = known.get(absolute);
    // An update keeps the files it was not told about as they are, with no promise each.
    if (only && !only.has(absolute) && before) files.set(absolute, before);
    else checking.push(check(absolute, schema, before));
  }
  await Promise.all(checking);
  pool.needs(toParse.length);
  for (const file of await pool.load(toParse)) files.set(file.absolute, file);

  const root = display(contentDir) ? `${display(contentDir)}/` : '';
  const assembled = assembleContent(
    targets.map(({ absolute }) => files.get(absolute)!),
    root,
  );
  return {
    ...assembled,
    problems: [...problems, ...assembled.problems],
    files,
    loaded: toParse.length,
  };
}

/** A loaded file from the entry cache: its entry gets its methods back. */
function reviveEntry(file: LoadedFile): LoadedFile {
  if (file.entry && !(file.entry instanceof ContentEntry)) ContentEntry.revive(file.entry);
  return file;
}

type Target = { absolute: string; schema: SchemaKey };

/** Every content file: the single files, then each folder's Markdown files by name. */
function listFiles(
  contentDir: string,
  display: (absolute: string) => string,
  problems: ContentProblem[],
): Target[] {
  const { targets, missing } = contentTargets((dir) => {
    try {
      return readdirSync(path.join(contentDir, dir));
    } catch {
      return null;
    }
  });
  for (const dir of missing) problems.push(missingFolder(display(path.join(contentDir, dir))));
  return targets.map(({ relative, schema }) => ({
    absolute: path.join(contentDir, relative),
    schema,
  }));
}

/** The files after an update: those known, with the changed ones added or, once deleted, gone (the single files stay: they are required). */
function filesAfter(
  known: ReadonlyMap<string, LoadedFile>,
  changed: ReadonlySet<string>,
  contentDir: string,
): Target[] {
  const all = new Map<string, SchemaKey>(
    [...known].map(([absolute, file]) => [absolute, file.schema]),
  );
  for (const absolute of changed) {
    const schema = schemaOfFile(contentDir, absolute);
    if (schema) all.set(absolute, schema);
  }
  const singles = new Set(Object.keys(SINGLES));
  const targets = [...all]
    .filter(
      ([absolute, schema]) => !changed.has(absolute) || singles.has(schema) || existsSync(absolute),
    )
    .map(([absolute, schema]) => ({ absolute, schema }));
  // The order listFiles gives: single files, then folders, then names.
  const singleOrder = Object.keys(SINGLES);
  const folderOrder = Object.keys(COLLECTIONS);
  const ordered = targets.map((target) => ({
    target,
    order: singles.has(target.schema)
      ? `0${singleOrder.indexOf(target.schema)}`
      : `1${folderOrder.indexOf(target.schema)}${path.basename(target.absolute)}`,
  }));
  return ordered
    .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0))
    .map(({ target }) => target);
}
