// A rebuild with nothing to do. When every input of the last successful build is as it was (the
// content and public files by size, times and inode; the generator's code, packages and version;
// the environment the output shows: the site URL, the deploy context, the year in the footer and the commit built) and the output folder
// still holds that build, the build's result is already on disk: `npm run build` says so and stops,
// without loading the pipeline. Anything else, including a missing or unreadable record, is a
// real build. It imports only small modules (no React, remark or sharp), so the check starts fast.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { codeKeys, type CodeKeys } from './code-key.mjs';
import { manifestBuildId, outputRecordBase } from '../emit/output-folder.ts';

export interface BuildInputs {
  contentDir: string;
  publicDir: string;
  outDir: string;
  /** Netlify's URL build variable, if set (it changes every absolute link). */
  siteUrl: string | undefined;
  /** Netlify's CONTEXT build variable, if set (a preview's output holds a noindex `_headers` file). */
  deployContext?: string | undefined;
  /** The build time: only its year shows in the pages (the footer). */
  now: Date;
  /** The sign-in configuration the account pages carry (src/kernel/wire/firebase-config.ts), as JSON; absent when not set up. */
  firebase?: string;
  /** The commit built, which latest-build.json names (src/generator/emit/build-commit.ts). */
  commit?: string | undefined;
  /** Tests only: stand-ins for the generator's code keys. */
  code?: CodeKeys;
}

/** What the last build printed, shown again when it is not repeated. */
export interface LastBuild {
  buildId: string;
  pages: number;
  files: number;
  bytes: number;
  /** Media library photos the build used (src/generator/images/library-photos.ts): such a build is never skipped. */
  libraryPhotos?: number;
}

interface Record extends LastBuild {
  format: 1;
  inputs: string;
}

const recordFile = (cacheDir: string, outDir: string) =>
  `${outputRecordBase(cacheDir, outDir)}.inputs.json`;

/** Every file under `dir`, sorted, with what stat says of it; a missing folder is an input too. */
function stampFolder(hash: ReturnType<typeof createHash>, dir: string): void {
  let names: string[];
  try {
    names = (readdirSync(dir, { recursive: true }) as string[]).sort();
  } catch {
    hash.update(`missing ${dir}\0`);
    return;
  }
  hash.update(`folder ${dir}\0`);
  for (const name of names) {
    const stats = statSync(path.join(dir, name), { throwIfNoEntry: false });
    if (stats?.isFile())
      hash.update(`${name}\0${stats.size}\0${stats.mtimeMs}\0${stats.ctimeMs}\0${stats.ino}\0`);
  }
}

/** One digest of everything a build's output depends on. */
export function inputsDigest(inputs: BuildInputs): string {
  const keys = inputs.code ?? codeKeys();
  const hash = createHash('sha256');
  hash.update(
    `code ${keys.load} ${keys.render}\0url ${inputs.siteUrl ?? ''}\0context ${inputs.deployContext ?? ''}\0year ${inputs.now.getFullYear()}\0out ${path.resolve(inputs.outDir)}\0firebase ${inputs.firebase ?? ''}\0commit ${inputs.commit ?? ''}\0`,
  );
  stampFolder(hash, inputs.contentDir);
  stampFolder(hash, inputs.publicDir);
  return hash.digest('hex');
}

/**
 * The last build into `outDir`, when its inputs had this digest (inputsDigest) and its output is
 * still in place; otherwise null.
 */
export function unchangedBuild(cacheDir: string, outDir: string, digest: string): LastBuild | null {
  let record: Record;
  try {
    record = JSON.parse(readFileSync(recordFile(cacheDir, outDir), 'utf8')) as Record;
  } catch {
    return null;
  }
  if (record.format !== 1 || record.inputs !== digest || record.buildId !== manifestBuildId(outDir))
    return null;
  return {
    buildId: record.buildId,
    pages: record.pages,
    files: record.files,
    bytes: record.bytes,
    libraryPhotos: record.libraryPhotos,
  };
}

/**
 * Notes a successful build's inputs, as they were when it started (`digest`, taken then: a file
 * edited during the build makes the next build a real one).
 */
export async function recordBuild(
  cacheDir: string,
  outDir: string,
  digest: string,
  build: LastBuild,
): Promise<void> {
  const file = recordFile(cacheDir, outDir);
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(
      temporary,
      JSON.stringify({ format: 1, inputs: digest, ...build } satisfies Record),
    );
    await rename(temporary, file);
  } catch {
    await rm(temporary, { force: true }).catch(() => {});
  }
}

/** Before a build that may fail or be cut short: the next one must not trust the old record. */
export async function forgetBuild(cacheDir: string, outDir: string): Promise<void> {
  await rm(recordFile(cacheDir, outDir), { force: true });
}
