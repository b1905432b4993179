import { gzipSync } from 'node:zlib';
import { BUDGETS, type ScriptBudget } from '../budgets.ts';
import { allScriptsOf, type PageScripts } from '../render/page-scripts.ts';

export interface Weight {
  raw: number;
  gzip: number;
}

export interface PageScriptWeight {
  path: string;
  js: Weight;
  files: number;
  /** The budget the page is held to (public pages, or pages with an account screen). */
  budget: ScriptBudget;
}

/**
 * The JavaScript each page downloads, raw and gzipped (each file on its own, as served).
 * Files are gzipped once however many pages share them.
 */
export function scriptWeights(pages: readonly { path: string; scripts: PageScripts }[], files: readonly { path: string; contents: Uint8Array }[]): PageScriptWeight[] {
  const contentsByUrl = new Map(files.map((file) => [`/${file.path}`, file.contents]));
  const weights = new Map<string, Weight>();
  const weightOf = (url: string): Weight => {
    let weight = weights.get(url);
    if (!weight) {
      const contents = contentsByUrl.get(url);
      if (!contents) throw new Error(`A page loads ${url}, which the bundle stage did not produce`);
      weight = { raw: contents.byteLength, gzip: gzipSync(contents, { level: 9 }).byteLength };
      weights.set(url, weight);
    }
    return weight;
  };
  return pages.map((page) => {
    const urls = allScriptsOf(page.scripts);
    const js = urls.map(weightOf).reduce((sum, weight) => ({ raw: sum.raw + weight.raw, gzip: sum.gzip + weight.gzip }), { raw: 0, gzip: 0 });
    return { path: page.path, js, files: urls.length, budget: page.scripts.budget };
  });
}

/** Pages over the JavaScript budget: the build fails with this message. */
export class BudgetError extends Error {
  constructor(readonly pages: readonly PageScriptWeight[]) {
    super(
      [
        `JavaScript budget exceeded: a public page may load at most ${kb(BUDGETS.jsGzipPerPage)} gzipped, React included; a page with an account screen ${kb(BUDGETS.jsGzipPerAccountPage)}, React and Firebase Auth included.`,
        ...pages.map((page) => `  ${page.path}: ${kb(page.js.gzip)} gzipped, over ${kb(BUDGETS[page.budget])} (${kb(page.js.raw)} raw, ${page.files} files)`),
        'Hint: move code out of the boot script or an island that every page loads, or drop a dependency; `npm run build` lists each page\'s scripts.',
      ].join('\n'),
    );
    this.name = 'BudgetError';
  }
}

export function checkScriptBudget(weights: readonly PageScriptWeight[]): void {
  const over = weights.filter((page) => page.js.gzip > BUDGETS[page.budget]);
  if (over.length > 0) throw new BudgetError(over);
}

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
