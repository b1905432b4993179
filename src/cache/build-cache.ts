// The content cache on disk, under <cacheDir>/build/ (git-ignored .cache/ by default): what the
// first pass made of each content file (front matter, problems, rendered Markdown), and each
// rendered page with the reads it made of the site-wide data. Two files per content folder,
// written whole through a temporary name, holding only what the last build used: a build never
// reads half a file. Only the most recently built content folders are kept (tests build many
// temporary ones). Deleting the folder is always safe.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { PageScripts } from '../render/page-scripts.ts';
import type { EntryOutcome } from '../parallel/portable-entry.ts';

/** Bumped when the layout of these files changes. */
const FORMAT = 3;
/** Content folders whose cache is kept: the most recently built ones. */
const KEEP_FOLDERS = 6;

export interface CachedEntry extends EntryOutcome {
  /** For an entry whose Markdown shows images: the images it was rendered with (see imageKeyOf). */
  imageKey?: string;
}

export interface CachedPage {
  /** The page's own inputs: its content file and images (see BuildSession). */
  ownKey: string;
  /** The HTML as rendered, or as read back from the file (UTF-8, decoded when the page is used). */
  html: string | Buffer;
  scripts: PageScripts;
  /** Indexes into PagesFile.paths: what the render read of the site-wide data. */
  reads: Int32Array;
}

/** What a file looked like on disk when it was read: while all of it is the same, so is its text. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

/** A file's stamp and the key of the entry its text gave. */
export interface StampedKey {
  stamp: FileStamp;
  key: string;
}

export interface EntriesFile {
  format: number;
  key: string;
  entries: Map<string, CachedEntry>;
  /** By file (schema, absolute and display path): lets a rebuild skip reading files that have not changed. */
  stamps: Map<string, StampedKey>;
}

export interface PagesFile {
  format: number;
  key: string;
  /** Read paths (track-reads.ts) and the value (fingerprint) each had when the pages were rendered. */
  paths: string[];
  values: unknown[];
  /** By output path. */
  pages: Map<string, CachedPage>;
}

const isChunks = (value: unknown): value is AsyncIterable<Buffer> => typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/** A short digest of the parts, for cache keys. */
export function digest(...parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url');
}

export class BuildCache {
  constructor(
    /** <cacheDir>/build/<digest of the content folder>. */
    readonly dir: string,
  ) {}

  static forContent(cacheDir: string, contentDir: string): BuildCache {
    return new BuildCache(path.join(cacheDir, 'build', digest(path.resolve(contentDir)).slice(0, 12)));
  }

  async readEntries(key: string): Promise<Pick<EntriesFile, 'entries' | 'stamps'>> {
    const file = await this.read<EntriesFile>('entries.bin');
    return file?.format === FORMAT && file.key === key ? file : { entries: new Map(), stamps: new Map() };
  }

  /**
   * pages.bin is the pages' data (v8 serialized, its length first) followed by their HTML as
   * UTF-8: a page's HTML is read as a slice of the file, half the size of the string it becomes.
   */
  async readPages(key: string): Promise<PagesFile | null> {
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(this.dir, 'pages.bin'));
    } catch {
      return null;
    }
    try {
      const metaLength = bytes.readUInt32LE(0);
      const meta = deserialize(bytes.subarray(4, 4 + metaLength)) as Omit<PagesFile, 'pages'> & { pages: Map<string, Omit<CachedPage, 'html'> & { offset: number; length: number }> };
      if (meta.format !== FORMAT || meta.key !== key) return null;
      const html = bytes.subarray(4 + metaLength);
      const pages = new Map<string, CachedPage>();
      for (const [file, { offset, length, ...page }] of meta.pages) pages.set(file, { ...page, html: html.subarray(offset, offset + length) });
      return { ...meta, pages };
    } catch {
      return null;
    }
  }

  writeEntries(key: string, entries: Map<string, CachedEntry>, stamps: Map<string, StampedKey>): Promise<void> {
    return this.write('entries.bin', { format: FORMAT, key, entries, stamps } satisfies EntriesFile);
  }

  async writePages(file: Omit<PagesFile, 'format'>): Promise<void> {
    const pages = new Map<string, Omit<CachedPage, 'html'> & { offset: number; length: number }>();
    let offset = 0;
    for (const [name, { html, ...page }] of file.pages) {
      const length = typeof html === 'string' ? Buffer.byteLength(html) : html.byteLength;
      pages.set(name, { ...page, offset, length });
      offset += length;
    }
    const meta = serialize({ format: FORMAT, key: file.key, paths: file.paths, values: file.values, pages });
    const header = Buffer.alloc(4);
    header.writeUInt32LE(meta.byteLength, 0);
    // The HTML goes in chunks of about a megabyte, so writing it takes no second copy of it all.
    async function* chunks() {
      yield header;
      yield meta;
      let pending: Buffer[] = [];
      let size = 0;
      for (const { html } of file.pages.values()) {
        const bytes = typeof html === 'string' ? Buffer.from(html) : html;
        pending.push(bytes);
        size += bytes.byteLength;
        if (size >= 1 << 20) {
          yield Buffer.concat(pending);
          pending = [];
          size = 0;
        }
      }
      if (pending.length > 0) yield Buffer.concat(pending);
    }
    await this.write('pages.bin', chunks());
  }

  private async read<T>(name: string): Promise<T | null> {
    try {
      return deserialize(await readFile(path.join(this.dir, name))) as T;
    } catch {
      // Missing, or written by another version of Node: a cold build.
      return null;
    }
  }

  /** Through a temporary name, so a build running at the same time never reads half a file. A cache that cannot be written only makes the next build slower. */
  private async write(name: string, value: unknown): Promise<void> {
    const temporary = path.join(this.dir, `.${name}.${process.pid}-${Math.random().toString(36).slice(2)}`);
    try {
      await mkdir(this.dir, { recursive: true });
      await writeFile(temporary, isChunks(value) ? value : serialize(value));
      await rename(temporary, path.join(this.dir, name));
      await this.pruneOthers();
    } catch {
      await rm(temporary, { force: true }).catch(() => {});
    }
  }

  /** Removes the cache of content folders not built for longest, beyond the KEEP_FOLDERS most recent. */
  private async pruneOthers(): Promise<void> {
    const parent = path.dirname(this.dir);
    const now = new Date();
    await utimes(this.dir, now, now);
    const names = await readdir(parent);
    if (names.length <= KEEP_FOLDERS) return;
    const dated = await Promise.all(names.map(async (name) => ({ name, time: (await stat(path.join(parent, name)).catch(() => null))?.mtimeMs ?? 0 })));
    dated.sort((a, b) => b.time - a.time);
    await Promise.all(dated.slice(KEEP_FOLDERS).map(({ name }) => rm(path.join(parent, name), { recursive: true, force: true })));
  }
}
