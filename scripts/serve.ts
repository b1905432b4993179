// Serves the built site like Netlify would, with the local services the account pages use:
//   npm run serve -- [--port 8080] [--host localhost] [--allowed-host <name>]… [--root dist] [--auth-port <n>] [--storage-port <n>] [--build]
// `npm start` is `--build`: it builds (with the local sign-in config) while the Auth emulator
// starts, since the emulator takes a few seconds. The emulator is seeded with an admin and an
// ordinary account; the Storage emulator (in this process, ready in well under a second, before
// the build, which fetches the library photos content uses) with a few sample photos. Both listen
// on 127.0.0.1 on ports chosen at start unless given, are reached through this server
// (src/generator/server/emulator-proxy.ts), and stopped with it on Ctrl+C; chosen ports are noted
// for `npm run admin` in .cache/local-services.json while it runs. The server answers only to
// localhost, 127.0.0.1, [::1], --host and each --allowed-host (src/generator/server/allowed-hosts.ts).
// Failures a user can fix (no build, port taken, bad netlify.toml) print one clear line instead of
// a stack trace.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, relative, resolve } from 'node:path';
import { GENERATOR_ROOT } from '../src/generator/cache/code-key.mjs';
import { AuthEmulatorError } from '../src/generator/emulators/auth-emulator.ts';
import { LOCAL_ACCOUNTS } from '../src/generator/emulators/local-accounts.ts';
import { SAMPLE_PHOTOS } from '../src/generator/emulators/sample-photos.ts';
import {
  emulatorOptionsFromEnv,
  startLocalServices,
  type LocalServices,
} from '../src/generator/emulators/local-services.ts';
import {
  forgetRunningServices,
  noteRunningServices,
  runningServicesFile,
} from '../src/generator/emulators/running-services.ts';
import { emulatorProxy } from '../src/generator/server/emulator-proxy.ts';
import { StorageEmulatorError } from '../src/generator/emulators/storage-emulator.ts';
import { createSiteServer } from '../src/generator/server/create-server.ts';
import { localFormsDir } from '../src/kernel/wire/enquiry-paths.ts';
import { functionRoutes } from '../src/generator/server/functions.ts';
import { runSchedules } from '../src/generator/server/schedule.ts';
import { localDeploys } from '../src/functions/local/local-deploys.ts';
import { clockFrom } from '../src/functions/runtime.ts';
import type { Proposal } from '../src/kernel/wire/proposals.ts';
import { NetlifyRulesError } from '../src/generator/server/netlify-rules.ts';
import { checkHostOptions, fail, listenProblem, parseOptions, portOption } from './cli.ts';

const projectRoot = GENERATOR_ROOT;

const values = parseOptions(
  {
    port: { type: 'string' },
    host: { type: 'string', default: 'localhost' },
    'allowed-host': { type: 'string', multiple: true, default: [] },
    root: { type: 'string', default: 'dist' },
    'auth-port': { type: 'string' },
    'storage-port': { type: 'string' },
    build: { type: 'boolean', default: false },
  },
  'Usage: npm run serve -- [--port 8080] [--host localhost] [--allowed-host <name>]… [--root dist] [--auth-port <n>] [--storage-port <n>] [--build]',
);
const port = portOption(values.port);
const host = values.host;
const extraHosts = values['allowed-host'];
checkHostOptions(host, extraHosts);
const root = resolve(values.root);
const shownRoot = `${relative(process.cwd(), root) || '.'}/`;
const emulatorOptions = await emulatorOptionsFromEnv(
  process.env,
  values['auth-port'] ? portOption(values['auth-port']) : undefined,
  values['storage-port'] ? portOption(values['storage-port']) : undefined,
);

let services: LocalServices | undefined;
let stopping = false;
const stopServicesAndFail = async (message: string): Promise<never> => {
  await services?.stop();
  return fail(message);
};
const storageProblem = (error: unknown) =>
  error instanceof StorageEmulatorError
    ? error.message
    : `The local Storage emulator failed to start: ${String(error)}`;

/**
 * The content npm start builds: that of the repository the builder publishes into, so that a
 * published page is on the site it serves. PUBLISH_REPOSITORY_DIR names another than this one (the
 * tests' throwaway clones).
 */
