import path from 'node:path';
import { build } from 'esbuild';
import type { Assets } from '../render/context.ts';

export interface BundleResult {
  assets: Assets;
  /** Output files, relative to the site root, for example "assets/site-3F2A1B.css". */
  files: { path: string; contents: Uint8Array }[];
}

/** Entry points by name: the stylesheet and the small browser scripts. */
export const ENTRY_POINTS = {
  site: 'src/styles/site.css',
  'not-found': 'src/islands/not-found.ts',
} as const;

/** Stage 5: bundles CSS and browser scripts with esbuild into content-hashed, long-cacheable files. */
export async function bundleAssets(projectRoot: string, options: { minify?: boolean } = {}): Promise<BundleResult> {
  const result = await build({
    absWorkingDir: projectRoot,
    entryPoints: Object.fromEntries(Object.entries(ENTRY_POINTS).map(([name, file]) => [name, path.join(projectRoot, file)])),
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    outdir: path.join(projectRoot, 'assets'),
    bundle: true,
    splitting: true,
    format: 'esm',
    target: ['es2022', 'chrome109', 'safari16', 'firefox115'],
    minify: options.minify ?? true,
    metafile: true,
    write: false,
    logLevel: 'silent',
    legalComments: 'none',
  });
  const byEntry: Record<string, string> = {};
  for (const [output, meta] of Object.entries(result.metafile.outputs)) {
    if (!meta.entryPoint) continue;
    const name = Object.entries(ENTRY_POINTS).find(([, file]) => path.join(projectRoot, file) === path.join(projectRoot, meta.entryPoint!))?.[0];
    if (name) byEntry[name] = `/${path.relative(projectRoot, path.join(projectRoot, output)).split(path.sep).join('/')}`;
  }
  const { site: stylesheet, ...scripts } = byEntry;
  if (!stylesheet) throw new Error('esbuild produced no stylesheet');
  return {
    assets: { stylesheet, scripts },
    files: result.outputFiles.map((file) => ({ path: path.relative(projectRoot, file.path).split(path.sep).join('/'), contents: file.contents })),
  };
}
