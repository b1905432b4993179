// One file of the output folder written, on whichever thread made it: encoded into a reused
// buffer, hashed, and written with one synchronous call (open, write, close) unless the folder
// already holds these bytes. It is written beside its place and renamed into it, so a server
// reading the folder while `npm start` builds again gets the old file or the new one, never half
// of one. The output folder (output-folder.ts) writes every file through it, and
// the page threads their pages (src/generator/threads/), telling the folder what they wrote.
import { hash as oneShot } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

/** What was written at a path: the digest and size of its contents, and whether the file was written (not already there). */
export interface WrittenFile {
  hash: string;
  bytes: number;
  written: boolean;
}

export const contentHash = (contents: string | Uint8Array) =>
  oneShot('sha1', contents, 'base64url');

/**
 * Text is encoded into one buffer per thread, reused: each file is hashed and written before the
 * next is encoded, so thousands of pages allocate nothing each for it.
 */
let scratch = Buffer.allocUnsafe(1 << 20);

function encoded(contents: string | Uint8Array): Uint8Array {
  if (typeof contents !== 'string') return contents;
  // At most three bytes of UTF-8 for each UTF-16 unit.
  if (contents.length * 3 > scratch.length) scratch = Buffer.allocUnsafe(contents.length * 3);
  return scratch.subarray(0, scratch.write(contents));
}

/** Writes `file` under `root` unless `known` is already the digest of these contents; `madeDirs` are the folders this thread has made. */
export function writeFile(
  root: string,
  file: string,
  contents: string | Uint8Array,
  known: string | undefined,
  madeDirs: Set<string>,
): WrittenFile {
  const data = encoded(contents);
  const hash = contentHash(data);
  if (hash === known) return { hash, bytes: data.byteLength, written: false };
  const target = path.join(root, file);
  const dir = path.dirname(target);
  if (!madeDirs.has(dir)) {
    mkdirSync(dir, { recursive: true });
    madeDirs.add(dir);
  }
  const temporary = path.join(dir, `.${path.basename(target)}.${process.pid}-${threadId}.tmp`);
  writeFileSync(temporary, data);
  renameSync(temporary, target);
  return { hash, bytes: data.byteLength, written: true };
}