const publishedContent = process.env.PUBLISH_REPOSITORY_DIR?.trim()
  ? ['--content', join(resolve(process.env.PUBLISH_REPOSITORY_DIR.trim()), 'content')]
  : [];

/** npm start's build: a child process, so its output and failures are those of `npm run build`. */
function build(): Promise<void> {
  // The build fetches the library photos content uses from this Storage emulator.
  const env = { ...process.env, STORAGE_EMULATOR_PORT: String(emulatorOptions.storagePort) };
  const child = spawn(
    process.execPath,
    [
      join(projectRoot, 'scripts/run.mjs'),
      'build',
      '--auth-emulator',
      '--out',
      root,
      ...publishedContent,
    ],
    { stdio: 'inherit', cwd: projectRoot, env },
  );
  return new Promise((done, failed) =>
    child.once('exit', (code) =>
      code === 0 ? done() : failed(new Error(`The build failed (exit ${code}).`)),
    ),
  );
}

/**
 * `npm start` builds again once a proposal is published locally (its file is then committed on
 * the checked-out branch), so that the site it serves shows it: the local deploy, whose
 * latest-build.json then names the published commit. `npm run dev` sees the file change by itself.
 * One build at a time; a publish during a build makes one more.
 */
let rebuilding: Promise<void> | undefined;
/** The published commits no build has taken in yet. */
let waiting: string[] = [];
function rebuildAfterPublishing(proposal: Proposal): void {
  console.log(
    `Published ${proposal.pages.map((page) => page.path).join(', ')} on the checked-out branch: building the site again.`,
  );
  if (proposal.published) waiting.push(proposal.published.commit);
  rebuilding ??= (async () => {
    while (waiting.length > 0) {
      const building = waiting;
      waiting = [];
      await build().then(
        () => console.log('Built again: the published page is served.'),
        (error: Error) => {
          console.error(`${error.message} Still serving the last build.`);
          // This rebuild is the local deploy: the builder says it failed, in these words (local-deploys.ts).
          localDeploys.failed(
            building,
            `${error.message} npm start is still serving the last build; its output says why.`,
          );
        },
      );
    }
    rebuilding = undefined;
  })();
}

if (values.build) {
  services = startLocalServices(emulatorOptions);
  await services.storage.catch((error: unknown) => stopServicesAndFail(storageProblem(error)));
  await build().catch((error: Error) => stopServicesAndFail(`${error.message} Nothing is served.`));
}
if (!existsSync(root) || !statSync(root).isDirectory())
  await stopServicesAndFail(`${shownRoot} does not exist. Run \`npm run build\` first.`);
if (!existsSync(join(root, '404.html')))
  await stopServicesAndFail(`${shownRoot}404.html does not exist. Run \`npm run build\` first.`);
const netlifyToml = join(projectRoot, 'netlify.toml');
if (!existsSync(netlifyToml))
  console.warn(`No netlify.toml at ${netlifyToml}: serving without header/redirect rules.`);

// Requests to the emulator wait until it answers and its accounts exist.
let markReady!: (ready: Promise<unknown>) => void;
const ready = new Promise<unknown>((done) => (markReady = done));
// A failed start is reported below, in one line; requests waiting for it fail like a lost connection.
ready.catch(() => {});
const storageEnv = ready.then(async () => ({
  FIREBASE_STORAGE_EMULATOR_HOST: (await services!.storage).emulator.host,
}));
storageEnv.catch(() => {});
const server = await createSiteServer({
  root,
  netlifyToml,
  logger: { info: (msg) => console.log(msg), error: (msg) => console.error(msg) },
  allowedHosts: [host, ...extraHosts],
  extraRoutes: emulatorProxy({
    auth: `127.0.0.1:${emulatorOptions.port}`,
    storage: `127.0.0.1:${emulatorOptions.storagePort}`,
    ready,
    logger: console,
  }),
  // Netlify Forms, locally: the enquiry form's submissions are kept here (docs/enquiries.md), where
  // the enquiries API reads them.
  formsDir: localFormsDir(process.env, projectRoot),
  // The builder's publishing API, in this process, once the local services are ready: its sign-in
  // check then reaches the Auth emulator (seeding its accounts set FIREBASE_AUTH_EMULATOR_HOST,
  // through admin-auth.ts, for this process only), and it reads the media library (and its checks
  // run) from the Storage emulator, at the address it really has.
  functions: functionRoutes({
    logger: console,
    ready,
    env: storageEnv,
    onPublished: values.build ? rebuildAfterPublishing : undefined,
  }),
}).catch((error: unknown) => {
  if (error instanceof NetlifyRulesError) return stopServicesAndFail(error.message);
  throw error;
});
// The scheduled function on its schedule, as Netlify runs it on the live site: a change whose time
// has come is published, and (with --build) the site built again. Its clock is the functions' own.
const schedules = runSchedules({
  ready,
  env: storageEnv,
  clock: clockFrom(process.env),
  onPublished: values.build ? rebuildAfterPublishing : undefined,
});

