import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../../../../src/generator/server/create-server.ts';
import {
  FILES,
  close,
  createFixture,
  get,
  listen,
  silentLogger,
  type Fixture,
} from '../../../support/server-site.ts';

let fixture: Fixture;
let server: Server;
let port: number;

beforeAll(async () => {
  fixture = createFixture();
  server = await createSiteServer({
    root: fixture.root,
    netlifyToml: fixture.netlifyToml,
    logger: silentLogger,
    failPaths: ['/__test/error'],
  });
  port = await listen(server);
});

afterAll(async () => {
  await close(server);
  fixture.cleanup();
});

describe('URL resolution', () => {
  it('serves index.html for /', async () => {
    const res = await get(port, '/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toBe(FILES['index.html']);
  });

  it('serves about.html for /about with 200 and no redirect', async () => {
    const res = await get(port, '/about');
    expect(res.status).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.text).toBe(FILES['about.html']);
  });

  it('serves a folder index.html at the folder URL with its slash', async () => {
    const res = await get(port, '/docs/');
    expect(res.status).toBe(200);
    expect(res.text).toBe(FILES['docs/index.html']);
  });

  // Netlify with Pretty URLs on: one URL per page, every other form redirected there (never a second copy).
  it.each([
    ['/about/', '/about'],
    ['/about.html', '/about'],
    ['/docs', '/docs/'],
    ['/docs/index.html', '/docs/'],
    ['/index.html', '/'],
    ['/about/?ref=mail', '/about?ref=mail'],
  ])('redirects %s to %s with 301, keeping the query', async (path, location) => {
    const res = await get(port, path);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(location);
    expect(res.text).not.toContain('<h1>');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  // A Location that starts with `//` or `/\` names another host: every Location stays on this site.
  it.each([
    ['//about.html', '/about'],
    ['///about/', '/about'],
    ['//docs', '/docs/'],
    ['//index.html', '/'],
    ['/go//evil.example', '/evil.example'],
    ['/go/%2F%2Fevil.example', '/evil.example'],
    ['/go//evil.example?ref=mail', '/evil.example?ref=mail'],
  ])('redirects %s to %s on this site', async (path, location) => {
    const res = await get(port, path);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(location);
  });

  it.each(['/about.html/', '/about/index.html', '/docs.html', '/nothing/', '/nothing.html'])(
    'answers %s, no form of any page, with 404',
    async (path) => {
      const res = await get(port, path);
      expect(res.status).toBe(404);
      expect(res.text).toBe(FILES['404.html']);
    },
  );

  it('serves exact files as they are', async () => {
    const res = await get(port, '/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.text).toBe(FILES['assets/app-abc123.js']);
  });

  it.each([
    ['/data.json', 'application/json; charset=utf-8'],
    ['/sitemap.xml', 'application/xml; charset=utf-8'],
    ['/robots.txt', 'text/plain; charset=utf-8'],
    ['/logo.svg', 'image/svg+xml'],
    ['/style.css', 'text/css; charset=utf-8'],
    ['/site.webmanifest', 'application/manifest+json; charset=utf-8'],
    ['/img/photo.avif', 'image/avif'],
    ['/img/photo.webp', 'image/webp'],
  ])('sends %s as %s', async (path, type) => {
    const res = await get(port, path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(type);
  });

  it('answers unknown paths with 404.html and status 404', async () => {
    const res = await get(port, '/no/such/page');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toBe(FILES['404.html']);
  });

  it('does not serve dotfiles or the _headers file', async () => {
    expect((await get(port, '/.env')).status).toBe(404);
    expect((await get(port, '/_headers')).status).toBe(404);
  });
});

describe('header rules', () => {
  it('applies "/*" headers and Netlify’s default Cache-Control to pages', async () => {
    const res = await get(port, '/about');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });

  it('applies every matching rule: "/*" and "/assets/*"', async () => {
    const res = await get(port, '/assets/app-abc123.js');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('applies rules from _headers in the publish dir too', async () => {
    const res = await get(port, '/data.json');
    expect(res.headers['x-from-headers-file']).toBe('yes');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('applies headers to 404 and 500 responses', async () => {
    expect((await get(port, '/missing')).headers['x-frame-options']).toBe('DENY');
    expect((await get(port, '/__test/error')).headers['x-frame-options']).toBe('DENY');
  });
});

describe('redirects', () => {
  it('redirects /old to /about with 301 and Location', async () => {
    const res = await get(port, '/old');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/about');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('carries the query string over to the redirect target', async () => {
    expect((await get(port, '/old?ref=mail')).headers.location).toBe('/about?ref=mail');
  });

  it('rewrites with status 200 without changing the URL', async () => {
    const res = await get(port, '/app/some/route');
    expect(res.status).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.text).toBe(FILES['index.html']);
  });

  it('serves a rule target with the rule’s non-200 status', async () => {
    const res = await get(port, '/gone/page');
    expect(res.status).toBe(410);
    expect(res.text).toBe(FILES['404.html']);
  });

  it('lets an existing file shadow an unforced rule', async () => {
    const res = await get(port, '/about');
    expect(res.status).toBe(200);
  });

  it('applies a forced rule even though the file exists', async () => {
    const res = await get(port, '/legacy.html');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/about');
  });
});

describe('errors', () => {
  it('answers an exception with 500.html', async () => {
    const res = await get(port, '/__test/error', {
      headers: { 'user-agent': 'Mozilla/5.0 Firefox/130.0' },
    });
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toBe(FILES['500.html']);
  });

  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0)',
    'facebookexternalhit/1.1',
    'Mozilla/5.0 (compatible; AhrefsBot/7.0)',
    'some crawler',
  ])('answers bots (%s) with plain text, not the page', async (userAgent) => {
    const res = await get(port, '/__test/error', { headers: { 'user-agent': userAgent } });
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text.trim()).toBe('Internal Server Error');
  });

  it('rejects other methods with 405 and Allow', async () => {
    const res = await get(port, '/', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });
});

describe('path traversal', () => {
  it.each([
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E/secret.txt',
    '/..%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/..%5csecret.txt',
    '/%00/secret.txt',
    '/%zz',
  ])('never escapes the root for %s', async (path) => {
    const res = await get(port, path);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('TOP_SECRET');
  });
});

describe('caching, HEAD, compression, ranges', () => {
  it('answers a matching If-None-Match with 304 and no body', async () => {
    const first = await get(port, '/about');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/".+"$/);
    const res = await get(port, '/about', { headers: { 'if-none-match': etag ?? '' } });
    expect(res.status).toBe(304);
    expect(res.body.length).toBe(0);
    expect(res.headers.etag).toBe(etag);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers If-Modified-Since with 304 when unchanged', async () => {
    const first = await get(port, '/assets/video.mp4');
    const res = await get(port, '/assets/video.mp4', {
      headers: { 'if-modified-since': first.headers['last-modified'] ?? '' },
    });
    expect(res.status).toBe(304);
  });

  it('sends 200 when the ETag does not match', async () => {
    const res = await get(port, '/', { headers: { 'if-none-match': 'W/"stale"' } });
    expect(res.status).toBe(200);
  });

  it('answers HEAD with headers and no body', async () => {
    const res = await get(port, '/about', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(
      Buffer.byteLength(FILES['about.html'] ?? ''),
    );
    expect(res.body.length).toBe(0);
  });

  it('compresses text with brotli or gzip when accepted', async () => {
    const br = await get(port, '/assets/app-abc123.js', {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(FILES['assets/app-abc123.js']);
    const gz = await get(port, '/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(FILES['assets/app-abc123.js']);
    const plain = await get(port, '/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('serves byte ranges of binary files', async () => {
    const res = await get(port, '/assets/video.mp4', { headers: { range: 'bytes=2-4' } });
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 2-4/10');
    expect(res.text).toBe('234');
    expect((await get(port, '/assets/video.mp4', { headers: { range: 'bytes=50-' } })).status).toBe(
      416,
    );
  });
});

describe('options', () => {
  let optionServer: Server;
  let optionPort: number;
  const fixture2 = createFixture();

  beforeAll(async () => {
    optionServer = await createSiteServer({
      root: fixture2.root,
      netlifyToml: fixture2.netlifyToml,
      logger: silentLogger,
      transformHtml: (html) =>
        html.replace('</h1>', '</h1><script src="/__dev/reload.js"></script>'),
      extraRoutes: (req, res) => {
        if (!req.url?.startsWith('/__dev/')) return false;
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(`dev ${req.method}`);
        return true;
      },
    });
    optionPort = await listen(optionServer);
  });

  afterAll(async () => {
    await close(optionServer);
    fixture2.cleanup();
  });

  it('runs transformHtml on pages and on 404.html, not on other files', async () => {
    expect((await get(optionPort, '/about')).text).toContain('/__dev/reload.js');
    expect((await get(optionPort, '/nope')).text).toContain('/__dev/reload.js');
    expect((await get(optionPort, '/robots.txt')).text).toBe(FILES['robots.txt']);
  });

  it('lets extraRoutes handle requests first, for any method, with header rules applied', async () => {
    const res = await get(optionPort, '/__dev/ping', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.text).toBe('dev POST');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('picks up netlify.toml edits without a restart', async () => {
    writeFileSync(
      fixture2.netlifyToml,
      `${'[[headers]]\n  for = "/*"\n  [headers.values]\n    X-Reloaded = "yes"\n'}`,
    );
    const res = await get(optionPort, '/');
    expect(res.headers['x-reloaded']).toBe('yes');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect((await get(optionPort, '/old')).status).toBe(404);
  });

  it('fails to start on invalid rules', async () => {
    const bad = join(fixture2.dir, 'bad.toml');
    writeFileSync(bad, '[[redirects]]\n  to = "/x"\n');
    await expect(
      createSiteServer({ root: fixture2.root, netlifyToml: bad, logger: silentLogger }),
    ).rejects.toThrow(/Missing "from"/);
  });
});
