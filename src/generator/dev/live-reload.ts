// Live reload for the dev server: a tiny browser client served at
// /__dev/reload.js, and a Server-Sent Events stream at /__dev/events through
// which the dev server tells every open page to reload after a successful build.
// Both are same-origin, so they work under the site's CSP (script-src 'self';
// connect-src 'self') without inline scripts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EVENTS_PATH, RELOAD_SCRIPT_PATH } from './inject-reload-script.ts';

/**
 * The browser client. It reloads on a 'reload' event, logs build errors to the
 * console (the page itself stays as it was), and when the dev server comes back
 * after going away (restarted, or the laptop slept) it reloads too, since the
 * page may be out of date. EventSource reconnects by itself after network
 * errors; if the stream is closed for good (say, something else answered on the
 * port meanwhile), it starts a new one.
 */
const RELOAD_CLIENT_JS = `// Live reload for \`npm run dev\` (not part of the built site).
let disconnected = false;
let retryTimer;

function connect() {
  const events = new EventSource(${JSON.stringify(EVENTS_PATH)});
  events.addEventListener('open', () => {
    if (disconnected) location.reload();
  });
  events.addEventListener('reload', () => location.reload());
  events.addEventListener('build-error', (event) => {
    console.error('[dev] The last change did not build; this is the previous version of the page.\\n\\n' + event.data);
  });
  events.addEventListener('error', () => {
    disconnected = true;
    if (events.readyState === EventSource.CLOSED) {
      clearTimeout(retryTimer);
      retryTimer = setTimeout(connect, 1000);
    }
  });
}

connect();
`;

export interface ReloadHub {
  /** Turns a request into an event stream that stays open until the client or the hub closes it. */
  connect(req: IncomingMessage, res: ServerResponse): void;
  /** Sends an event to every connected client; returns how many there were. */
  send(event: string, data?: string): number;
  readonly clientCount: number;
  /** Ends every stream (so the HTTP server can close) and stops the heartbeat. */
  close(): void;
}

export interface ReloadHubOptions {
  /** A comment line is sent this often so idle streams are not dropped. Default 30 s. */
  heartbeatMs?: number;
  /** How long browsers wait before reconnecting, sent as the stream's `retry:`. Default 1 s. */
  retryMs?: number;
}

/** One SSE message; multi-line data becomes several `data:` lines, as the format requires. */
export function formatServerSentEvent(event: string, data = ''): string {
  const lines = data.split(/\r\n|\r|\n/).map((line) => `data: ${line}`);
  return `event: ${event}\n${lines.join('\n')}\n\n`;
}

export function createReloadHub(options: ReloadHubOptions = {}): ReloadHub {
  const clients = new Set<ServerResponse>();
  let heartbeat: NodeJS.Timeout | undefined;
  let closed = false;

  function write(message: string): void {
    for (const res of clients) res.write(message);
  }

  function stopHeartbeatIfIdle(): void {
    if (clients.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }

  return {
    connect(req, res) {
      if (closed) {
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('The dev server is shutting down\n');
        return;
      }
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
      });
      res.write(`retry: ${options.retryMs ?? 1000}\n: connected\n\n`);
      clients.add(res);
      const remove = () => {
        clients.delete(res);
        stopHeartbeatIfIdle();
      };
      req.on('close', remove);
      res.on('close', remove);
      heartbeat ??= setInterval(() => write(': ping\n\n'), options.heartbeatMs ?? 30_000).unref();
    },
    send(event, data) {
      const count = clients.size;
      write(formatServerSentEvent(event, data));
      return count;
    },
    get clientCount() {
      return clients.size;
    },
    close() {
      closed = true;
      for (const res of clients) res.end();
      clients.clear();
      stopHeartbeatIfIdle();
    },
  };
}

/**
 * The `extraRoutes` handler for createSiteServer: serves the client and the
 * event stream, and leaves every other request to the site.
 */
export function createDevRoutes(
  hub: ReloadHub,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const script = Buffer.from(RELOAD_CLIENT_JS, 'utf8');
  return (req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    if (path !== RELOAD_SCRIPT_PATH && path !== EVENTS_PATH) return false;
    const methods = path === EVENTS_PATH ? ['GET'] : ['GET', 'HEAD'];
    if (!methods.includes(req.method ?? 'GET')) {
      res.writeHead(405, {
        allow: methods.join(', '),
        'content-type': 'text/plain; charset=utf-8',
      });
      res.end('Method Not Allowed\n');
      return true;
    }
    if (path === EVENTS_PATH) {
      hub.connect(req, res);
      return true;
    }
    res.writeHead(200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-cache',
      'content-length': script.length,
    });
    res.end(req.method === 'HEAD' ? undefined : script);
    return true;
  };
}
