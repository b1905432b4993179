// Serves the built site like Netlify would: `tsx scripts/serve.ts [--port 8080] [--host localhost] [--root dist]`.
// Failures a user can fix (no build, port taken, bad netlify.toml) print one
// clear line instead of a stack trace.
import { existsSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, relative, resolve } from 'node:path';
import { GENERATOR_ROOT } from '../src/cache/code-key.mjs';
import { createSiteServer } from '../src/server/create-server.ts';
import { NetlifyRulesError } from '../src/server/netlify-rules.ts';
import { fail, listenProblem, parseOptions, portOption } from './cli.ts';

const projectRoot = GENERATOR_ROOT;

async function main(): Promise<void> {
  const values = parseOptions(
    { port: { type: 'string' }, host: { type: 'string', default: 'localhost' }, root: { type: 'string', default: 'dist' } },
    'Usage: tsx scripts/serve.ts [--port 8080] [--host localhost] [--root dist]',
  );
  const port = portOption(values.port);
  const host = values.host!;
  const root = resolve(values.root!);
  const shownRoot = `${relative(process.cwd(), root) || '.'}/`;
  if (!existsSync(root) || !statSync(root).isDirectory()) fail(`${shownRoot} does not exist. Run \`npm run build\` first.`);
  if (!existsSync(join(root, '404.html'))) fail(`${shownRoot}404.html does not exist. Run \`npm run build\` first.`);
  const netlifyToml = join(projectRoot, 'netlify.toml');
  if (!existsSync(netlifyToml)) console.warn(`No netlify.toml at ${netlifyToml}: serving without header/redirect rules.`);

  const server = await createSiteServer({
    root,
    netlifyToml,
    logger: { info: (msg) => console.log(msg), error: (msg) => console.error(msg) },
  }).catch((error: unknown) => {
    if (error instanceof NetlifyRulesError) fail(error.message);
    throw error;
  });

  server.on('error', (error: NodeJS.ErrnoException) => {
    fail(listenProblem(error, port, host) ?? `Server error: ${error.message}`);
  });
  server.listen(port, host, () => {
    const { port: actualPort } = server.address() as AddressInfo;
    console.log(`Serving ${shownRoot} on http://${host}:${actualPort}`);
  });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1); // second Ctrl+C: don't wait any longer
    stopping = true;
    console.log(`\n${signal} received, shutting down.`);
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => {
      server.closeAllConnections();
      process.exit(0);
    }, 3000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await main();
