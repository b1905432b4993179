// Temporary site + netlify.toml for server tests, and a raw HTTP client
// (node:http, so paths like /../x reach the server unnormalized, and bodies
// arrive still compressed).
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const NETLIFY_TOML = `
[[headers]]
  for = "/*"
  [headers.values]
    X-Content-Type-Options = "nosniff"
    X-Frame-Options = "DENY"
    Referrer-Policy = "strict-origin-when-cross-origin"

[[headers]]
  for = "/assets/*"
  [headers.values]
    Cache-Control = "public, max-age=31536000, immutable"

[[redirects]]
  from = "/old"
  to = "/about"
  status = 301

[[redirects]]
  from = "/app/*"
  to = "/index.html"
  status = 200

[[redirects]]
  from = "/about"
  to = "/"
  status = 302

[[redirects]]
  from = "/legacy.html"
  to = "/about"
  status = 301
  force = true

[[redirects]]
  from = "/gone/*"
  to = "/404.html"
  status = 410

[[redirects]]
  from = "/go/*"
  to = "/:splat"
  status = 301
`;

export const FILES: Record<string, string> = {
  'index.html': '<!doctype html><title>Home</title><h1>Home page</h1>',
  'about.html': '<!doctype html><title>About</title><h1>About page</h1>',
  // A folder's index page, answered at /docs/.
  'docs/index.html': '<!doctype html><title>Docs</title><h1>Docs page</h1>',
  'legacy.html': '<!doctype html><h1>Legacy</h1>',
  '404.html': '<!doctype html><title>Not found</title><h1>Custom 404</h1>',
  '500.html': '<!doctype html><title>Error</title><h1>Custom 500</h1>',
  // Over the 1 KiB compression threshold.
  'assets/app-abc123.js': `console.log("app");\n${'// padding line for compression\n'.repeat(80)}`,
  'assets/video.mp4': '0123456789',
  'data.json': '{"ok":true}',
  'sitemap.xml': '<?xml version="1.0"?><urlset/>',
  'robots.txt': 'User-agent: *',
  'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'style.css': 'body{}',
  'site.webmanifest': '{}',
  'img/photo.avif': 'avif',
  'img/photo.webp': 'webp',
  '.env': 'SECRET_DOTFILE',
  _headers: '/data.json\n  X-From-Headers-File: yes\n',
};

export interface Fixture {
  dir: string;
  root: string;
  netlifyToml: string;
  cleanup(): void;
}

/** <tmp>/site is the publish dir; <tmp>/secret.txt sits outside it for traversal tests. */
export function createFixture(): Fixture {
  const dir = mkdtempSync(join(tmpdir(), 'site-server-'));
  const root = join(dir, 'site');
  for (const [name, content] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  writeFileSync(join(dir, 'secret.txt'), 'TOP_SECRET');
  const netlifyToml = join(dir, 'netlify.toml');
  writeFileSync(netlifyToml, NETLIFY_TOML);
  return { dir, root, netlifyToml, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

export async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

export function get(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text: body.toString('utf8'),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export const silentLogger = { info: () => {}, error: () => {} };
