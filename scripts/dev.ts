// npm run dev [-- --port 8080] [-- --host localhost] [-- --allowed-host <name>]… [-- --content <dir>] [-- --out <dir>] [-- --cache <dir>]
// Builds the site into dist/, serves it like `npm start` with live reload (answering, like it, only
// to localhost, 127.0.0.1, [::1], --host and each --allowed-host), and rebuilds on every change.
// The work is done by src/generator/dev/dev-server.ts.
import path from 'node:path';
import { GENERATOR_ROOT } from '../src/generator/cache/code-key.mjs';
import { startDevServer } from '../src/generator/dev/dev-server.ts';
import { NetlifyRulesError } from '../src/generator/server/netlify-rules.ts';
import { checkHostOptions, fail, listenProblem, parseOptions, portOption } from './cli.ts';
import { librarySourceFrom } from '../src/generator/images/library-source.ts';

const projectRoot = GENERATOR_ROOT;
const USAGE =
  'Usage: npm run dev -- [--port 8080] [--host localhost] [--allowed-host <name>]… [--content <dir>] [--out <dir>] [--cache <dir>]';

const values = parseOptions(
  {
    port: { type: 'string' },
    host: { type: 'string', default: 'localhost' },
    'allowed-host': { type: 'string', multiple: true, default: [] },
    content: { type: 'string' },
    out: { type: 'string' },
    cache: { type: 'string' },
  },
  USAGE,
);
const port = portOption(values.port);
const host = values.host;
const allowedHosts = values['allowed-host'];
// Checked now, not after the first build.
checkHostOptions(host, allowedHosts);
const outDir = path.resolve(values.out ?? path.join(projectRoot, 'dist'));
const contentDir = values.content ? path.resolve(values.content) : undefined;
const cacheDir = values.cache ? path.resolve(values.cache) : undefined;

const server = await startDevServer({
  projectRoot,
  outDir,
  contentDir,
  cacheDir,
  port,
  host,
  allowedHosts,
  siteUrl: process.env.URL,
  library: librarySourceFrom(process.env, { local: false }),
  logger: { info: (message) => console.log(message), error: (message) => console.error(message) },
}).catch((error: NodeJS.ErrnoException) => {
  if (error instanceof NetlifyRulesError) fail(error.message);
  const problem = listenProblem(error, port, host);
  if (problem) fail(problem);
  throw error;
});

let stopping = false;
function stop(signal: NodeJS.Signals): void {
  if (stopping) process.exit(1); // a second Ctrl+C: don't wait any longer
  stopping = true;
  console.log(`\n${signal} received, shutting down.`);
  setTimeout(() => {
    console.error('Shutdown took too long; exiting.');
    process.exit(1);
  }, 8000).unref();
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
