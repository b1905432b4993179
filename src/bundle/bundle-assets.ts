import path from 'node:path';
import { build } from 'esbuild';
import { SCREEN_NAMES } from '../account/screen-names.ts';
import { ISLAND_NAMES, type IslandName } from '../islands/names.ts';
import { ADMIN_STORAGE, GUARD_START, screenEntry, SIGN_IN_START } from '../render/layout-parts.ts';
import type { Assets } from '../render/context.ts';

export interface BundleResult {
  assets: Assets;
  /** Output files, relative to the site root, for example "assets/site-3F2A1B.css". */
  files: { path: string; contents: Uint8Array }[];
}

/** Entry points by name: the stylesheet, the small browser scripts, and the account screens (only on the pages that mount them). */
export const ENTRY_POINTS = {
  site: 'src/styles/site.css',
  boot: 'src/islands/boot.ts',
  'not-found': 'src/islands/not-found.ts',
  ...Object.fromEntries(ISLAND_NAMES.map((name) => [name, `src/islands/${name}.ts`])),
  [SIGN_IN_START]: `src/islands/${SIGN_IN_START}.ts`,
  [GUARD_START]: `src/islands/${GUARD_START}.ts`,
  [ADMIN_STORAGE]: `src/islands/${ADMIN_STORAGE}.ts`,
  ...Object.fromEntries(SCREEN_NAMES.map((name) => [screenEntry(name), `src/islands/${screenEntry(name)}.ts`])),
} as Record<'site' | 'boot' | 'not-found' | typeof SIGN_IN_START | typeof GUARD_START | typeof ADMIN_STORAGE | IslandName | ReturnType<typeof screenEntry>, string>;

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
    platform: 'browser',
    // React's production build, without its development checks and warnings.
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
  });
  const url = (output: string) => `/${path.relative(projectRoot, path.join(projectRoot, output)).split(path.sep).join('/')}`;
  const outputs = result.metafile.outputs;
  const byEntry: Record<string, string> = {};
  const imports: Record<string, string[]> = {};
  for (const [output, meta] of Object.entries(outputs)) {
    if (!meta.entryPoint) continue;
    const name = Object.entries(ENTRY_POINTS).find(([, file]) => path.join(projectRoot, file) === path.join(projectRoot, meta.entryPoint!))?.[0];
    if (!name) continue;
    byEntry[name] = url(output);
    if (output.endsWith('.js')) imports[name] = staticImports(outputs, output).map(url);
  }
  const { site: stylesheet, ...scripts } = byEntry;
  if (!stylesheet) throw new Error('esbuild produced no stylesheet');
  return {
    assets: { stylesheet, scripts, imports },
    files: result.outputFiles.map((file) => ({ path: path.relative(projectRoot, file.path).split(path.sep).join('/'), contents: file.contents })),
  };
}

type Outputs = Awaited<ReturnType<typeof build>>['metafile'] extends infer M ? (M extends { outputs: infer O } ? O : never) : never;

/** Every chunk an output imports statically, directly or through another chunk (React, shared code). */
function staticImports(outputs: Outputs, output: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    for (const dependency of outputs[file]?.imports ?? []) {
      if (dependency.kind !== 'import-statement' || seen.has(dependency.path)) continue;
      seen.add(dependency.path);
      visit(dependency.path);
    }
  };
  visit(output);
  return [...seen].sort();
}
