// The functions packed as Netlify's build packs them: by its bundler, @netlify/zip-it-and-ship-it,
// at the version @netlify/build pins (package.json pins the same), with the settings Netlify gives
// it from netlify.toml (@netlify/build's plugins_core/functions/zisi.js): the Lambda runtime from
// AWS_LAMBDA_JS_RUNTIME, and each [functions] setting under its own name. Written as folders, as
// Netlify's CLI does when it runs them, rather than zip files: the same files, without unzipping.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import toml from '@iarna/toml';
import { ARCHIVE_FORMAT, zipFunctions, type FunctionResult } from '@netlify/zip-it-and-ship-it';

interface NetlifyToml {
  build?: { environment?: Record<string, string> };
  functions?: Record<string, unknown>;
}

export interface PackedFunction {
  name: string;
  /** The handler Lambda loads: Netlify's entry point. */
  entry: string;
  result: FunctionResult;
}

/**
 * Packs every function in `source` into `destination`, for the project at `projectRoot`, with its
 * netlify.toml's [functions] settings, or with `settings` instead.
 */
export async function packFunctions(
  projectRoot: string,
  source: string,
  destination: string,
  settings?: Record<string, unknown>,
): Promise<PackedFunction[]> {
  const config = toml.parse(
    readFileSync(path.join(projectRoot, 'netlify.toml'), 'utf8'),
  ) as NetlifyToml;
  settings ??= config.functions ?? {};
  const functionConfig = {
    nodeVersion: config.build?.environment?.AWS_LAMBDA_JS_RUNTIME,
    includedFilesBasePath: projectRoot,
    ...(settings.node_bundler
      ? {
          nodeBundler: settings.node_bundler === 'esbuild' ? 'esbuild_zisi' : settings.node_bundler,
        }
      : {}),
    ...(settings.external_node_modules
      ? { externalNodeModules: settings.external_node_modules }
      : {}),
    ...(settings.included_files ? { includedFiles: settings.included_files } : {}),
  };
  const results = await zipFunctions(source, destination, {
    archiveFormat: ARCHIVE_FORMAT.NONE,
    basePath: projectRoot,
    repositoryRoot: projectRoot,
    config: { '*': functionConfig as never },
    manifest: path.join(destination, 'manifest.json'),
  });
  return results.map((result) => ({
    name: result.name,
    entry: path.join(result.path, result.entryFilename),
    result,
  }));
}
