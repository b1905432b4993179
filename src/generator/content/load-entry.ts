// The loader of one content file, the same on every thread: read, validated, its Markdown rendered
// with the images it shows. It knows the file's last result (`known`): a file whose stamp on disk,
// or whose text, and whose images are as they were is not loaded again.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ContentProblem } from '../../kernel/errors/problems.ts';
import { frontMatterImageReferences, markdownImageReferences } from '../../kernel/images/references.ts';
import { planImages, type PlanOptions } from '../images/responsive-images.ts';
import { type ResponsiveImage } from '../../kernel/images/responsive-image.ts';
import { type ImageReference } from '../../kernel/images/reference-checks.ts';
import { ContentEntry, readLinesWith } from '../../kernel/content/entry.ts';
import { frontMatterLines } from '../../kernel/content/front-matter-lines.ts';
import { parseMarkdown, renderMarkdown, type ParsedMarkdown } from '../../kernel/content/markdown.ts';
import { isProblem, readEntry } from '../../kernel/content/read-entry.ts';
import { schemaOf, type SchemaKey } from '../../kernel/content/collections.ts';
import { validateEntry } from '../../kernel/content/validate-entry.ts';


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
  images: PlanOptions;
}

export const displayPath = (absolute: string, displayRoot: string) => path.relative(displayRoot, absolute).split(path.sep).join('/');

/** A short digest of the parts, for cache keys. */
export function digest(...parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url');
}

const sameStamp = (a: FileStamp | null, b: FileStamp) => a !== null && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino;

/** The file, its text unread when it is known and unchanged on disk, or why it cannot be loaded. */
export type CheckedFile = { reuse: LoadedFile } | { text: string; stamp: FileStamp; textDigest: string } | { missing: LoadedFile };

/** The cheap half of loading: stat, read and digest; whether the file must be loaded again. */
export async function checkFile(absolute: string, schema: SchemaKey, settings: LoadSettings, known?: LoadedFile): Promise<CheckedFile> {
  let stamp: FileStamp;
  try {
    const stats = statSync(absolute);
    stamp = { size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, ino: stats.ino };
    if (known && sameStamp(known.stamp, stamp) && (await sameImages(known, settings))) return { reuse: known };
    const text = readFileSync(absolute, 'utf8');
    const textDigest = digest(settings.loadKey, schema, displayPath(absolute, settings.displayRoot), text);
    if (known?.textDigest === textDigest && (await sameImages(known, settings))) return { reuse: { ...known, stamp } };
    return { text, stamp, textDigest };
  } catch {
    const file = displayPath(absolute, settings.displayRoot);
    const problem: ContentProblem = { code: 'missing-file', file, message: 'This file is required but could not be read.' };
    return { missing: { absolute, schema, stamp: null, textDigest: '', problems: [problem], invalid: { names: [], routes: [] }, images: [], planned: [], imagesKey: '', entry: null } };
  }
}

/** Loads one file: from what is known of it when nothing it was made from changed. */
export async function loadEntry(absolute: string, schema: SchemaKey, settings: LoadSettings, known?: LoadedFile): Promise<LoadedFile> {
  const checked = await checkFile(absolute, schema, settings, known);
  if ('reuse' in checked) return checked.reuse;
  if ('missing' in checked) return checked.missing;
  return parseFile(absolute, schema, checked, settings);
}

/** The known plans of a file's images are still the plans. */
async function sameImages(known: LoadedFile, settings: LoadSettings): Promise<boolean> {
  if (known.images.length === 0) return true;
  const { images } = await planImages(known.images, settings.images);
  return imagesKeyOf([...images.values()]) === known.imagesKey;
}

const imagesKeyOf = (planned: readonly ResponsiveImage[]) => (planned.length === 0 ? '' : digest(JSON.stringify(planned)));

/** The expensive half: validated against its schema, its Markdown parsed, its images planned, its Markdown rendered with them. */
export async function parseFile(absolute: string, schema: SchemaKey, { text, stamp, textDigest }: { text: string; stamp: FileStamp; textDigest: string }, settings: LoadSettings): Promise<LoadedFile> {
  const file = displayPath(absolute, settings.displayRoot);
  const name = path.basename(absolute, '.md');
  const failed = (problems: ContentProblem[], data?: unknown): LoadedFile => {
    const fields = (data ?? {}) as { slug?: unknown; route?: unknown };
    const names = [name, ...(typeof fields.slug === 'string' ? [fields.slug] : [])];
    const routes = typeof fields.route === 'string' ? [fields.route] : [];
    return { absolute, schema, stamp, textDigest, problems, invalid: { names, routes }, images: [], planned: [], imagesKey: '', entry: null };
  };
  const raw = readEntry(file, text);
  if (isProblem(raw)) return failed([raw]);
  const result = validateEntry(raw, schemaOf(schema));
  if (!result.ok) return failed(result.problems, raw.data);

  const bodyLineToFileLine = (line: number) => raw.bodyLine + line - 1;
  const references = frontMatterImageReferences(raw, result.data);
  const blockTrees = new Map<number, ParsedMarkdown>();
  const blocks = (result.data as { blocks?: { type: string; markdown?: string }[] }).blocks ?? [];
  blocks.forEach((block, index) => {
    if (block.type !== 'markdown' || !block.markdown) return;
    const parsed = parseMarkdown(block.markdown);
    blockTrees.set(index, parsed);
    references.push(...markdownImageReferences(raw, parsed, (line) => raw.textLineOf(['blocks', index, 'markdown']) + line - 1, `blocks.${index}.markdown`));
  });
  const bodyTree = raw.body.trim() ? parseMarkdown(raw.body) : null;
  if (bodyTree) references.push(...markdownImageReferences(raw, bodyTree, bodyLineToFileLine));

  const plan = references.length > 0 ? await planImages(references, settings.images) : { images: new Map<string, ResponsiveImage>(), problems: [] };
  const planned = [...plan.images.values()];
  const imagesKey = imagesKeyOf(planned);
  const entry = new ContentEntry(
    file,
    name,
    result.data,
    bodyTree ? renderMarkdown(bodyTree, plan.images) : null,
    new Map([...blockTrees].map(([index, tree]) => [index, renderMarkdown(tree, plan.images)])),
    raw.frontMatter,
    raw.bodyLine,
    imagesKey ? digest(textDigest, imagesKey) : textDigest,
  );
  return { absolute, schema, stamp, textDigest, problems: plan.problems, invalid: { names: [], routes: [] }, images: references, planned, imagesKey, entry };
}
