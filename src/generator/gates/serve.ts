// Starts the project's own Netlify-like server (the one `npm start` uses) on 127.0.0.1 and a free
// port, for the quality gates that run outside Playwright's webServer (Lighthouse, the broken fixture).
import type { AddressInfo } from 'node:net';
import { emulatorProxy, type EmulatorProxyOptions } from '../server/emulator-proxy.ts';
import { createSiteServer } from '../server/create-server.ts';
import type { FunctionRoutes } from '../server/functions.ts';

export interface RunningSite {
  /** The origin, without a trailing slash: http://127.0.0.1:<port> */
  origin: string;
  close(): Promise<void>;
}

/**
 * `unref`: do not keep the process alive for this server (a test worker's lazily started fixture).
 * `emulators`: pass the SDKs' requests on to them, as `npm start` does (src/generator/server/emulator-proxy.ts).
 * `functions`: the project's Netlify Functions, as `npm start` serves them (the admin page reads /api/enquiries).
 */
export async function serveSite(
  root: string,
  netlifyToml: string,
  {
    unref = false,
    emulators = {},
    functions,
  }: { unref?: boolean; emulators?: EmulatorProxyOptions; functions?: FunctionRoutes } = {},
): Promise<RunningSite> {
  // Errors (a missing page, a bad rule) surface in the gates themselves; no request log.
  const server = await createSiteServer({
    root,
    netlifyToml,
    logger: { info: () => {}, error: () => {} },
    extraRoutes: emulatorProxy(emulators),
    functions,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  if (unref) server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
