// `npm run dev`: builds the site, serves it like `npm start` with live reload,
// and rebuilds on every change to the content, templates, code or public files.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { createSiteServer } from '../server/create-server.ts';
import { createBatcher, type Batch } from './batcher.ts';
import type { BuildOutcome } from './build-protocol.ts';
import { BuildRunner, forkBuildWorker, type WorkerChannel } from './build-runner.ts';
import { createIgnoreMatcher, describeChanges, displayPath, needsFreshModules, watchTargets, type ChangeKind, type FileChange } from './changes.ts';
import { injectReloadScript } from './inject-reload-script.ts';
import { createDevRoutes, createReloadHub } from './live-reload.ts';

export interface DevLogger {
  info(message: string): void;
  error(message: string): void;
}

export interface DevServerOptions {
  projectRoot: string;
  outDir: string;
  /** Defaults to <projectRoot>/content. */
  contentDir?: string;
  /** The build's cache (images, content); defaults to <projectRoot>/.cache. */
  cacheDir?: string;
  port: number;
  host: string;
  siteUrl?: string;
  logger: DevLogger;
  /** Quiet time that ends a burst of file events. Default 20 ms: an editor's save is a burst of a few events within a millisecond or two. */
  debounceMs?: number;
  /** Starts a build process; defaults to forking src/dev/build-worker.ts. */
  spawnWorker?: () => WorkerChannel;
}

export interface DevServer {
  url: string;
  port: number;
  /** Stops watching, ends live-reload streams, stops the build processes and the server. */
  close(): Promise<void>;
}

const CHANGE_KINDS = new Set<string>(['add', 'change', 'unlink', 'addDir', 'unlinkDir']);

/** Shown at every address while there has never been a successful build; it reloads itself after the first one. */
const PLACEHOLDER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Not built yet</title></head>
<body><h1>The site has not been built yet</h1><p>See the terminal running <code>npm run dev</code>. This page reloads when the build succeeds.</p></body></html>
`;

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** A stack trace without the frames inside node_modules and Node itself, which say nothing about the project. */
export function trimStack(message: string): string {
  return message
    .split('\n')
    .filter((line) => !/^\s+at .*(node_modules[\\/]|[( ]node:|\(native\))/.test(line))
    .join('\n');
}

/** The lines printed for a failed build, after the line that says what changed. */
function failureLines(outcome: Exclude<BuildOutcome, { ok: true }>): string {
  return outcome.kind === 'content'
    ? outcome.report
    : `The build failed because of an error in the generator, not in the content:\n${trimStack(outcome.message)}`;
}

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const { projectRoot, outDir, logger } = options;
  const contentDir = options.contentDir ?? path.join(projectRoot, 'content');
  const shownOut = `${displayPath(outDir, process.cwd())}/`;
  const runner = new BuildRunner({
    spawn: options.spawnWorker ?? (() => forkBuildWorker(projectRoot)),
    outDir,
    contentDir: options.contentDir,
    cacheDir: options.cacheDir,
    siteUrl: options.siteUrl,
  });
  const hub = createReloadHub();
  let server: Server | undefined;
  let watcher: FSWatcher | undefined;
  let closing = false;

  try {
    // 1. A first build, so there is something to serve.
    const started = performance.now();
    const first = await runner.build({ freshModules: false });
    if (first.ok) {
      logger.info(`Built ${first.pages} pages in ${seconds(performance.now() - started)} into ${shownOut}`);
    } else {
      logger.error(failureLines(first));
      if (existsSync(outDir)) {
        logger.error(`\nServing the previous build in ${shownOut}; it is rebuilt when you save a fix.`);
      } else {
        await mkdir(outDir, { recursive: true });
        await writeFile(path.join(outDir, '404.html'), PLACEHOLDER_PAGE);
        logger.error(`\nNothing built yet: the site is rebuilt when you save a fix.`);
      }
    }

    // 2. Serve it like `npm start`, plus live reload.
    const netlifyToml = path.join(projectRoot, 'netlify.toml');
    if (!existsSync(netlifyToml)) logger.error(`No netlify.toml at ${netlifyToml}: serving without header/redirect rules.`);
    server = await createSiteServer({
      root: outDir,
      netlifyToml,
      logger: { info: () => {}, error: (message) => logger.error(message) },
      transformHtml: injectReloadScript,
      extraRoutes: createDevRoutes(hub),
    });
    const port = await listen(server, options.port, options.host);
    server.on('error', (error) => logger.error(`Server error: ${error.message}`));

    // 3. Watch, and rebuild after each burst of changes.
    const batcher = createBatcher<FileChange>({
      delayMs: options.debounceMs ?? 20,
      run: (batch) => rebuild(batch),
      onError: (error) => logger.error(`Rebuild failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
    });

    async function rebuild({ items, firstAt }: Batch<FileChange>): Promise<void> {
      const freshModules = items.some((change) => needsFreshModules(change, projectRoot));
      const runAt = performance.now();
      const outcome = await runner.build({ freshModules, changes: items });
      if (process.env.DEV_TIMINGS) logger.info(`[dev timings] events batched for ${(runAt - firstAt).toFixed(1)} ms, then the build process took ${(performance.now() - runAt).toFixed(1)} ms`);
      if (closing) return;
      const what = describeChanges(items, projectRoot);
      // From the first file event to the HTML written.
      const ms = Math.round(performance.now() - firstAt);
      if (outcome.ok && outcome.incremental) {
        const { rendered } = outcome.incremental;
        logger.info(`${what} → rebuilt ${rendered} of ${outcome.pages} pages in ${ms} ms`);
        hub.send('reload', outcome.buildId);
      } else if (outcome.ok) {
        logger.info(`${what} → rebuilt ${outcome.pages} pages in ${ms} ms`);
        hub.send('reload', outcome.buildId);
      } else {
        const problem = outcome.kind === 'content' ? `${outcome.problemCount} content problem${outcome.problemCount === 1 ? '' : 's'}` : 'build failed';
        logger.error(`${what} → ${problem} (${ms} ms); still serving the last good build.\n\n${failureLines(outcome)}\n`);
        hub.send('build-error', failureLines(outcome));
      }
    }

    const targets = watchTargets({ projectRoot, contentDir });
    watcher = watch(targets, { ignoreInitial: true, ignored: createIgnoreMatcher(projectRoot) });
    watcher.on('all', (event, file) => {
      if (CHANGE_KINDS.has(event)) batcher.add({ kind: event as ChangeKind, path: path.resolve(file) });
    });
    watcher.on('error', (error) => logger.error(`Watcher error: ${error instanceof Error ? error.message : String(error)}`));
    await new Promise<void>((resolve) => watcher!.once('ready', () => resolve()));

    const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
    const url = `http://${shownHost}:${port}`;
    logger.info(`Serving ${shownOut} on ${url} with live reload`);
    logger.info(`Watching ${targets.map((target) => displayPath(target, projectRoot) + (target.endsWith('.toml') ? '' : '/')).join(', ')} (Ctrl+C to stop)`);

    const activeServer = server;
    const activeWatcher = watcher;
    return {
      url,
      port,
      async close() {
        if (closing) return;
        closing = true;
        await activeWatcher.close();
        const runnerClosed = runner.close();
        await batcher.close();
        await runnerClosed;
        hub.close();
        await closeServer(activeServer);
      },
    };
  } catch (error) {
    closing = true;
    await watcher?.close();
    hub.close();
    await runner.close({ graceMs: 0 });
    if (server?.listening) await closeServer(server);
    throw error;
  }
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
