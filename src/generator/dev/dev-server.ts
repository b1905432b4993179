// `npm run dev`: builds the site, serves it like `npm start` with live reload, and keeps one build
// session (src/generator/build.ts) in memory. A change to content, images or public files is an update of
// that session: only the changed files are loaded, and only the pages whose key changed are
// rendered and written. A change to the generator's code (src/, templates/) loads the generator's
// bundle afresh (scripts/run.mjs) and builds with a new session, from the caches on disk.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { inspect } from 'node:util';
import { watch, type FSWatcher } from 'chokidar';
import { generatorBundle } from '../../../scripts/run.mjs';
import { ContentError, formatProblems } from '../../kernel/errors/problems.ts';
import { createSiteServer } from '../server/create-server.ts';
import { localFormsDir } from '../../kernel/wire/enquiry-paths.ts';
import { functionRoutes } from '../server/functions.ts';
import { createBatcher, type Batch } from './batcher.ts';
import {
  createIgnoreMatcher,
  describeChanges,
  displayPath,
  needsFreshModules,
  watchTargets,
  type ChangeKind,
  type FileChange,
} from './changes.ts';
import { injectReloadScript } from './inject-reload-script.ts';
import { createDevRoutes, createReloadHub } from './live-reload.ts';
import type { LibrarySource } from '../../kernel/images/library-metadata.ts';

export interface DevLogger {
  info(message: string): void;
  error(message: string): void;
}

export interface DevServerOptions {
  projectRoot: string;
  outDir: string;
  /** Defaults to <projectRoot>/content. */
  contentDir?: string;
  /** The build's cache; defaults to <projectRoot>/.cache. */
  cacheDir?: string;
  port: number;
  host: string;
  /** Names it answers to besides localhost, 127.0.0.1, [::1] and `host` (--allowed-host). */
  allowedHosts?: readonly string[];
  siteUrl?: string;
  /** Where media library photos come from (FIREBASE_STORAGE_BUCKET): content using one needs it. */
  library?: LibrarySource;
  logger: DevLogger;
  /** Quiet time that ends a burst of file events. Default 10 ms: an editor's save is a burst of a few events within a millisecond or two. */
  debounceMs?: number;
}

export interface DevServer {
  url: string;
  port: number;
  /** Stops watching, ends live-reload streams, the build session and the server. */
  close(): Promise<void>;
}

type Generator = typeof import('../build.ts');
type Session = Awaited<ReturnType<Generator['Site']['open']>>;

const CHANGE_KINDS = new Set<string>(['add', 'change', 'unlink', 'addDir', 'unlinkDir']);

