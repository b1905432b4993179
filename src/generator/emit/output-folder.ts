// The one output writer. It knows every file of the output folder (path → digest of its contents,
// and for a page the key it was rendered with; src/kernel/render/page-parts.ts), kept in the cache
// between builds and in memory by the dev server. A build writes only the files whose contents
// changed and removes the files no longer made. A first build, or one into a folder that holds
// something else, goes into a temporary folder swapped in when it has succeeded.
//
// Nothing is written before every check has passed (content, cross-checks, budgets): a failed
// build leaves the folder as it was. The record is removed before the first write in place, so a
// build cut short (a crash, a full disk) is followed by a fresh one.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { BuildFile } from '../../kernel/wire/build-files.ts';
import { contentHash, writeFile as writeOne, type WrittenFile } from './write-file.ts';

/** What the folder holds at one path. */
export interface OutputFile {
  hash: string;
  bytes: number;
  /** A page's key (page-parts.ts): while it is the same, the page need not be rendered again. */
  key?: string;
}

interface OutputRecord {
  format: 2;
  /** The manifest's build id: a folder holding another build is not trusted. */
  buildId: string;
  files: Map<string, OutputFile>;
}

/** The build id an output folder's manifest names, if any. */
export function manifestBuildId(outDir: string): string | undefined {
  try {
    return (
      JSON.parse(readFileSync(path.join(outDir, BuildFile.Manifest), 'utf8')) as {
        buildId?: string;
      }
    ).buildId;
  } catch {
    return undefined;
  }
}

/** Where the cache keeps what it knows of an output folder: `<base>.bin` here, `<base>.inputs.json` for the nothing-changed check. */
export const outputRecordBase = (cacheDir: string, outDir: string) =>
  path.join(cacheDir, 'output', contentHash(path.resolve(outDir)).slice(0, 12));

/** The two files that name the build, left out of its id. */
const BUILD_NAMING_FILES: ReadonlySet<string> = new Set([
  BuildFile.Manifest,
  BuildFile.LatestBuild,
]);

export class OutputFolder {
  /** The files of the folder as it stands (in place), or as the temporary folder is being filled. */
  private files = new Map<string, OutputFile>();
  private produced = new Set<string>();
  private temporary: string | null = null;
  private readonly madeDirs = new Set<string>();
  private recordRemoved = false;
  /** The files the current build wrote: new, or different from what the folder held. */
  private writtenFiles = new Set<string>();

  private constructor(
    readonly outDir: string,
    private readonly recordFile: string | null,
    known: OutputRecord | null,
  ) {
    if (known) this.files = known.files;
  }

  /** The output folder, and what the cache (if any) knows of it. */
  static async open(outDir: string, cacheDir?: string): Promise<OutputFolder> {
    const recordFile = cacheDir ? `${outputRecordBase(cacheDir, outDir)}.bin` : null;
    const record = recordFile ? await readRecord(recordFile) : null;
    const trusted =
      record && existsSync(outDir) && record.buildId === manifestBuildId(outDir) ? record : null;
    return new OutputFolder(outDir, recordFile, trusted);
  }

  /** Starts a build: in place when the folder's files are known, else into a fresh temporary folder. */
  begin(): void {
    this.produced = new Set();
    this.writtenFiles = new Set();
    if (this.files.size === 0) {
      this.temporary = `${this.outDir}.tmp-${process.pid}-${Date.now()}`;
      this.madeDirs.clear();
    }
  }

  /** Where this build's files go. */
  get root(): string {
    return this.temporary ?? this.outDir;
  }

  get fresh(): boolean {
    return this.temporary !== null;
  }

  /** What the folder holds at a path, when this build writes in place. */
  known(file: string): OutputFile | undefined {
    return this.temporary ? undefined : this.files.get(file);
  }

  /** A file this build makes that is already there as it should be. */
  keep(file: string): void {
    this.produced.add(file);
  }

  /**
   * Writes one file unless the folder already holds these contents (write-file.ts). Synchronous:
   * one call opens, writes and closes the file, cheaper than three round trips through libuv's
   * thread pool, and the disk's work happens in the operating system's cache either way.
   */
  async write(file: string, contents: string | Uint8Array, key?: string): Promise<void> {
    await this.beforeWriting();
    this.wroteFile(
      file,
      writeOne(this.root, file, contents, this.known(file)?.hash, this.madeDirs),
      key,
    );
  }

