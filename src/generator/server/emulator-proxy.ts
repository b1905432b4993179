// Local runs only: the site server passes the local Firebase emulators' paths on to them, so the
// browser reaches them on the page's own origin. The CSP's `connect-src 'self'` and `img-src 'self'`
// then hold as they are, and netlify.toml is not loosened for development. A local build's config
// tells the SDKs to use the page's origin as the emulators (src/apps/account/firebase-services.ts,
// src/apps/media/firebase-library.ts).
import { request, type IncomingMessage, type ServerResponse } from 'node:http';

export interface EmulatorProxyOptions {
  /** The emulator, for example "127.0.0.1:9099". */
  host: string;
  /** Requests wait for this before they are passed on (the emulator starting, its data being seeded). */
  ready?: Promise<unknown>;
  logger?: { error(message: string): void };
}

export type ExtraRoute = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/** What the Firebase Storage SDK asks of a bucket (the v0 API: objects, uploads, downloads). */
export const STORAGE_EMULATOR_PATHS = ['/v0/b/'] as const;

/**
 * An `extraRoutes` handler for createSiteServer that passes `paths` to an emulator: true when it
 * took the request. `keepHost`: the request keeps the site's Host header, for an emulator that
 * writes URLs back from it (the Storage emulator's resumable upload URL), so those stay on the site's origin.
 */
export function emulatorProxy(name: string, paths: readonly string[], options: EmulatorProxyOptions & { keepHost?: boolean }): ExtraRoute {
  const [hostname, port] = options.host.split(':');
  return async (req, res) => {
    const url = req.url ?? '/';
    if (!paths.some((prefix) => url.startsWith(prefix))) return false;
    try {
      await options.ready;
    } catch {
      // The emulator did not start (already reported): the request fails like a lost connection.
      res.destroy();
      return true;
    }
    const headers = options.keepHost ? req.headers : { ...req.headers, host: options.host };
    const upstream = request({ hostname, port: Number(port), path: url, method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    // The browser gave up on the request (an upload cancelled, a page left): so does the proxy, quietly.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.on('error', (error) => {
      if (res.destroyed) return;
      options.logger?.error(`The local ${name} emulator did not answer ${req.method} ${url}: ${error.message}`);
      // The SDK then reports a network failure, as it would offline.
      res.destroy();
    });
    req.pipe(upstream);
    return true;
  };
}

/** The local Storage emulator's paths, on the site's origin. */
export const storageEmulatorProxy = (options: EmulatorProxyOptions): ExtraRoute => emulatorProxy('Storage', STORAGE_EMULATOR_PATHS, { ...options, keepHost: true });

/** Several extraRoutes handlers as one: the first that takes the request answers it. */
export function firstTaker(...routes: readonly ExtraRoute[]): ExtraRoute {
  return async (req, res) => {
    for (const route of routes) if (await route(req, res)) return true;
    return false;
  };
}
