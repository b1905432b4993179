import {
  ADMIN_STORAGE,
  BUILDER_PREVIEW_STYLES,
  BUILDER_STORAGE,
  BUILDER_STYLES,
  builderScript,
  ENQUIRY_FORM_SCRIPT,
  GUARD_START,
  ISLAND_NAMES,
  REACT_RUNTIME,
  SCREENS,
  SIGN_IN_START,
  type ScreenName,
  type ScreenSpec,
} from '../../kernel/wire/screens.ts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import type { Assets } from '../../kernel/render/page-parts.ts';
import { weigh, type Weight } from './weight.ts';

export interface BundleResult {
  assets: Assets;
  /** Output files, relative to the site root, for example "assets/site-3F2A1B.css". */
  files: { path: string; contents: Uint8Array }[];
  /** Each script's weight, raw and gzipped, by URL (for the JavaScript budget). */
  weights: Record<string, Weight>;
}

const screensOf = (kind: ScreenSpec['bundle']) =>
  Object.entries(SCREENS as Record<ScreenName, ScreenSpec>).filter(
    ([, spec]) => spec.bundle === kind,
  ) as [ScreenName, ScreenSpec][];

/** Entry points by name: the stylesheet, the small browser scripts, and the screens' starters and screens (src/kernel/wire/screens.ts), loaded only by the pages that mount them. */
const ENTRY_POINTS: Record<string, string> = {
  site: 'src/kernel/styles/site.css',
  boot: 'src/apps/islands/boot.ts',
  'not-found': 'src/apps/islands/not-found.ts',
  ...Object.fromEntries(ISLAND_NAMES.map((name) => [name, `src/apps/islands/${name}.ts`])),
  ...Object.fromEntries(
    [SIGN_IN_START, GUARD_START, ADMIN_STORAGE, REACT_RUNTIME, ENQUIRY_FORM_SCRIPT].map((name) => [
      name,
      `src/apps/islands/${name}.ts`,
    ]),
  ),
  ...Object.fromEntries(
    screensOf('site').map(([, spec]) => [spec.entry, `src/apps/islands/${spec.entry}.ts`]),
  ),
};

/**
 * The block builder's pages are bundled on their own (under assets/builder/): their screens share
 * the templates with the islands, and bundled together they would split the public pages' chunks
 * differently. Their boot script (without prefetching: builder-boot.ts) and islands are this bundle's copies, so a builder page loads one React.
 */
const BUILDER_ENTRY_POINTS: Record<string, string> = {
  boot: 'src/apps/islands/builder-boot.ts',
  ...Object.fromEntries(ISLAND_NAMES.map((name) => [name, `src/apps/islands/${name}.ts`])),
  ...Object.fromEntries(
    screensOf('builder').map(([name, spec]) => [
      spec.entry,
      `src/apps/builder/screens/${name}.tsx`,
    ]),
  ),
  [BUILDER_STORAGE]: 'src/apps/builder/bucket-services.ts',
  [BUILDER_STYLES]: 'src/apps/builder/ui/builder.css',
  [BUILDER_PREVIEW_STYLES]: 'src/apps/builder/ui/preview-frame.css',
};

/**
 * zod's namespace carries every locale's error messages (about 40 KB gzipped), which esbuild cannot
 * leave out once the namespace is used as a value: the browser bundles get English only, the one
 * the site uses.
 */
const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(builder) {
    builder.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](?:classic|core)[\\/]/.test(args.importer)
        ? {
            path: path.join(path.dirname(args.importer), '../locales/en.js'),
            namespace: 'zod-english-only',
          }
        : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: path.dirname(args.path),
    }));
  },
};

/**
 * zod's JIT compiler and its JSON Schema writer and reader are never used in the browser (zod runs
 * with `jitless`, and the builder reads the schemas' definitions themselves): they are left out of
 * the browser bundles, each export replaced by a function that says so if it is ever called. The
 * schemas' `create…Method` factories run when a schema's `~standard` is read, so theirs make
 * methods that say so when called.
 */
const ZOD_NOT_IN_BROWSER =
  /[\\/]zod[\\/]v4[\\/](?:core[\\/](?:compile|to-json-schema|json-schema-processors|json-schema-generator)|classic[\\/]from-json-schema)\.js$/;
const zodWithoutCompiler: Plugin = {
  name: 'zod-without-compiler',
  setup(builder) {
    builder.onLoad({ filter: ZOD_NOT_IN_BROWSER }, async (args) => {
      const names = Object.keys((await import(pathToFileURL(args.path).href)) as object);
      const stub = (name: string) =>
        `export const ${name} = ${/^create\w+Method$/.test(name) ? '() => ' : ''}unused(${JSON.stringify(name)});`;
      return {
        contents: [
          `const unused = (name) => function () { throw new Error('zod.' + name + ' is left out of the browser bundles'); };`,
          ...names.map(stub),
        ].join('\n'),
        loader: 'js',
      };
    });
  },
};

/**
 * zod probes `new Function` when it makes its first object schema unless it is `jitless`, and the
 * probe is a CSP violation under `script-src 'self'` even though zod catches it. Setting the config
 * in a module of ours cannot be sure to run first once esbuild splits the bundle into chunks, so
 * zod's own config module starts with it: zod reads its config from `globalThis.__zod_globalConfig`.
 */