  /** Before another thread writes into the folder (src/generator/threads/): the record goes first, as for the folder's own writes. */
  async beforeWriting(): Promise<void> {
    if (!this.temporary && !this.recordRemoved && this.recordFile) {
      this.recordRemoved = true;
      await rm(this.recordFile, { force: true });
    }
  }

  /** A file written at `file`, by this folder or by another thread after beforeWriting. */
  wroteFile(file: string, { hash, bytes, written }: WrittenFile, key?: string): void {
    if (written) this.writtenFiles.add(file);
    this.produced.add(file);
    this.files.set(file, { hash, bytes, key });
  }

  /** How many files the current build wrote, against those already up to date. */
  get written(): number {
    return this.writtenFiles.size;
  }

  /** Whether the current build wrote this file: its contents are new or changed (a fresh folder's every file). */
  wrote(file: string): boolean {
    return this.writtenFiles.has(file);
  }

  /** The files this build has made so far under a folder ("assets/"), in order. */
  madeUnder(folder: string): string[] {
    return [...this.produced].filter((file) => file.startsWith(folder)).sort();
  }

  /** The files this build makes, with their sizes. */
  get stats(): { files: number; bytes: number } {
    let bytes = 0;
    for (const file of this.produced) bytes += this.files.get(file)?.bytes ?? 0;
    return { files: this.produced.size, bytes };
  }

  /** A digest of every file this build makes but the two that name the build: an unchanged site keeps its id. */
  buildId(): string {
    const hash = createHash('sha256');
    for (const file of [...this.produced].sort()) {
      if (!BUILD_NAMING_FILES.has(file)) hash.update(`${file}\0${this.files.get(file)!.hash}\0`);
    }
    return hash.digest('hex').slice(0, 16);
  }

  /** The build succeeded: files no longer made go, a temporary folder is swapped in, and the record is saved. */
  async commit(buildId: string): Promise<void> {
    const stale = [...this.files.keys()].filter((file) => !this.produced.has(file));
    for (const file of stale) this.files.delete(file);
    if (this.temporary) {
      await swapIn(this.temporary, this.outDir);
      this.temporary = null;
    } else {
      await Promise.all(stale.map((file) => rm(path.join(this.outDir, file), { force: true })));
      // Folders left empty go too (a page that is no more).
      const dirs = new Set(stale.map((file) => path.dirname(path.join(this.outDir, file))));
      dirs.delete(path.resolve(this.outDir));
      await Promise.all([...dirs].map((dir) => rmdir(dir).catch(() => {})));
    }
    this.madeDirs.clear();
    if (this.recordFile)
      await saveRecord(this.recordFile, { format: 2, buildId, files: this.files });
    this.recordRemoved = false;
  }

  /** The build failed: a temporary folder goes; the folder itself was not touched before every check passed. */
  async discard(): Promise<void> {
    if (this.temporary) {
      await rm(this.temporary, { recursive: true, force: true });
      this.temporary = null;
      this.files = new Map();
    }
  }
}

/** The new folder replaces the old one; the old one is moved aside before it is deleted (deleting thousands of files just before writing thousands is slow on some disks). */
async function swapIn(temporary: string, outDir: string): Promise<void> {
  const old = `${outDir}.old-${process.pid}-${Date.now()}`;
  const hadOutput = await rename(outDir, old).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  await rename(temporary, outDir);
  if (hadOutput) await rm(old, { recursive: true, force: true });
}

async function readRecord(file: string): Promise<OutputRecord | null> {
  try {
    const record = deserialize(await readFile(file)) as OutputRecord;
    return record.format === 2 ? record : null;
  } catch {
    return null;
  }
}

/** Through a temporary name; a record that cannot be written only makes the next build a fresh one. */
async function saveRecord(file: string, record: OutputRecord): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(temporary, serialize(record));
    await rename(temporary, file);
  } catch {
    await rm(temporary, { force: true }).catch(() => {});
  }
}
