// The loader of one content file, the same on every thread: read, validated, its Markdown rendered
// with the images it shows. It knows the file's last result (`known`): a file whose stamp on disk,
// or whose text, and whose images are as they were is not loaded again.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { checkEntry, type ImagePlan } from '../../kernel/check/check-entry.ts';
import { entryKind, type SchemaKey } from '../../kernel/content/collections.ts';
import { ContentEntry, readLinesWith } from '../../kernel/content/entry.ts';
import { frontMatterLines } from '../../kernel/content/front-matter-lines.ts';
import { isProblem, readEntry } from '../../kernel/content/read-entry.ts';
import type { ContentProblem } from '../../kernel/errors/problems.ts';
import { checkReferences, type ImageReference } from '../../kernel/images/reference-checks.ts';
import type { ImageMap, ResponsiveImage } from '../../kernel/images/responsive-image.ts';

// Entries find their lines with the `yaml` parser, which keeps every node's position.
readLinesWith(frontMatterLines);

/** What a file looked like on disk when it was read: while all of it is the same, so is its text. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

/** What the loader made of one file: kept in memory between builds, and in the entry cache. */
export interface LoadedFile {
  absolute: string;
  schema: SchemaKey;
  stamp: FileStamp | null;
  /** Of the loader's code and the file's text. */
  textDigest: string;
  problems: ContentProblem[];
  /** What the file would have been called, and the route it gives: counted as existing by the cross-checks (see InvalidEntries). */
  invalid: { names: string[]; routes: string[] };
  images: ImageReference[];
  /** The raster images it shows, planned; and a digest of those plans. */
  planned: ResponsiveImage[];
  imagesKey: string;
  /** Null when the file did not load. */
  entry: ContentEntry | null;
}

export interface LoadSettings {
  /** Problems name files relative to this folder. */
  displayRoot: string;
  /** The loader's code key (src/generator/cache/code-key.mjs). */
  loadKey: string;
  /** How problems name the images folder, for example "content/images". */
  imagesDir: string;
  /**
   * Plans the raster images a file shows (responsive-images.ts): on the main thread, each source
   * once per build; a worker thread asks the main thread (src/generator/threads/).
   */
  planImages: (raster: readonly ImageReference[]) => Promise<ImagePlan>;
}

export const displayPath = (absolute: string, displayRoot: string) =>
  path.relative(displayRoot, absolute).split(path.sep).join('/');

/** A short digest of the parts, for cache keys. */
export function digest(...parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url');
}

const sameStamp = (a: FileStamp | null, b: FileStamp) =>
  a !== null &&
  a.size === b.size &&
  a.mtimeMs === b.mtimeMs &&
  a.ctimeMs === b.ctimeMs &&
  a.ino === b.ino;

/** The file, its text unread when it is known and unchanged on disk, or why it cannot be loaded. */
export type CheckedFile =
  | { reuse: LoadedFile }
  | { text: string; stamp: FileStamp; textDigest: string }
  | { missing: LoadedFile };

/** The cheap half of loading: stat, read and digest; whether the file must be loaded again. */
export async function checkFile(
  absolute: string,
  schema: SchemaKey,
  settings: LoadSettings,
  known?: LoadedFile,
): Promise<CheckedFile> {
  let stamp: FileStamp;
  try {
    const stats = statSync(absolute);
    stamp = { size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, ino: stats.ino };
    if (known && sameStamp(known.stamp, stamp) && (await sameImages(known, settings)))
      return { reuse: known };
    const text = readFileSync(absolute, 'utf8');
    const textDigest = digest(
      settings.loadKey,
      schema,
      displayPath(absolute, settings.displayRoot),
      text,
    );
    if (known?.textDigest === textDigest && (await sameImages(known, settings)))
      return { reuse: { ...known, stamp } };
    return { text, stamp, textDigest };
  } catch {
    const file = displayPath(absolute, settings.displayRoot);
    const problem: ContentProblem = {
      code: 'missing-file',
      file,
      message: 'This file is required but could not be read.',
    };
    return {
      missing: {
        absolute,
        schema,
        stamp: null,
        textDigest: '',
        problems: [problem],
        invalid: { names: [], routes: [] },
        images: [],
        planned: [],
        imagesKey: '',
        entry: null,
      },
    };
  }
}

/** The known plans of a file's images are still the plans. */
async function sameImages(known: LoadedFile, settings: LoadSettings): Promise<boolean> {
  if (known.images.length === 0) return true;
  const { images } = await settings.planImages(
    checkReferences(known.images, settings.imagesDir).raster,
  );
  return imagesKeyOf(images) === known.imagesKey;
}

const imagesKeyOf = (images: ImageMap) =>
  images.size === 0 ? '' : digest(JSON.stringify([...images.values()]));

/** A content file as it holds its front matter and body (no defaults filled in), and its whole text. */
export interface EntrySource {
  data: unknown;
  body: string;
  text: string;
}

/**
 * What each entry this process loaded was read from, for the builder's payloads: a build reads and
 * splits each file once. Only in memory: an entry from the entry cache has none (sourceOf reads it).
 */
const sources = new WeakMap<ContentEntry, EntrySource>();

/** What this thread read the entry from, when it loaded it: a worker thread hands it to the main thread (keepSource). */
export const loadedSource = (entry: ContentEntry): EntrySource | undefined => sources.get(entry);

/** What a worker thread read an entry from, kept with the main thread's copy of the entry. */
export const keepSource = (entry: ContentEntry, source: EntrySource): void =>
  void sources.set(entry, source);

/** The entry's source: as it was loaded, or read again from its file; undefined when it no longer reads. */
export async function sourceOf(
  entry: ContentEntry,
  absolute: string,
): Promise<EntrySource | undefined> {
  const known = sources.get(entry);
  if (known) return known;
  const text = await readFile(absolute, 'utf8');
  const raw = readEntry(entry.file, text);
  return isProblem(raw) ? undefined : { data: raw.data, body: raw.body, text };
}

/** The expensive half: the file checked (src/kernel/check/check-entry.ts) with its images planned from disk and the media library. */
export async function parseFile(
  absolute: string,
  schema: SchemaKey,
  { text, stamp, textDigest }: { text: string; stamp: FileStamp; textDigest: string },
  settings: LoadSettings,
): Promise<LoadedFile> {
  const file = displayPath(absolute, settings.displayRoot);
  const raw = readEntry(file, text);
  const checked = await checkEntry(raw, entryKind(schema), {
    imagesDir: settings.imagesDir,
    planImages: settings.planImages,
    digest: (images) => (images.size === 0 ? textDigest : digest(textDigest, imagesKeyOf(images))),
  });
  if (checked.entry && !isProblem(raw))
    sources.set(checked.entry, { data: raw.data, body: raw.body, text });
  return {
    absolute,
    schema,
    stamp,
    textDigest,
    problems: checked.problems,
    invalid: checked.invalid,
    images: checked.references,
    planned: [...checked.images.values()],
    imagesKey: imagesKeyOf(checked.images),
    entry: checked.entry,
  };
}
