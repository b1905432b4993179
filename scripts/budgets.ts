/** npm run budgets [-- --dir <site>]: every page's HTML, CSS, JS and image bytes against src/kernel/wire/budgets.ts. */
import path from 'node:path';
import { BUDGETS } from '../src/kernel/wire/budgets.ts';
import { kb } from '../src/generator/emit/script-weights.ts';
import { budgetBreaches, measureSite } from '../src/generator/emit/site-weights.ts';
import { fail, parseOptions } from './cli.ts';

const values = parseOptions(
  { dir: { type: 'string' } },
  'Usage: npm run budgets -- [--dir <built site>]',
);
const siteDir = path.resolve(values.dir ?? 'dist');
const pages = await measureSite(siteDir).catch((error: unknown) =>
  fail(`Cannot measure ${siteDir}: ${(error as Error).message}. Run \`npm run build\` first.`),
);

const cell = (raw: number, gzip: number) =>
  `${kb(gzip).padStart(9)} ${`(${kb(raw)})`.padStart(11)}`;
console.log(
  `${'page'.padEnd(48)} ${'HTML+CSS gz'.padStart(21)} ${'JS gz (raw)'.padStart(21)} ${'images'.padStart(10)} largest image`,
);
for (const page of pages) {
  const largest = Math.max(0, ...page.imageFiles.map((image) => image.bytes));
  console.log(
    `${page.page.padEnd(48)} ${cell(page.html.raw + page.css.raw, page.html.gzip + page.css.gzip)} ${cell(page.js.raw, page.js.gzip)} ${kb(page.images.raw).padStart(10)} ${kb(largest).padStart(9)}`,
  );
}
const breaches = budgetBreaches(pages);
console.log(
  `\nBudgets: HTML + CSS ≤ ${kb(BUDGETS.htmlAndCriticalCssGzip)} gzipped, JavaScript ≤ ${kb(BUDGETS.jsGzipPerPage)} gzipped (a page with an account screen ${kb(BUDGETS.jsGzipPerAccountPage)}, the admin page ${kb(BUDGETS.jsGzipPerAdminPage)}, a block builder page ${kb(BUDGETS.jsGzipPerBuilderPage)}), each image ≤ ${kb(BUDGETS.imageBytes)}.`,
);
const worst = (select: (page: (typeof pages)[number]) => number) =>
  pages.reduce((a, b) => (select(b) > select(a) ? b : a));
const firstPaint = worst((page) => page.html.gzip + page.css.gzip);
const largestScript = (budget: string) =>
  pages
    .filter((page) => page.budget === budget)
    .reduce<(typeof pages)[number] | undefined>(
      (a, b) => (!a || b.js.gzip > a.js.gzip ? b : a),
      undefined,
    );
const shown = (label: string, page: (typeof pages)[number] | undefined) =>
  page ? `; ${label} ${kb(page.js.gzip)} (${page.page})` : '';
console.log(
  `Largest: HTML + CSS ${kb(firstPaint.html.gzip + firstPaint.css.gzip)} (${firstPaint.page})` +
    `${shown('JavaScript', largestScript('jsGzipPerPage'))}${shown('on account pages', largestScript('jsGzipPerAccountPage'))}${shown('on the admin page', largestScript('jsGzipPerAdminPage'))}${shown('on builder pages', largestScript('jsGzipPerBuilderPage'))}.`,
);
for (const breach of breaches) console.error(`✖ ${breach.page}: ${breach.message}`);
console.log(`budgets: ${pages.length * 3 - breaches.length} passed, ${breaches.length} failed`);
process.exit(breaches.length > 0 ? 1 : 0);