/** Shown at every address while there has never been a successful build; it reloads itself after the first one. */
const PLACEHOLDER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Not built yet</title></head>
<body><h1>The site has not been built yet</h1><p>See the terminal running <code>npm run dev</code>. This page reloads when the build succeeds.</p></body></html>
`;

/** A stack trace without the frames inside node_modules and Node itself, which say nothing about the project. */
export function trimStack(message: string): string {
  return message
    .split('\n')
    .filter((line) => !/^\s+at .*(node_modules[\\/]|[( ]node:|\(native\))/.test(line))
    .join('\n');
}

/** What to print for a failed build: the problems, or the generator's fault with its causes. */
/** A thrown value that is not an Error, in words: a string as it is, anything else as Node shows it. */
const described = (value: unknown) => (typeof value === 'string' ? value : inspect(value));

function failureReport(error: unknown): string {
  if (ContentError.is(error)) return formatProblems(error.problems);
  const lines = ['The build failed because of an error in the generator, not in the content:'];
  for (
    let cause: unknown = error;
    cause !== undefined;
    cause = cause instanceof Error ? cause.cause : undefined
  ) {
    lines.push(
      trimStack(cause instanceof Error ? (cause.stack ?? cause.message) : described(cause)),
    );
  }
  return lines.join('\nCaused by: ');
}

/** The generator as its bundle is now, loaded again after a change to its code, with its page worker's code (src/generator/threads/). */
async function loadGenerator(fresh: boolean): Promise<{ generator: Generator; pageWorker: URL }> {
  const dir = await generatorBundle({ fresh });
  return {
    generator: (await import(pathToFileURL(path.join(dir, 'session.mjs')).href)) as Generator,
    pageWorker: pathToFileURL(path.join(dir, 'page-worker.mjs')),
  };
}

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const { projectRoot, outDir, logger } = options;
  const contentDir = options.contentDir ?? path.join(projectRoot, 'content');
  const shownOut = `${displayPath(outDir, process.cwd())}/`;
  const hub = createReloadHub();
  const openSession = async (fresh: boolean): Promise<Session> => {
    const { generator, pageWorker } = await loadGenerator(fresh);
    return generator.Site.open({
      projectRoot,
      contentDir,
      outDir,
      cacheDir: options.cacheDir,
      siteUrl: options.siteUrl,
      library: options.library,
      pageWorker,
    });
  };
  let session: Session | null = null;
  let server: Server | undefined;
  let watcher: FSWatcher | undefined;
  let closing = false;

  try {
    // 1. A first build, so there is something to serve.
    const started = performance.now();
    try {
      session = await openSession(false);
      const report = await session.build();
      logger.info(
        `Built ${report.pages} pages in ${((performance.now() - started) / 1000).toFixed(2)} s into ${shownOut}`,
      );
    } catch (error) {
      logger.error(failureReport(error));
      if (existsSync(path.join(outDir, '404.html'))) {
        logger.error(
          `\nServing the previous build in ${shownOut}; it is rebuilt when you save a fix.`,
        );
      } else {
        await mkdir(outDir, { recursive: true });
        await writeFile(path.join(outDir, '404.html'), PLACEHOLDER_PAGE);
        logger.error(`\nNothing built yet: the site is rebuilt when you save a fix.`);
      }
    }

    // 2. Serve it like `npm start`, plus live reload.
    const netlifyToml = path.join(projectRoot, 'netlify.toml');
    if (!existsSync(netlifyToml))
      logger.error(`No netlify.toml at ${netlifyToml}: serving without header/redirect rules.`);
    server = await createSiteServer({
      root: outDir,
      netlifyToml,
      logger: { info: () => {}, error: (message) => logger.error(message) },
      allowedHosts: [options.host, ...(options.allowedHosts ?? [])],
      transformHtml: injectReloadScript,
      extraRoutes: createDevRoutes(hub),
      formsDir: localFormsDir(process.env, projectRoot),
      // The same functions as `npm start`; a proposal published locally changes a watched file, which rebuilds.
      functions: functionRoutes({ logger: { error: (message) => logger.error(message) } }),
    });
    const port = await listen(server, options.port, options.host);
    server.on('error', (error) => logger.error(`Server error: ${error.message}`));

    // 3. Watch, and rebuild after each burst of changes.
    async function rebuild({ items, firstAt }: Batch<FileChange>): Promise<void> {
      const what = describeChanges(items, projectRoot);
      try {
        // New code: the generator as it is now, in a new session (its caches are on disk).
        if (!session || items.some((change) => needsFreshModules(change, projectRoot))) {
          session = null;
          session = await openSession(true);
          const report = await session.build();
          if (closing) return;
          logger.info(
            `${what} → rebuilt ${report.pages} pages in ${Math.round(performance.now() - firstAt)} ms`,
          );
          hub.send('reload', report.buildId);
          return;
        }
        const report = await session.update(items.map((change) => change.path));
        if (closing) return;
        // From the first file event to the HTML written.
        const pages = report.work.renders - 2;
        const rendered = Math.min(report.work.rendered, pages);
        logger.info(
          `${what} → rebuilt ${rendered} of ${pages} pages in ${Math.round(performance.now() - firstAt)} ms`,
        );
        hub.send('reload', report.buildId);
      } catch (error) {
        if (closing) return;
        const ms = Math.round(performance.now() - firstAt);
        const problem = ContentError.is(error)
          ? `${error.problems.length} content problem${error.problems.length === 1 ? '' : 's'}`
          : 'build failed';
        logger.error(
          `${what} → ${problem} (${ms} ms); still serving the last good build.\n\n${failureReport(error)}\n`,
        );
        hub.send('build-error', failureReport(error));
      }
    }
    const batcher = createBatcher<FileChange>({
      delayMs: options.debounceMs ?? 10,
      run: rebuild,
      onError: (error) =>
        logger.error(
          `Rebuild failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        ),
    });

    const targets = watchTargets({ projectRoot, contentDir });
    watcher = watch(targets, { ignoreInitial: true, ignored: createIgnoreMatcher(projectRoot) });
    watcher.on('all', (event, file) => {
      if (CHANGE_KINDS.has(event))
        batcher.add({ kind: event as ChangeKind, path: path.resolve(file) });
    });
    watcher.on('error', (error) =>
      logger.error(`Watcher error: ${error instanceof Error ? error.message : String(error)}`),
    );
    await new Promise<void>((resolve) => watcher!.once('ready', () => resolve()));

    const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
    const url = `http://${shownHost}:${port}`;
    logger.info(`Serving ${shownOut} on ${url} with live reload`);
    logger.info(
      `Watching ${targets.map((target) => displayPath(target, projectRoot) + (target.endsWith('.toml') ? '' : '/')).join(', ')} (Ctrl+C to stop)`,
    );

    const activeServer = server;
    const activeWatcher = watcher;
    return {
      url,
      port,
      async close() {
        if (closing) return;
        closing = true;
        await activeWatcher.close();
        await batcher.close();
        hub.close();
        await closeServer(activeServer);
      },
    };
  } catch (error) {
    closing = true;
    await watcher?.close();
    hub.close();
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
