// sharp (libvips) is imported only when something must be encoded: a build whose images all come
// from the cache never loads it, which saves its start-up (about 50 ms).
import { readFileSync } from 'node:fs';
import { findPackageJSON } from 'node:module';
import type { Sharp, SharpOptions } from 'sharp';

type SharpFunction = (input?: Buffer, options?: SharpOptions) => Sharp;

let loading: Promise<SharpFunction> | undefined;

export function loadSharp(): Promise<SharpFunction> {
  loading ??= import('sharp').then((module) => module.default as SharpFunction);
  return loading;
}

/**
 * The installed sharp's version, read without loading it: part of every cache key, so an upgrade
 * re-encodes. Its package.json is found the way Node resolves sharp (sharp's exports do not list it).
 */
export const SHARP_VERSION: string = (
  JSON.parse(readFileSync(findPackageJSON('sharp', import.meta.url)!, 'utf8')) as {
    version: string;
  }
).version;
