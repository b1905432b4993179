import { gzipSync } from 'node:zlib';

/** A file's size in bytes, raw and gzipped as served. */
export interface Weight {
  raw: number;
  gzip: number;
}

/** Weighs a file: the bundle's scripts when they are made, and every file of a built site for its budgets. */
export const weigh = (contents: Uint8Array): Weight => ({
  raw: contents.byteLength,
  gzip: gzipSync(contents, { level: 9 }).byteLength,
});
