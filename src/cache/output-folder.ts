// Writing the build into its output folder. A first build goes into a temporary folder that
// replaces the output only when the build succeeded (src/emit/swap-output.ts). After that, the
// folder's files are known (a record in the cache, by digest), and a rebuild writes only the files
// whose contents changed and removes those no longer made: rewriting and deleting thousands of
// unchanged files is most of the time of a rebuild on a slow disk.
//
// A build that fails writes nothing either way: content problems and the script budget stop
// buildSite before its first write. The record is removed before an update starts, so an update
// cut short (a crash, a full disk) is followed by a full build into a temporary folder.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { MANIFEST_PATH } from '../emit/build-files.ts';
import { buildIntoTemporaryFolder } from '../emit/swap-output.ts';
import { DiskWriter, type OutputWriter } from '../emit/writer.ts';
import { digest } from './build-cache.ts';

/** What the last build wrote into an output folder. */
interface OutputRecord {
  format: 1;
  /** The manifest's build id: a folder holding another build (the dev server's, say) is not trusted. */
  buildId: string;
  /** Digest of each file's contents, by output path. */
  files: Map<string, string>;
}

const contentDigest = (contents: string | Uint8Array) => createHash('sha1').update(contents).digest('base64url');

/** Files written at once. The build hands over thousands together; each write in flight holds an encoded copy of its file. */
const WRITES_AT_ONCE = 32;

/** A counting semaphore: at most `size` tasks run at a time, the rest wait their turn. */
function limiter(size: number) {
  let running = 0;
  const queue: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    // A finished task hands its slot straight to the next one waiting.
    if (running >= size) await new Promise<void>((resolve) => queue.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = queue.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/** A writer that notes what it writes, and skips files the folder already holds with the same contents. */
class RecordingWriter implements OutputWriter {
  readonly stats = { files: 0, bytes: 0 };
  readonly files = new Map<string, string>();
  buildId = '';
  /** Files not written because they were already there. */
  skipped = 0;

  private firstWrite: Promise<unknown> | undefined;
  private readonly slot = limiter(WRITES_AT_ONCE);

  constructor(
    private readonly disk: DiskWriter,
    private readonly existing: ReadonlyMap<string, string> = new Map(),
    /** Runs once, before the first file is written. */
    private readonly beforeWriting: () => Promise<unknown> = async () => {},
  ) {}

  async write(relativePath: string, contents: string | Uint8Array): Promise<void> {
    const file = relativePath.split(path.sep).join('/');
    const hash = contentDigest(contents);
    this.files.set(file, hash);
    if (file === MANIFEST_PATH) this.buildId = (JSON.parse(typeof contents === 'string' ? contents : Buffer.from(contents).toString('utf8')) as { buildId: string }).buildId;
    this.stats.files += 1;
    this.stats.bytes += typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
    if (this.existing.get(file) === hash) {
      this.skipped += 1;
      return;
    }
    await (this.firstWrite ??= this.beforeWriting());
    await this.slot(() => this.disk.write(relativePath, contents));
  }
}

async function readRecord(file: string): Promise<OutputRecord | null> {
  try {
    const record = deserialize(await readFile(file)) as OutputRecord;
    return record.format === 1 ? record : null;
  } catch {
    return null;
  }
}

/** The build id an output folder's manifest names, if any. */
export function manifestBuildId(outDir: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(path.join(outDir, MANIFEST_PATH), 'utf8')) as { buildId?: string }).buildId;
  } catch {
    return undefined;
  }
}

/** Where the cache keeps what it knows of an output folder: `<base>.bin` here, `<base>.inputs.json` for unchanged-build.ts. */
export const outputRecordBase = (cacheDir: string, outDir: string) => path.join(cacheDir, 'output', digest(path.resolve(outDir)).slice(0, 12));

async function saveRecord(file: string, writer: RecordingWriter): Promise<void> {
  if (!writer.buildId) return;
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(temporary, serialize({ format: 1, buildId: writer.buildId, files: writer.files } satisfies OutputRecord));
    await rename(temporary, file);
  } catch {
    await rm(temporary, { force: true }).catch(() => {});
  }
}

export interface OutputResult<T> {
  result: T;
  /** How the folder was written, and how many files were already up to date. */
  mode: 'fresh' | 'updated';
  unchanged: number;
}

/**
 * Runs `build` with a writer into `outDir`: a fresh temporary folder swapped in on success, or,
 * when the folder holds the previous build as recorded under `cacheDir`, the folder itself with
 * only changed files written and files no longer made removed.
 */
export async function writeOutputFolder<T>(outDir: string, cacheDir: string, build: (writer: OutputWriter) => Promise<T>): Promise<OutputResult<T>> {
  const recordFile = `${outputRecordBase(cacheDir, outDir)}.bin`;
  const record = await readRecord(recordFile);
  if (!record || !existsSync(outDir) || record.buildId !== manifestBuildId(outDir)) {
    let writer: RecordingWriter | undefined;
    const result = await buildIntoTemporaryFolder(outDir, (tempDir) => build((writer = new RecordingWriter(new DiskWriter(tempDir)))));
    await saveRecord(recordFile, writer!);
    return { result, mode: 'fresh', unchanged: 0 };
  }
  // The record goes before the first write: an update cut short is followed by a fresh build.
  const writer = new RecordingWriter(new DiskWriter(outDir), record.files, () => rm(recordFile, { force: true }));
  const result = await build(writer);
  const stale = [...record.files.keys()].filter((file) => !writer.files.has(file));
  if (stale.length > 0) await rm(recordFile, { force: true });
  await Promise.all(stale.map((file) => rm(path.join(outDir, file), { force: true })));
  // Folders left empty go too (a page that is no more).
  const dirs = [...new Set(stale.map((file) => path.dirname(path.join(outDir, file))))].filter((dir) => dir !== path.resolve(outDir));
  await Promise.all(dirs.map((dir) => rmdir(dir).catch(() => {})));
  await saveRecord(recordFile, writer);
  return { result, mode: 'updated', unchanged: writer.skipped };
}
