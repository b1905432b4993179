// The dev server's build process (started by build-runner.ts, not by hand).
// It runs full builds on request, exactly like scripts/build.ts: into a
// temporary folder that replaces the output only when the build succeeded.
// It keeps the last build's site in memory, and when a request says that only
// Markdown content changed it rebuilds just the pages that depend on the change,
// in place (src/dev/incremental.ts).
//
// It imports the generator (src/build.ts and everything it imports, templates
// included) on its first build request, not at start-up, so a process started
// ahead of time as a standby still picks up every code edit made before that
// request. At start-up it only preloads the third-party packages, which do
// not change.
import path from 'node:path';
import type { BuildOutcome, BuildRequest, BuildResponse } from './build-protocol.ts';
import { packagesImportedBy } from './preload.ts';

if (!process.send) {
  console.error('src/dev/build-worker.ts is started by the dev server (npm run dev), not directly.');
  process.exit(1);
}

const projectRoot = process.cwd();

// Ctrl+C in the terminal reaches every process of the group. The dev server
// decides when this process stops (after the build it is running, if any),
// so a build is not cut off halfway through swapping the output folders.
// If the dev server goes away, a running build is finished first, for the same reason.
let current: Promise<unknown> = Promise.resolve();
process.on('SIGINT', () => {});
process.on('disconnect', () => void current.finally(() => process.exit(0)));

const preloaded = packagesImportedBy(projectRoot).then((packages) =>
  Promise.all(packages.map((specifier) => import(specifier).catch(() => undefined))),
);

let generator: Promise<GeneratorModules> | undefined;
type GeneratorModules = Awaited<ReturnType<typeof importGenerator>>;

async function importGenerator() {
  await preloaded;
  const [{ buildSite }, { buildIntoTemporaryFolder }, { DiskWriter }, { formatProblems }, { IncrementalSite }] = await Promise.all([
    import('../build.ts'),
    import('../emit/swap-output.ts'),
    import('../emit/writer.ts'),
    import('../errors/problems.ts'),
    import('./incremental.ts'),
  ]);
  return { buildSite, buildIntoTemporaryFolder, DiskWriter, formatProblems, IncrementalSite };
}

/** The site of the last build, kept in memory between content changes (one output folder per process). */
let incremental: InstanceType<GeneratorModules['IncrementalSite']> | undefined;

const logger = {
  info: (message: string) => console.log(message),
  warn: (message: string) => console.warn(message),
  error: (message: string) => console.error(message),
};

/** Duck-typed, so it works even if importing the generator (and its ContentError) is what failed. */
function contentProblemsOf(error: unknown): readonly unknown[] | null {
  if (!(error instanceof Error) || error.name !== 'ContentError') return null;
  const { problems } = error as Error & { problems?: unknown };
  return Array.isArray(problems) ? problems : null;
}

async function build(request: BuildRequest): Promise<BuildOutcome> {
  let loaded: GeneratorModules | undefined;
  try {
    loaded = await (generator ??= importGenerator());
    const { buildSite, buildIntoTemporaryFolder, DiskWriter, IncrementalSite, formatProblems } = loaded;
    const started = performance.now();
    const site = (incremental ??= new IncrementalSite({
      projectRoot,
      contentDir: request.contentDir ?? path.join(projectRoot, 'content'),
      outDir: request.outDir,
      siteUrl: request.siteUrl,
      cacheDir: request.cacheDir,
    }));
    if (request.changes && site.ready) {
      const result = await site.update(request.changes);
      if (result.kind === 'content-error') {
        return { ok: false, kind: 'content', problemCount: result.problems.length, report: formatProblems(result.problems) };
      }
      if (result.kind === 'updated') {
        // DEV_TIMINGS=1: where an incremental rebuild's time went.
        if (process.env.DEV_TIMINGS) console.log(`[dev timings] ${result.derivation} derivation; ${Object.entries(result.milliseconds).map(([lap, ms]) => `${lap} ${ms}`).join(', ')} ms`);
        const written = result.written.length + result.removed.length;
        const milliseconds = performance.now() - started;
        // Counted like a full build's report: the site's pages, without 404.html and 500.html.
        const isPage = (file: string) => file !== '404.html' && file !== '500.html';
        const rendered = result.rendered.filter(isPage).length;
        return { ok: true, pages: result.pages - 2, files: written, bytes: 0, milliseconds, buildId: result.buildId, incremental: { rendered, written } };
      }
    }
    site.beginFullBuild();
    const report = await buildIntoTemporaryFolder(request.outDir, (tempDir) =>
      buildSite({
        projectRoot,
        contentDir: request.contentDir,
        cacheDir: request.cacheDir,
        writer: new DiskWriter(tempDir),
        logger,
        siteUrl: request.siteUrl,
        speed: { observer: site.observer },
      }),
    ).catch(async (error: unknown) => {
      await site.fullBuildDone({ ok: false });
      throw error;
    });
    await site.fullBuildDone({ ok: true, buildId: report.buildId });
    const { pages, files, bytes, milliseconds, buildId } = report;
    return { ok: true, pages, files, bytes, milliseconds, buildId };
  } catch (error) {
    const problems = contentProblemsOf(error);
    if (problems && loaded) {
      const report = loaded.formatProblems(problems as Parameters<GeneratorModules['formatProblems']>[0]);
      return { ok: false, kind: 'content', problemCount: problems.length, report };
    }
    return { ok: false, kind: 'generator', message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

process.on('message', (message: BuildRequest) => {
  if (message?.type !== 'build') return;
  current = build(message).then((outcome) => {
    const response: BuildResponse = { type: 'result', id: message.id, outcome };
    if (process.connected) process.send?.(response);
  });
});
