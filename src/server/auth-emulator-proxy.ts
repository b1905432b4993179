// Local runs only: the site server passes the Auth emulator's paths on to it, so the browser
// reaches the emulator on the page's own origin. The CSP's `connect-src 'self'` then holds as it
// is, and netlify.toml is not loosened for development. A local build's config tells the SDK to
// use the page's origin as the emulator (src/account/firebase-services.ts).
import { request, type IncomingMessage, type ServerResponse } from 'node:http';

/** What the Firebase Auth SDK asks of an emulator (identity, tokens) and the emulator's own REST API. */
export const AUTH_EMULATOR_PATHS = ['/identitytoolkit.googleapis.com/', '/securetoken.googleapis.com/', '/emulator/'] as const;

export interface AuthEmulatorProxyOptions {
  /** The emulator, for example "127.0.0.1:9099". */
  host: string;
  /** Requests wait for this before they are passed on (the emulator starting and its accounts being seeded). */
  ready?: Promise<unknown>;
  logger?: { error(message: string): void };
}

/** An `extraRoutes` handler for createSiteServer: true when it took the request. */
export function authEmulatorProxy(options: AuthEmulatorProxyOptions): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  const [hostname, port] = options.host.split(':');
  return async (req, res) => {
    const url = req.url ?? '/';
    if (!AUTH_EMULATOR_PATHS.some((prefix) => url.startsWith(prefix))) return false;
    try {
      await options.ready;
    } catch {
      // The emulator did not start (already reported): the request fails like a lost connection.
      res.destroy();
      return true;
    }
    const upstream = request({ hostname, port: Number(port), path: url, method: req.method, headers: { ...req.headers, host: options.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', (error) => {
      options.logger?.error(`The local Auth emulator did not answer ${req.method} ${url}: ${error.message}`);
      // The SDK then reports auth/network-request-failed, as it would offline.
      res.destroy();
    });
    req.pipe(upstream);
    return true;
  };
}