const zodJitless: Plugin = {
  name: 'zod-jitless',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/ }, async (args) => ({
      contents: `(globalThis.__zod_globalConfig ??= {}).jitless = true;\n${await readFile(args.path, 'utf8')}`,
      loader: 'js',
      resolveDir: path.dirname(args.path),
    }));
  },
};

/**
 * The Markdown pipeline (mdast-util-to-hast) clones with @ungap/structured-clone, a polyfill that
 * calls the browser's own structuredClone wherever it exists, which is every browser the bundles
 * target: the browser's is used directly, without the polyfill's own serialiser (about 2 KB gzipped).
 */
const nativeStructuredClone: Plugin = {
  name: 'native-structured-clone',
  setup(builder) {
    builder.onResolve({ filter: /^@ungap\/structured-clone$/ }, () => ({
      path: 'structured-clone',
      namespace: 'native-structured-clone',
    }));
    builder.onLoad({ filter: /.*/, namespace: 'native-structured-clone' }, () => ({
      contents: 'export default (value) => structuredClone(value);',
      loader: 'js',
    }));
  },
};

/** Stage 5: bundles CSS and browser scripts with esbuild into content-hashed, long-cacheable files: the public pages', then the builder's. */
export async function bundleAssets(
  projectRoot: string,
  options: { minify?: boolean } = {},
): Promise<BundleResult> {
  const [site, builder] = await Promise.all([
    bundle(projectRoot, ENTRY_POINTS, '', options),
    bundle(projectRoot, BUILDER_ENTRY_POINTS, 'builder/', options),
  ]);
  const { site: stylesheet, ...scripts } = site.byEntry;
  if (!stylesheet) throw new Error('esbuild produced no stylesheet');
  const {
    [BUILDER_STYLES]: builderStylesheet,
    [BUILDER_PREVIEW_STYLES]: previewStylesheet,
    ...builderScripts
  } = builder.byEntry;
  const prefixed = <T>(record: Record<string, T>) =>
    Object.fromEntries(Object.entries(record).map(([name, value]) => [builderScript(name), value]));
  const files = [...site.files, ...builder.files];
  return {
    assets: {
      stylesheet,
      builderStylesheet,
      previewStylesheet,
      scripts: { ...scripts, ...prefixed(builderScripts) },
      imports: { ...site.imports, ...prefixed(builder.imports) },
    },
    files,
    weights: weighScripts(files),
  };
}

async function bundle(
  projectRoot: string,
  entryPoints: Record<string, string>,
  folder: string,
  options: { minify?: boolean },
) {
  const result = await build({
    absWorkingDir: projectRoot,
    entryPoints: Object.fromEntries(
      Object.entries(entryPoints).map(([name, file]) => [name, path.join(projectRoot, file)]),
    ),
    entryNames: `${folder}[name]-[hash]`,
    chunkNames: `${folder}chunks/[name]-[hash]`,
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
    // V8's explicit compile hint on the site's scripts: each is compiled whole while it streams in,
    // off the main thread, instead of function by function on the main thread as it first runs.
    // They are run in full once loaded (a screen's code, React, the Firebase SDK), and /admin's
    // start-up then blocks the main thread about a third less (Lighthouse's TBT, same machine, same
    // hour). Not the builder's: most of its code (every block's form, the export, the proposals)
    // waits for the admin to use it, and compiling it all up front only costs time.
    ...(folder === '' ? { banner: { js: '//# allFunctionsCalledOnLoad' } } : {}),
    // quicklink's package points bundlers at its ES5 build, with Babel's helpers; the same version's
    // ES2017 build, which every browser the bundles target runs, weighs 0.5 KB gzipped less on every page.
    alias: { quicklink: 'quicklink/dist/quicklink.modern.mjs' },
    plugins: [zodEnglishOnly, zodWithoutCompiler, zodJitless, nativeStructuredClone],
  });
  const url = (output: string) =>
    `/${path.relative(projectRoot, path.join(projectRoot, output)).split(path.sep).join('/')}`;
  const outputs = result.metafile.outputs;
  const byEntry: Record<string, string> = {};
  const imports: Record<string, string[]> = {};
  for (const [output, meta] of Object.entries(outputs)) {
    if (!meta.entryPoint) continue;
    const name = Object.entries(entryPoints).find(
      ([, file]) => path.join(projectRoot, file) === path.join(projectRoot, meta.entryPoint!),
    )?.[0];
    if (!name) continue;
    byEntry[name] = url(output);
    if (output.endsWith('.js')) imports[name] = staticImports(outputs, output).map(url);
  }
  return {
    byEntry,
    imports,
    files: result.outputFiles.map((file) => ({
      path: path.relative(projectRoot, file.path).split(path.sep).join('/'),
      contents: file.contents,
    })),
  };
}

/**
 * Each script, by URL, weighed once when the bundle is made and kept with it in the bundle cache,
 * so that no build gzips them again for the JavaScript budget (src/generator/emit/script-weights.ts).
 */
export function weighScripts(
  files: readonly { path: string; contents: Uint8Array }[],
): Record<string, Weight> {
  return Object.fromEntries(
    files
      .filter((file) => file.path.endsWith('.js'))
      .map((file) => [`/${file.path}`, weigh(file.contents)]),
  );
}

type Outputs = Awaited<ReturnType<typeof build>>['metafile'] extends infer M
  ? M extends { outputs: infer O }
    ? O
    : never
  : never;

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
