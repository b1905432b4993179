/**
 * npm run build [-- --content <dir>] [-- --out <dir>] [-- --cache <dir>] [-- --force] [-- --auth-emulator]: builds the site into dist/.
 * The account pages' sign-in configuration comes from the FIREBASE_* build variables (src/account/config.ts);
 * `--auth-emulator` (npm start, npm test) embeds the local Auth emulator's instead.
 */
import path from 'node:path';
import { consoleLogger, exitWithError, fail, formatBytes, parseOptions } from './cli.ts';

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

// A production build uses React's production server renderer: the same HTML in about half the
// time, without development-only checks. Set before React is first imported, hence the dynamic imports.
process.env.NODE_ENV ??= 'production';

// The sign-in configuration: the emulator's for local runs, else the build environment's.
const { emulatorHostProblem, firebaseConfigFromEnv, LOCAL_EMULATOR_CONFIG } = await import('../src/account/config.ts');
const hostProblem = emulatorHostProblem(process.env);
if (hostProblem) fail(hostProblem);
const fromEnv = values['auth-emulator'] ? { config: LOCAL_EMULATOR_CONFIG, missing: [] } : firebaseConfigFromEnv(process.env);
const firebase = fromEnv.config;
if (values['auth-emulator']) console.log('Sign-in: the local Auth emulator, through the site\'s own origin (a local build: do not deploy it).');
else if (!firebase) {
  console.log(`Sign-in: not set up (${fromEnv.missing.join(', ')} unset): the account pages will say so. See the README, "Sign-in and accounts".`);
}

// Nothing changed since the last build, whose output is still in place: say so, and load nothing
// more (src/cache/unchanged-build.ts). --force builds anyway.
const { forgetBuild, inputsDigest, recordBuild, unchangedBuild } = await import('../src/cache/unchanged-build.ts');
const inputs = {
  contentDir: contentDir ?? path.join(projectRoot, 'content'),
  publicDir: path.join(projectRoot, 'public'),
  outDir,
  siteUrl: process.env.URL,
  now: new Date(),
  firebase: firebase && JSON.stringify(firebase),
};
const digest = inputsDigest(inputs);
const last = values.force ? null : unchangedBuild(cacheDir, outDir, digest);
if (last) {
  console.log(
    `Nothing changed since build ${last.buildId}: ${path.relative(projectRoot, outDir) || '.'}/ already holds its ${last.pages} pages ` +
      `(${last.files} files, ${formatBytes(last.bytes)}); checked in ${process.uptime().toFixed(2)} s with start-up. --force rebuilds it.`,
  );
  process.exit(0);
}
await forgetBuild(cacheDir, outDir);
// A large site built afresh: its worker threads start importing the generator now, alongside this thread.
const { prestartWorkers } = await import('../src/parallel/prestart.ts');
prestartWorkers({ contentDir: inputs.contentDir, cacheDir });
const { buildSite } = await import('../src/build.ts');
const { writeOutputFolder } = await import('../src/cache/output-folder.ts');
const { scriptReport } = await import('../src/emit/script-report.ts');
const { workSummary } = await import('../src/parallel/build-session.ts');
const { mkdir, writeFile } = await import('node:fs/promises');

try {
  // A first build goes into a temporary folder swapped in on success; a rebuild writes only changed files (src/cache/output-folder.ts).
  const { result: report, unchanged } = await writeOutputFolder(outDir, cacheDir, (writer) =>
    buildSite({ projectRoot, contentDir, cacheDir, writer, logger: consoleLogger, siteUrl: process.env.URL, firebase, now: inputs.now }),
  );
  await recordBuild(cacheDir, outDir, digest, { buildId: report.buildId, pages: report.pages, files: report.files, bytes: report.bytes });
  // The build's own time, and the whole command's including Node and module start-up.
  console.log(
    `Built ${report.pages} pages (${report.files} files, ${formatBytes(report.bytes)}) in ${(report.milliseconds / 1000).toFixed(2)} s ` +
      `(${process.uptime().toFixed(2)} s with start-up) into ${path.relative(projectRoot, outDir) || '.'}/ [build ${report.buildId}]`,
  );
  if (report.work) console.log(workSummary(report.work, unchanged));
  console.log(scriptReport(report.scripts).join('\n'));
  // Every page's figures, for the budgets check and anyone curious; kept out of the published site.
  await mkdir('.cache', { recursive: true });
  await writeFile('.cache/build-report.json', `${JSON.stringify({ buildId: report.buildId, scripts: report.scripts }, null, 2)}\n`);
} catch (error) {
  exitWithError(error, `Nothing was written: ${path.relative(projectRoot, outDir)}/ is unchanged.`);
}
