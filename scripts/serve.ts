// Serves the built site like Netlify would: `tsx scripts/serve.ts [--port 8080] [--host localhost] [--root dist]`.
// Failures a user can fix (no build, port taken, bad netlify.toml) print one
// clear line instead of a stack trace.
import { existsSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createSiteServer } from '../src/server/create-server.ts';
import { NetlifyRulesError } from '../src/server/netlify-rules.ts';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function parseOptions() {
  try {
    const { values } = parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string', default: 'localhost' },
        root: { type: 'string', default: 'dist' },
      },
      strict: true,
    });
    const portText = values.port ?? (process.env.PORT || '8080');
    const port = Number(portText);
    if (!/^\d+$/.test(portText) || port > 65535) fail(`Invalid port: ${portText}`);
    return { port, host: values.host, root: resolve(values.root) };
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\nUsage: tsx scripts/serve.ts [--port 8080] [--host localhost] [--root dist]`);
  }
}

async function main(): Promise<void> {
  const { port, host, root } = parseOptions();
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
    if (error.code === 'EADDRINUSE') fail(`Port ${port} is already in use. Pick another with --port <n> or PORT=<n>.`);
    if (error.code === 'EACCES') fail(`No permission to listen on port ${port}.`);
    if (error.code === 'ENOTFOUND' || error.code === 'EADDRNOTAVAIL') fail(`Cannot listen on host "${host}".`);
    fail(`Server error: ${error.message}`);
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
