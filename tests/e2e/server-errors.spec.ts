// 500 handling: the server's own error path, forced with createSiteServer's failPaths on a
// private server (the webServer of the config is the CLI, which cannot force errors).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, projectRoot, test } from '../support/e2e/fixtures.ts';

const failingServer = { origin: '', errors: [] as string[] };
let server: Server | undefined;

test.beforeAll(async () => {
  const { createSiteServer } = await import('../../src/generator/server/create-server.ts');
  server = await createSiteServer({
    root: join(projectRoot, 'dist'),
    netlifyToml: join(projectRoot, 'netlify.toml'),
    failPaths: ['/__fail'],
    // The forced failure is logged as an error; keep it out of the test output.
    logger: { info: () => {}, error: (message) => failingServer.errors.push(message) },
  });
  const listening = server;
  await new Promise<void>((resolve, reject) => {
    listening.once('error', reject);
    listening.listen(0, '127.0.0.1', () => resolve());
  });
  failingServer.origin = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  if (!server) return;
  const closing = server;
  closing.closeAllConnections();
  await new Promise<void>((resolve) => closing.close(() => resolve()));
});

test('a forced error serves 500.html with status 500 in the browser', async ({
  page,
  consoleErrors,
}) => {
  // Chromium logs the document's own 500 as a failed resource.
  consoleErrors.allow(/Failed to load resource: the server responded with a status of 500/);
  const response = await page.goto(`${failingServer.origin}/__fail`);
  expect(response?.status()).toBe(500);
  expect(response?.headers()['content-type']).toMatch(/^text\/html/);
  await expect(page).toHaveTitle('Internal Server Error');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.locator('main h1')).toBeVisible();
  // The error page is a whole page of the site: header, contact section and footer still work.
  await expect(page.locator('header.site-header')).toBeVisible();
  await expect(page.locator('footer.site-footer')).toBeVisible();
  expect(
    failingServer.errors.some((message) => message.includes('Forced failure for /__fail')),
  ).toBe(true);
});

test('the 500 response carries the netlify.toml security headers and is not cached', async ({
  request,
}) => {
  const response = await request.get(`${failingServer.origin}/__fail`);
  expect(response.status()).toBe(500);
  const headers = response.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
  expect(headers['cache-control']).toMatch(/no-cache|max-age=0/);
  expect(await response.text()).toContain('<title>Internal Server Error</title>');
});

for (const userAgent of [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
]) {
  test(`a bot (${/(\w+bot)/i.exec(userAgent)?.[1]}) gets a plain 500 without the page`, async ({
    playwright,
  }) => {
    const request = await playwright.request.newContext({ userAgent });
    try {
      const response = await request.get(`${failingServer.origin}/__fail`);
      expect(response.status()).toBe(500);
      expect(response.headers()['content-type']).toMatch(/^text\/plain/);
      const body = await response.text();
      expect(body.trim()).toBe('Internal Server Error');
      expect(body).not.toMatch(/<html|<title/i);
    } finally {
      await request.dispose();
    }
  });
}

test('paths that do not fail are served normally by the same server', async ({ request }) => {
  const response = await request.get(`${failingServer.origin}/about`);
  expect(response.status()).toBe(200);
  const missing = await request.get(`${failingServer.origin}/__fail-not`);
  expect(missing.status()).toBe(404);
});
