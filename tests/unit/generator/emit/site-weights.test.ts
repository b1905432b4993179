// The size budgets of src/kernel/wire/budgets.ts, measured from built files: a page that breaks each one.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGETS } from '../../../../src/kernel/wire/budgets.ts';
import { budgetBreaches, measureSite } from '../../../../src/generator/emit/site-weights.ts';

let site: string;
// Random bytes do not compress: their gzipped size is about their raw size.
const incompressible = (bytes: number) =>
  Buffer.from(
    Array.from({ length: bytes }, (_, index) => (index * 7919 + ((index * index) % 251)) % 256),
  );
const noise = (bytes: number) => {
  let text = '';
  let seed = 1;
  while (text.length < bytes) {
    seed = (seed * 48271) % 2147483647;
    text += seed.toString(36);
  }
  return text.slice(0, bytes);
};

beforeAll(async () => {
  site = await mkdtemp(path.join(tmpdir(), 'budgets-'));
  await mkdir(path.join(site, 'assets'), { recursive: true });
  await mkdir(path.join(site, 'heavy'), { recursive: true });
  await writeFile(path.join(site, 'assets/site.css'), 'body{margin:0}');
  await writeFile(path.join(site, 'assets/small.js'), 'console.log(1)');
  await writeFile(
    path.join(site, 'assets/big.js'),
    `export const x = ${JSON.stringify(noise(BUDGETS.jsGzipPerPage * 2))};`,
  );
  await writeFile(path.join(site, 'assets/photo.jpg'), incompressible(BUDGETS.imageBytes + 1));
  await writeFile(path.join(site, 'assets/photo-small.jpg'), incompressible(1000));
  const page = (head: string, body: string) =>
    `<!doctype html><html lang="en-GB"><head><title>t</title>${head}</head><body>${body}</body></html>`;
  await writeFile(
    path.join(site, 'index.html'),
    page(
      '<link rel="stylesheet" href="/assets/site.css"><script type="module" src="/assets/small.js"></script>',
      '<img src="/assets/photo-small.jpg" alt="">',
    ),
  );
  await writeFile(
    path.join(site, 'heavy/index.html'),
    page(
      '<link rel="stylesheet" href="/assets/site.css"><script type="module" src="/assets/small.js"></script><link rel="modulepreload" href="/assets/big.js">',
      `<p>${noise(BUDGETS.htmlAndCriticalCssGzip * 3)}</p><picture><source srcset="/assets/photo.jpg 800w, /assets/photo-small.jpg 400w"><img src="/assets/photo-small.jpg" alt=""></picture>`,
    ),
  );
}, 30_000);
afterAll(() => rm(site, { recursive: true, force: true }));

describe('budgets', () => {
  it('measures HTML, CSS, JS (scripts and module preloads) and images per page', async () => {
    const [heavy, home] = await measureSite(site);
    expect(home!.page).toBe('/index.html');
    expect(home!.css.raw).toBe('body{margin:0}'.length);
    expect(home!.js.raw).toBe('console.log(1)'.length);
    expect(home!.imageFiles).toEqual([{ url: '/assets/photo-small.jpg', bytes: 1000 }]);
    expect(heavy!.page).toBe('/heavy/index.html');
    expect(heavy!.js.raw).toBeGreaterThan(BUDGETS.jsGzipPerPage * 2);
    expect(heavy!.imageFiles.map((image) => image.url).sort()).toEqual([
      '/assets/photo-small.jpg',
      '/assets/photo.jpg',
    ]);
  });

  it('a light page breaks no budget; a heavy one breaks all three, each named', async () => {
    const breaches = budgetBreaches(await measureSite(site));
    expect(breaches.filter((breach) => breach.page === '/index.html')).toEqual([]);
    const heavy = breaches.filter((breach) => breach.page === '/heavy/index.html');
    expect(heavy.map((breach) => breach.budget).sort()).toEqual([
      'htmlAndCriticalCssGzip',
      'imageBytes',
      'jsGzipPerPage',
    ]);
    expect(heavy.find((breach) => breach.budget === 'imageBytes')!.message).toContain(
      '/assets/photo.jpg',
    );
  });
});
