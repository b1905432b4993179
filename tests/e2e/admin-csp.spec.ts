// The admin page under the site's real Content Security Policy (netlify.toml, served as Netlify
// serves it), in Chromium: the library may call the storage origin (connect-src) and shows its
// photos as data: images, while an <img> pointing at the storage origin is refused, as on every
// page. Why netlify.toml has no looser policy for the admin routes: Chromium enforces each of two
// policies Netlify would send (the storage origin stands in via an intercepted response: this
// machine cannot reach it).
import { adminContext } from '../support/accounts.ts';
import { openLibrary } from '../support/admin.ts';
import { expect, test } from '../support/e2e/fixtures.ts';

const STORAGE = 'https://firebasestorage.googleapis.com';
const PIXEL = Buffer.from('R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==', 'base64');

/**
 * Whether the page can load an image from `src` under its policy, and the directive a refusal names.
 * A refused image reports both its error and the policy's violation event, in either order: both are awaited.
 */
const tryImage = (src: string) =>
  new Promise<{ loaded: boolean; refusedBy: string | null }>((resolve) => {
    let refusedBy: string | null = null;
    let failed = false;
    const refused = () => failed && refusedBy !== null && resolve({ loaded: false, refusedBy });
    document.addEventListener(
      'securitypolicyviolation',
      (event) => ((refusedBy = event.effectiveDirective), refused()),
      { once: true },
    );
    const image = new Image();
    image.addEventListener('load', () => resolve({ loaded: true, refusedBy }));
    image.addEventListener('error', () => ((failed = true), refused()));
    image.src = src;
  });

test('on /admin the library may call the storage origin and show data: images; an image from the storage origin is refused', async ({
  browser,
  baseURL,
}) => {
  const context = await adminContext(browser, { baseURL });
  try {
    await context.route(`${STORAGE}/**`, (route) =>
      route.request().resourceType() === 'image'
        ? route.fulfill({ body: PIXEL, contentType: 'image/gif' })
        : route.fulfill({ json: { name: 'media/x.jpg' } }),
    );
    const page = await context.newPage();
    await openLibrary(page);
    expect(
      await page.evaluate(
        (origin) =>
          fetch(`${origin}/v0/b/demo/o/media%2Fx.jpg`).then((response) => response.status),
        STORAGE,
      ),
    ).toBe(200);
    expect(
      await page.evaluate(tryImage, `data:image/gif;base64,${PIXEL.toString('base64')}`),
    ).toEqual({ loaded: true, refusedBy: null });
    expect(await page.evaluate(tryImage, `${STORAGE}/v0/b/demo/o/media%2Fx.jpg?alt=media`)).toEqual(
      { loaded: false, refusedBy: 'img-src' },
    );
  } finally {
    await context.close();
  }
});

test('two policies in one header are both enforced: a looser second policy cannot let in what the first refuses', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  // Chromium logs the refusal this test provokes.
  consoleErrors.allow(
    /violates the following Content Security Policy directive: "img-src 'self' data:"/,
  );
  const response = await page.request.get('/admin');
  const policy = response.headers()['content-security-policy']!;
  const looser = policy.replace("img-src 'self' data:", `img-src 'self' data: ${STORAGE}`);
  await page
    .context()
    .route(`${STORAGE}/**`, (route) => route.fulfill({ body: PIXEL, contentType: 'image/gif' }));
  await page.route(`${baseURL}/two-policies`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Two policies</title>',
      headers: { 'content-security-policy': `${policy}, ${looser}` },
    }),
  );
  await page.goto('/two-policies');
  expect(await page.evaluate(tryImage, `${STORAGE}/v0/b/demo/o/media%2Fx.jpg?alt=media`)).toEqual({
    loaded: false,
    refusedBy: 'img-src',
  });
  await page.route(`${baseURL}/one-policy`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>One policy</title>',
      headers: { 'content-security-policy': looser },
    }),
  );
  await page.goto('/one-policy');
  expect(await page.evaluate(tryImage, `${STORAGE}/v0/b/demo/o/media%2Fx.jpg?alt=media`)).toEqual({
    loaded: true,
    refusedBy: null,
  });
});
