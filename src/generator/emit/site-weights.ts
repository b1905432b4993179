import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { SCREENS, type ScreenName } from '../../kernel/wire/screens.ts';
import { BUDGETS, type ScriptBudget } from '../../kernel/wire/budgets.ts';
import { weigh, type Weight } from '../bundle/weight.ts';
import { kb } from './script-weights.ts';

/** What one built page costs a visitor: its HTML, its stylesheets, its scripts and its images. */
export interface PageWeight {
  page: string;
  /** The JavaScript budget the page is held to. */
  budget: ScriptBudget;
  html: Weight;
  css: Weight;
  js: Weight;
  images: Weight;
  /** Each image file the page references, with its size. */
  imageFiles: { url: string; bytes: number }[];
}

export interface BudgetBreach {
  page: string;
  budget: keyof typeof BUDGETS;
  message: string;
}

const add = (a: Weight, b: Weight): Weight => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip });
const ZERO: Weight = { raw: 0, gzip: 0 };

/**
 * Measures every HTML page of a built site from the files themselves, as a browser would fetch
 * them: stylesheets and module scripts (and preloads) from the head, images from <img> and
 * <source> (every srcset candidate counts, as any may be chosen). Each file is gzipped once.
 */
export async function measureSite(siteDir: string): Promise<PageWeight[]> {
  const weights = new Map<string, Weight>();
  const weightOf = async (url: string): Promise<Weight> => {
    const cached = weights.get(url);
    if (cached) return cached;
    const contents = await readFile(path.join(siteDir, decodeURIComponent(url.split(/[?#]/)[0]!)));
    const weight = weigh(contents);
    weights.set(url, weight);
    return weight;
  };
  const pages = (await readdir(siteDir, { recursive: true }))
    .filter((file) => file.endsWith('.html'))
    .sort();
  const measured: PageWeight[] = [];
  for (const file of pages) {
    const source = await readFile(path.join(siteDir, file));
    const document = parse(source.toString('utf8'));
    const local = (url: string | undefined) =>
      url && url.startsWith('/') && !url.startsWith('//') ? url : undefined;
    const css = unique(
      document
        .querySelectorAll('link[rel="stylesheet"]')
        .map((link) => local(link.getAttribute('href'))),
    );
    const js = unique([
      ...document
        .querySelectorAll('script[src]')
        .map((script) => local(script.getAttribute('src'))),
      ...document
        .querySelectorAll('link[rel="modulepreload"]')
        .map((link) => local(link.getAttribute('href'))),
    ]);
    const images = unique([
      ...document.querySelectorAll('img[src]').map((img) => local(img.getAttribute('src'))),
      ...document
        .querySelectorAll('img[srcset], source[srcset]')
        .flatMap((element) => srcsetUrls(element.getAttribute('srcset')).map(local)),
    ]);
    const sum = async (urls: string[]) => (await Promise.all(urls.map(weightOf))).reduce(add, ZERO);
    const imageWeights = await Promise.all(
      images.map(async (url) => ({ url, bytes: (await weightOf(url)).raw })),
    );
    measured.push({
      page: `/${file.split(path.sep).join('/')}`,
      budget: scriptBudgetOfHtml(document),
      html: weigh(source),
      css: await sum(css),
      js: await sum(js),
      images: await sum(images),
      imageFiles: imageWeights,
    });
  }
  return measured;
}

/** Every budget of src/kernel/wire/budgets.ts that a page breaks, one message each. */
export function budgetBreaches(
  pages: readonly PageWeight[],
  budgets: typeof BUDGETS = BUDGETS,
): BudgetBreach[] {
  const breaches: BudgetBreach[] = [];
  for (const page of pages) {
    const firstPaint = page.html.gzip + page.css.gzip;
    if (firstPaint > budgets.htmlAndCriticalCssGzip) {
      breaches.push({
        page: page.page,
        budget: 'htmlAndCriticalCssGzip',
        message: `HTML + CSS ${kb(firstPaint)} gzipped, over ${kb(budgets.htmlAndCriticalCssGzip)} (HTML ${kb(page.html.gzip)}, CSS ${kb(page.css.gzip)})`,
      });
    }
    if (page.js.gzip > budgets[page.budget]) {
      breaches.push({
        page: page.page,
        budget: page.budget,
        message: `JavaScript ${kb(page.js.gzip)} gzipped, over ${kb(budgets[page.budget])}`,
      });
    }
    for (const image of page.imageFiles) {
      if (image.bytes > budgets.imageBytes) {
        breaches.push({
          page: page.page,
          budget: 'imageBytes',
          message: `image ${image.url} is ${kb(image.bytes)}, over ${kb(budgets.imageBytes)}`,
        });
      }
    }
  }
  return breaches;
}

/** A built page's JavaScript budget: its screen's, by the screen its app shell mounts (data-mount; data-screen, the first state, where the mount is not a screen of its own), else a public page's. */
export function scriptBudgetOfHtml(page: string | ReturnType<typeof parse>): ScriptBudget {
  const document = typeof page === 'string' ? parse(page) : page;
  const mount = document.querySelector('[data-mount]')?.getAttribute('data-mount');
  const first = document.querySelector('[data-screen]')?.getAttribute('data-screen');
  const screen =
    mount && mount in SCREENS
      ? (mount as ScreenName)
      : first && first in SCREENS
        ? (first as ScreenName)
        : null;
  return screen ? SCREENS[screen].budget : 'jsGzipPerPage';
}

function srcsetUrls(srcset: string | undefined): (string | undefined)[] {
  return (srcset ?? '')
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0])
    .filter((url) => url !== '');
}

function unique(urls: readonly (string | undefined)[]): string[] {
  return [...new Set(urls.filter((url): url is string => url !== undefined))];
}
