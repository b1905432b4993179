// Local runs only: the site server passes the SDKs' requests to the local Firebase emulators, so the
// browser reaches them on the page's own origin. The CSP's `connect-src 'self'` and `img-src 'self'`
// then hold as they are, and netlify.toml is not loosened for development. A local build's config
// tells the SDKs to use the page's origin as the emulators (src/apps/account/firebase-services.ts,
// src/apps/media/firebase-library.ts). Which requests pass, and which credentials: emulator-routes.ts.
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { emulatorRouteFor, SDK_CREDENTIALS, type LocalEmulator } from './emulator-routes.ts';

export interface EmulatorProxyOptions {
  /** The Auth emulator, "127.0.0.1:<its port>"; without it, its requests are refused too. */
  auth?: string;
  /** The Storage emulator, "127.0.0.1:<its port>"; without it, its requests are refused too. */
  storage?: string;
  /** Requests wait for this before they are passed on (the emulators starting, their data being seeded). */
  ready?: Promise<unknown>;
  logger?: { error(message: string): void };
}

export type ExtraRoute = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

const NAMES: Record<LocalEmulator, string> = { auth: 'Auth', storage: 'Storage' };

/**
 * The Storage emulator writes its resumable upload URL from the request's Host, so its requests keep
 * the site's: those URLs stay on the site's origin.
 */
const KEEPS_HOST: Record<LocalEmulator, boolean> = { auth: false, storage: true };

/** An `extraRoutes` handler for createSiteServer: true when it took the request (passed it on, or refused it). */
export function emulatorProxy(options: EmulatorProxyOptions): ExtraRoute {
  return async (req, res) => {
    const url = req.url ?? '/';
    const route = emulatorRouteFor(req.method, url);
    if (route === null) return false;
    if (route === 'refused' || !options[route.emulator]) {
      const body =
        'Not Found: the site passes on to the local emulators only the requests the Firebase SDKs make (src/generator/server/emulator-routes.ts).\n';
      res.writeHead(404, {
        'content-type': 'text/plain; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    }
    try {
      await options.ready;
    } catch {
      // The emulator did not start (already reported): the request fails like a lost connection.
      res.destroy();
      return true;
    }
    const host = options[route.emulator]!;
    const [hostname, port] = host.split(':');
    const { authorization, ...headers } = req.headers;
    const credentials = SDK_CREDENTIALS[route.emulator];
    if (authorization && credentials?.test(authorization)) headers.authorization = authorization;
    if (!KEEPS_HOST[route.emulator]) headers.host = host;
    const upstream = request(
      { hostname, port: Number(port), path: url, method: req.method, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    // The browser gave up on the request (an upload cancelled, a page left): so does the proxy, quietly.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.on('error', (error) => {
      if (res.destroyed) return;
      options.logger?.error(
        `The local ${NAMES[route.emulator]} emulator did not answer ${req.method} ${url}: ${error.message}`,
      );
      // The SDK then reports a network failure, as it would offline.
      res.destroy();
    });
    req.pipe(upstream);
    return true;
  };
}
