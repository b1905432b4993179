// The build's bundle stage, kept between builds and sessions (build.ts asks for it once a session).
import path from 'node:path';
import { codeKeys } from '../cache/code-key.mjs';
import { readKeyed, writeKeyed } from '../cache/keyed-file.ts';
import { bundleAssets, type BundleResult } from './bundle-assets.ts';

/**
 * The bundle stage: esbuild takes longer than the rest of a small build. The browser scripts and
 * the stylesheet are made of the code alone, so they are kept with the generator's own bundle
 * (node_modules/.cache/, which Netlify keeps too), under the code's render key, not in .cache/:
 * a build from an empty .cache/ makes them again only when the code changed.
 */
export async function keptBundle(projectRoot: string): Promise<BundleResult> {
  const root = path.resolve(projectRoot);
  const key = codeKeys({ root }).render;
  const file = path.join(root, 'node_modules', '.cache', 'ardent-browser', `${key}.bin`);
  const kept = await readKeyed<BundleResult>(file, key);
  if (kept) return kept;
  const made = await bundleAssets(root);
  await writeKeyed(file, key, made, { keep: 4 });
  return made;
}
