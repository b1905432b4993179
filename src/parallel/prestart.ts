// Starting the worker threads before the build itself: a command building a large site afresh
// calls this first thing, so the workers import the generator while the main thread does too,
// instead of after it. Light on purpose: it imports no part of the generator.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { BuildCache } from '../cache/build-cache.ts';
import { DEFAULT_THRESHOLD, sharedPool, workerLimit } from './pool.ts';

export interface PrestartOptions {
  contentDir: string;
  cacheDir: string;
  /** As BuildOptions.speed.workers. */
  workers?: number;
}

/** Starts the shared pool when the content is large and its cache is empty (a cold build); returns whether it did. */
export function prestartWorkers({ contentDir, cacheDir, workers }: PrestartOptions): boolean {
  const limit = workerLimit(workers);
  if (limit === 0) return false;
  // A rebuild takes most files from the cache; its few changed ones are not worth a worker's start.
  if (existsSync(path.join(BuildCache.forContent(cacheDir, contentDir).dir, 'entries.bin'))) return false;
  let files: string[];
  try {
    files = (readdirSync(contentDir, { recursive: true }) as string[]).filter((name) => name.endsWith('.md'));
  } catch {
    return false;
  }
  if (files.length < DEFAULT_THRESHOLD) return false;
  sharedPool(limit);
  return true;
}
