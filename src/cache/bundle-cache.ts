// The bundle stage's output kept between builds: esbuild takes longer than all the rest of a warm
// rebuild. Its inputs (src/styles, src/islands, src/components and packages) are all covered by
// the render code key (code-key.ts), so a bundle made under the same key is the same bundle.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { BundleResult } from '../bundle/bundle-assets.ts';
import { digest } from './build-cache.ts';

interface BundleFile {
  key: string;
  result: BundleResult;
}

/** The bundle made under `key` when <cacheDir>/bundle/ holds it, else `make()`'s, then kept there. */
export async function cachedBundle(cacheDir: string, projectRoot: string, key: string, make: () => Promise<BundleResult>): Promise<BundleResult> {
  const file = path.join(cacheDir, 'bundle', `${digest(path.resolve(projectRoot)).slice(0, 12)}.bin`);
  const fullKey = digest(key, path.resolve(projectRoot));
  try {
    const kept = deserialize(await readFile(file)) as BundleFile;
    if (kept.key === fullKey) return kept.result;
  } catch {
    // None yet, or unreadable: bundled afresh.
  }
  const result = await make();
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(temporary, serialize({ key: fullKey, result } satisfies BundleFile));
    await rename(temporary, file);
  } catch {
    await rm(temporary, { force: true }).catch(() => {});
  }
  return result;
}
