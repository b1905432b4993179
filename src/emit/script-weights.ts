import { gzipSync } from 'node:zlib';
import { BUDGETS, type ScriptBudget } from '../budgets.ts';
import { throwIfProblems } from '../errors/problems.ts';
import { allScriptsOf, type PageScripts } from '../render/page-scripts.ts';

export interface Weight {
  raw: number;
  gzip: number;
}

export interface PageScriptWeight {
  path: string;
  /** The content file the page comes from, when it has one. */
  file?: string;
  js: Weight;
  files: number;
  /** The budget of src/budgets.ts it is held to: public pages, pages with an account screen, block builder pages. */
  budget: ScriptBudget;
}

/** Each bundle's files, weighed once: a dev session keeps its bundle from one update to the next. */
const weighed = new WeakMap<object, Map<string, Weight>>();

/**
 * The JavaScript each page downloads, raw and gzipped (each file on its own, as served).
 * Files are gzipped once however many pages share them, and however many builds use the bundle.
 */
export function scriptWeights(pages: readonly { path: string; file?: string; scripts: PageScripts }[], files: readonly { path: string; contents: Uint8Array }[]): PageScriptWeight[] {
  const contentsByUrl = new Map(files.map((file) => [`/${file.path}`, file.contents]));
  const weights = weighed.get(files) ?? new Map<string, Weight>();
  weighed.set(files, weights);
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
    return { path: page.path, file: page.file, js, files: urls.length, budget: page.scripts.budget };
  });
}

/** Pages over the JavaScript budget: the build stops before writing anything, naming each page's content file. */
export function checkScriptBudget(weights: readonly PageScriptWeight[], budgets: Pick<typeof BUDGETS, ScriptBudget> = BUDGETS): void {
  const what: Record<ScriptBudget, string> = {
    jsGzipPerPage: 'a public page may load, React included',
    jsGzipPerAccountPage: 'a page with an account screen may load, React and Firebase Auth included',
    jsGzipPerAdminPage: 'the admin page may load, React and Firebase Auth and Storage included',
    jsGzipPerBuilderPage: 'a block builder page may load, React, Firebase Auth and the builder included',
  };
  throwIfProblems(
    weights
      .filter((page) => page.js.gzip > budgets[page.budget])
      .map((page) => ({
        code: 'script-budget' as const,
        file: page.file ?? page.path,
        message: `${page.path} loads ${kb(page.js.gzip)} of JavaScript gzipped (${kb(page.js.raw)} raw, ${page.files} files), over the ${kb(budgets[page.budget])} ${what[page.budget]}.`,
      })),
  );
}

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
