// The Netlify Functions as Netlify ships them: each entry of netlify/functions/ bundled whole by
// esbuild, its packages included, into one ES module that needs nothing from node_modules at run
// time. Netlify's bundler then packs the bundles as they are (netlify.toml, [functions]).
//
// Why whole: Netlify packs a function with the current signature (`export default (req) => Response`)
// by tracing its imports and shipping node_modules beside it, so each package loads at run time
// as it was published. AWS Lambda starts Node without `require()` of ES modules, and firebase-admin
// reaches one that way (jwks-rsa requires jose 6, which is ES modules only): shipped as packages,
// every function failed on its first call. Bundled, esbuild joins the two kinds of module itself,
// and a function loads one file instead of about a thousand.
import { execFile } from 'node:child_process';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { LAMBDA_NODE_FLAGS } from '../lambda/lambda.ts';

/** The functions' source folder, Netlify's default, which the local server serves in-process too. */
export const FUNCTIONS_SOURCE_DIR = 'netlify/functions';

/** Where the bundles go, and where netlify.toml's `[functions] directory` points. */
export const FUNCTIONS_BUNDLE_DIR = '.netlify/functions-bundled';

/** The Lambda runtime netlify.toml names (nodejs24.x), for esbuild's syntax target. */
const TARGET = 'node24';

const ENTRY = /^(?<name>[\w-]+)\.(?:mts|ts|mjs|js)$/;

export interface FunctionBundle {
  name: string;
  /** The bundle's path. */
  file: string;
  bytes: number;
}

/** The functions' entries: every module directly in netlify/functions/, by name. */
export async function functionEntries(projectRoot: string): Promise<Record<string, string>> {
  const dir = path.join(projectRoot, FUNCTIONS_SOURCE_DIR);
  const names = (await readdir(dir)).sort();
  return Object.fromEntries(
    names.flatMap((file) => {
      const name = ENTRY.exec(file)?.groups?.name;
      return name ? [[name, path.join(dir, file)]] : [];
    }),
  );
}

/** Bundles every function into `outDir` (emptied first, so a removed function is not shipped). */
export async function bundleFunctions(
  projectRoot: string,
  outDir = path.join(projectRoot, FUNCTIONS_BUNDLE_DIR),
): Promise<FunctionBundle[]> {
  const entries = await functionEntries(projectRoot);
  await rm(outDir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: projectRoot,
    entryPoints: entries,
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: TARGET,
    // Packages written as CommonJS call require() for Node's own modules: give the ES module one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    // React renders the checked page in production mode, as the build does.
    define: { 'process.env.NODE_ENV': '"production"' },
    minifyWhitespace: true,
    minifySyntax: true,
    // Names kept, so that a stack trace in the function's log still says where.
    keepNames: true,
    legalComments: 'none',
    metafile: true,
    logLevel: 'error',
  });
  return Object.keys(entries).map((name) => {
    const file = path.join(outDir, `${name}.mjs`);
    const output = result.metafile.outputs[path.relative(projectRoot, file)];
    if (!output) throw new Error(`esbuild wrote no bundle for the function ${name}.`);
    return { name, file, bytes: output.bytes };
  });
}

/**
 * What a bundle answers in a fresh Node started as Lambda starts it, deployed without its settings:
 * its first path's status and error, or why it did not load or answered no words. The build fails
 * on anything but an answer in words, so a function that would not load never reaches the site.
 */
export async function loadProblem(bundle: FunctionBundle): Promise<string | undefined> {
  const probe = `
    const { default: handle, config } = await import(${JSON.stringify(pathToFileURL(bundle.file).href)});
    const path = [config?.path ?? '/'].flat()[0];
    const response = await handle(new Request('https://site.example' + path), { params: {}, site: {} });
    const body = await response.text();
    let words;
    try { words = JSON.parse(body).error?.message; } catch {}
    if (response.status >= 500 && !words) { console.error(response.status + ' without words: ' + body.slice(0, 500)); process.exit(1); }
  `;
  try {
    await promisify(execFile)(
      process.execPath,
      [...LAMBDA_NODE_FLAGS, '--input-type=module', '--eval', probe],
      {
        env: { PATH: process.env.PATH ?? '', AWS_LAMBDA_FUNCTION_NAME: bundle.name },
        timeout: 30_000,
      },
    );
    return undefined;
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    return (stderr?.trim() || message).split('\n').slice(0, 12).join('\n');
  }
}
