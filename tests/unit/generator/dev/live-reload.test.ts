// The live-reload endpoints over real HTTP, mounted on the site server the way the dev server does it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  injectReloadScript,
  RELOAD_SCRIPT_TAG,
} from '../../../../src/generator/dev/inject-reload-script.ts';
import {
  createDevRoutes,
  createReloadHub,
  formatServerSentEvent,
  type ReloadHub,
} from '../../../../src/generator/dev/live-reload.ts';
import { createSiteServer } from '../../../../src/generator/server/create-server.ts';
import { openEventStream } from '../../../support/sse-client.ts';

const CSP = "default-src 'self'; script-src 'self'; connect-src 'self'";

let dir: string;
let server: Server;
let hub: ReloadHub;
let port: number;

function get(
  path: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    httpGet({ host: '127.0.0.1', port, path }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    }).on('error', reject);
  });
}

async function until(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dev-live-reload-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Home</title></head><body><h1>Home</h1></body></html>',
  );
  writeFileSync(
    join(dir, '404.html'),
    '<!doctype html><html><head><title>Not found</title></head><body></body></html>',
  );
  writeFileSync(
    join(dir, 'netlify.toml'),
    `[[headers]]\n  for = "/*"\n  [headers.values]\n    Content-Security-Policy = "${CSP}"\n`,
  );
  hub = createReloadHub();
  server = await createSiteServer({
    root: dir,
    netlifyToml: join(dir, 'netlify.toml'),
    logger: { info: () => {}, error: () => {} },
    transformHtml: injectReloadScript,
    extraRoutes: createDevRoutes(hub),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  hub.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('dev routes', () => {
  it('serves the reload client as JavaScript, under the site’s headers', async () => {
    const res = await get('/__dev/reload.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript\b/);
    expect(res.headers['content-security-policy']).toBe(CSP);
    expect(res.text).toContain('new EventSource("/__dev/events")');
    expect(res.text).toContain('location.reload()');
  });

  it('injects the script tag into pages and 404 pages', async () => {
    const page = await get('/');
    expect(page.text).toContain(`<title>Home</title>${RELOAD_SCRIPT_TAG}</head>`);
    const missing = await get('/nope');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain(RELOAD_SCRIPT_TAG);
  });

  it('leaves other paths to the site', async () => {
    expect((await get('/__dev/other')).status).toBe(404);
  });
});

describe('reload hub', () => {
  it('streams "reload" to every connected client', async () => {
    const first = await openEventStream(port);
    const second = await openEventStream(port);
    try {
      expect(first.response.statusCode).toBe(200);
      expect(first.response.headers['content-type']).toMatch(/^text\/event-stream\b/);
      expect(first.response.headers['cache-control']).toMatch(/no-cache/);
      await until(() => hub.clientCount === 2);

      expect(hub.send('reload', 'build-1')).toBe(2);
      expect(await first.next('reload')).toEqual({ event: 'reload', data: 'build-1' });
      expect(await second.next('reload')).toEqual({ event: 'reload', data: 'build-1' });
    } finally {
      first.close();
      second.close();
    }
    await until(() => hub.clientCount === 0);
  });

  it('sends multi-line data as several data lines', async () => {
    expect(formatServerSentEvent('build-error', 'a\nb')).toBe(
      'event: build-error\ndata: a\ndata: b\n\n',
    );
    const stream = await openEventStream(port);
    try {
      await until(() => hub.clientCount === 1);
      hub.send('build-error', 'Content check failed\n\ncontent/x.md:3  A field');
      expect((await stream.next('build-error')).data).toBe(
        'Content check failed\n\ncontent/x.md:3  A field',
      );
    } finally {
      stream.close();
    }
  });

  it('ends the streams when closed, so the server can shut down', async () => {
    const localHub = createReloadHub();
    const localServer = await createSiteServer({
      root: dir,
      netlifyToml: join(dir, 'netlify.toml'),
      extraRoutes: createDevRoutes(localHub),
    });
    await new Promise<void>((resolve) => localServer.listen(0, '127.0.0.1', resolve));
    const stream = await openEventStream((localServer.address() as AddressInfo).port);
    await until(() => localHub.clientCount === 1);
    localHub.close();
    await stream.ended;
    expect(localHub.clientCount).toBe(0);
    await new Promise((resolve) => localServer.close(resolve));
  });
});
