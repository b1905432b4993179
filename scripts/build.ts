/**
 * npm run build [-- --content <dir>] [-- --out <dir>] [-- --cache <dir>] [-- --force] [-- --auth-emulator]: builds the site into dist/.
 * The account pages' sign-in configuration comes from the FIREBASE_* build variables (src/kernel/wire/firebase-config.ts);
 * `--auth-emulator` (npm start, npm test) embeds the local Auth emulator's instead, and fetches the
 * media library's photos from the local Storage emulator (STORAGE_EMULATOR_PORT, which npm start sets
 * for its build, else the running npm start's, noted in .cache/local-services.json). The build
 * files name the commit built (COMMIT_REF on Netlify, else the content's repository's HEAD).
 */
import path from 'node:path';
import {
  emulatorHostProblem,
  firebaseConfigFromEnv,
  LOCAL_EMULATOR_CONFIG,
} from '../src/kernel/wire/firebase-config.ts';
import { librarySourceFrom } from '../src/generator/images/library-source.ts';
import {
  readRunningServices,
  runningServicesFile,
} from '../src/generator/emulators/running-services.ts';
import { consoleLogger, exitWithError, fail, formatBytes, parseOptions } from './cli.ts';
import {
  forgetBuild,
  inputsDigest,
  recordBuild,
  unchangedBuild,
} from '../src/generator/cache/unchanged-build.ts';
import type { BuildReport } from '../src/generator/build-types.ts';
import { buildCommit } from '../src/generator/emit/build-commit.ts';

const values = parseOptions(
  {
    content: { type: 'string' },
    out: { type: 'string' },
    cache: { type: 'string' },
    force: { type: 'boolean', default: false },
    'auth-emulator': { type: 'boolean', default: false },
  },
  'Usage: npm run build -- [--content <dir>] [--out <dir>] [--cache <dir>] [--force] [--auth-emulator]',
);
const projectRoot = process.cwd();
const outDir = path.resolve(values.out ?? 'dist');
const contentDir = values.content ? path.resolve(values.content) : undefined;
const cacheDir = path.resolve(values.cache ?? '.cache');
const shownOut = `${path.relative(projectRoot, outDir) || '.'}/`;

// The sign-in configuration: the emulator's for local runs, else the build environment's.
const hostProblem = emulatorHostProblem(process.env);
if (hostProblem) fail(hostProblem);
const fromEnv = values['auth-emulator']
  ? { config: LOCAL_EMULATOR_CONFIG, missing: [] }
  : firebaseConfigFromEnv(process.env);
const firebase = fromEnv.config;
if (values['auth-emulator'])
  consoleLogger.info(
    "Sign-in: the local Auth emulator, through the site's own origin (a local build: do not deploy it).",
  );
else if (!firebase)
  consoleLogger.info(
    `Sign-in: not set up (${fromEnv.missing.join(', ')} unset): the account pages will say so. See docs/deploying.md, "Configuration for Netlify".`,
  );

// Nothing changed since the last build, whose output is still in place: say so, and load nothing
// more (src/generator/cache/unchanged-build.ts). --force builds anyway.
const now = new Date();
// The commit it is built from, which latest-build.json names: a new commit is a new build.
const commit = buildCommit(process.env, contentDir ?? path.join(projectRoot, 'content'));
const inputs = {
  contentDir: contentDir ?? path.join(projectRoot, 'content'),
  publicDir: path.join(projectRoot, 'public'),
  outDir,
  siteUrl: process.env.URL,
  deployContext: process.env.CONTEXT,
  now,
  firebase: firebase && JSON.stringify(firebase),
  commit,
};
const digest = inputsDigest(inputs);
const last = values.force ? null : unchangedBuild(cacheDir, outDir, digest);
// A build that used media library photos is never skipped: a photo may have changed in the library.
if (last && !last.libraryPhotos) {
  consoleLogger.info(
    `Nothing changed since build ${last.buildId}: ${shownOut} already holds its ${last.pages} pages (${last.files} files, ${formatBytes(last.bytes)}); ` +
      `checked in ${process.uptime().toFixed(2)} s with start-up. --force rebuilds it.`,
  );
  process.exit(0);
}
await forgetBuild(cacheDir, outDir);
const { Site } = await import('../src/generator/build.ts');
const { scriptReport } = await import('../src/generator/emit/script-report.ts');

const local = values['auth-emulator'];
const library = librarySourceFrom(process.env, {
  local,
  runningStorage: local
    ? readRunningServices(runningServicesFile(projectRoot))?.storage
    : undefined,
});
// The page pool's worker threads run this bundle's page-worker entry (scripts/run.mjs). For measuring:
// BUILD_THREADS sets how many beside the main thread (0: none), BUILD_THREADS_FROM the work they start at.
const pageWorker = new URL('./page-worker.mjs', import.meta.url);
const numberFrom = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
const site = await Site.open({
  projectRoot,
  contentDir,
  outDir,
  cacheDir,
  siteUrl: process.env.URL,
  deployContext: process.env.CONTEXT,
  firebase,
  library,
  commit,
  clock: () => now,
  pageWorker,
  threads: numberFrom('BUILD_THREADS'),
  threadsFrom: numberFrom('BUILD_THREADS_FROM'),
});
try {
  const report = await site.build();
  await recordBuild(cacheDir, outDir, digest, {
    buildId: report.buildId,
    pages: report.pages,
    files: report.files,
    bytes: report.bytes,
    libraryPhotos: report.libraryPhotos,
  });
  // The build's own time, and the whole command's including Node and module start-up.
  consoleLogger.info(
    `Built ${report.pages} pages (${report.files} files, ${formatBytes(report.bytes)}) in ${(report.milliseconds / 1000).toFixed(2)} s ` +
      `(${process.uptime().toFixed(2)} s with start-up, Node.js ${process.version}) into ${shownOut} [build ${report.buildId}]`,
  );
  consoleLogger.info(workSummary(report));
  consoleLogger.info(scriptReport(report.scripts).join('\n'));
} catch (error) {
  exitWithError(error, `Nothing was written: ${shownOut} is unchanged.`);
}

/** One line for the build's report: what was done, and what was reused. */
function workSummary({
  work,
  written,
  files,
}: Pick<BuildReport, 'work' | 'written' | 'files'>): string {
  const where =
    work.threads === 0
      ? 'on the main thread'
      : `on the main thread and ${work.threads} worker thread${work.threads === 1 ? '' : 's'}`;
  return `Converted ${work.loaded} of ${work.files} content files and rendered ${work.rendered} of ${work.renders} pages ${where}; wrote ${written} of ${files} files, the rest were up to date.`;
}