server.on('error', (error: NodeJS.ErrnoException) => {
  void stopServicesAndFail(listenProblem(error, port, host) ?? `Server error: ${error.message}`);
});
await new Promise<void>((listening) => server.listen(port, host, listening));
const origin = `http://${host.includes(':') ? `[${host}]` : host}:${(server.address() as AddressInfo).port}`;
console.log(`Serving ${shownRoot} on ${origin}; starting the local sign-in and storage services…`);
if (extraHosts.length > 0) {
  console.log(
    `Also answering to ${extraHosts.join(', ')} (--allowed-host): a page opened by that name can use this site's API and emulators like a page on ${origin}.`,
  );
}

services ??= startLocalServices(emulatorOptions);
markReady(services.ready);
const { emulator } = services;
services.ready.then(
  ({ startSeconds }) => {
    // Ports chosen at start are known only here: noted for `npm run admin` while this server runs
    // (unless another npm start in this folder noted its own first).
    const file = runningServicesFile(projectRoot);
    const noted =
      emulatorOptions.chosen &&
      noteRunningServices(file, {
        pid: process.pid,
        site: origin,
        auth: emulator.host,
        storage: `127.0.0.1:${emulatorOptions.storagePort}`,
      });
    if (noted) process.on('exit', () => forgetRunningServices(file));
    const { admin, member } = LOCAL_ACCOUNTS;
    console.log(
      [
        `Sign-in: the Firebase Auth emulator on ${emulator.host} (ready in ${startSeconds.toFixed(1)} s), reached through ${origin}.`,
        'These two accounts exist only in this local emulator, and are gone when it stops:',
        `  ${admin.email.padEnd(24)} password ${admin.password.padEnd(24)} admin`,
        `  ${member.email.padEnd(24)} password ${member.password.padEnd(24)} no admin role`,
        // Ports not noted: `npm run admin` needs to be told this one.
        `Roles: ${noted ? '' : `AUTH_EMULATOR_PORT=${emulatorOptions.port} `}npm run admin -- grant <email> | revoke <email> | list.`,
        `Storage: the Cloud Storage emulator on 127.0.0.1:${emulatorOptions.storagePort} (in this process), reached through ${origin}, with ${SAMPLE_PHOTOS.length} sample photos in media/`,
        '(drawings made at start, one without alt text). They too exist only locally, and are gone when it stops. The media library is on /admin.',
        `Ready: ${origin}  (Node.js ${process.version}; Ctrl+C stops the site and both emulators)`,
      ].join('\n'),
    );
  },
  (error: unknown) =>
    void services.storage.then(
      () =>
        stopServicesAndFail(
          error instanceof AuthEmulatorError
            ? error.message
            : `The local sign-in service failed to start: ${String(error)}`,
        ),
      (storageError: unknown) => stopServicesAndFail(storageProblem(storageError)),
    ),
);
// The emulator stopping on its own (it was killed) ends the local site too: sign-in would fail. One
// that never started is reported above, in one line.
emulator.ready.then(
  () =>
    emulator.stopped.then(
      () => stopping || stopServicesAndFail('The local Auth emulator stopped.'),
    ),
  () => {},
);

const stop = (signal: NodeJS.Signals) => {
  if (stopping) process.exit(1); // second Ctrl+C: don't wait any longer (the emulators' own exit handlers kill them and remove their folders)
  stopping = true;
  schedules.stop();
  console.log(`\n${signal} received, stopping the site and the local services.`);
  server.closeIdleConnections();
  setTimeout(() => server.closeAllConnections(), 3000).unref();
  void Promise.all([new Promise((closed) => server.close(closed)), services.stop()]).then(() =>
    process.exit(0),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
