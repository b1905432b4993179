import type { Weight } from '../bundle/weight.ts';
import { BUDGETS, type ScriptBudget } from '../../kernel/wire/budgets.ts';
import { throwIfProblems } from '../../kernel/errors/problems.ts';
import { allScriptsOf, type PageScripts } from '../../kernel/render/page-scripts.ts';

export interface PageScriptWeight {
  path: string;
  /** The content file the page comes from, when it has one. */
  file?: string;
  js: Weight;
  files: number;
  /** The budget of src/kernel/wire/budgets.ts it is held to: public pages, pages with an account screen, block builder pages. */
  budget: ScriptBudget;
}

/** The JavaScript each page downloads, raw and gzipped: the sum of its files' weights (the bundle's, src/generator/bundle/bundle-assets.ts). */
export function scriptWeights(
  pages: readonly { path: string; file?: string; scripts: PageScripts }[],
  weights: Readonly<Record<string, Weight>>,
): PageScriptWeight[] {
  const weightOf = (url: string): Weight => {
    const weight = weights[url];
    if (!weight) throw new Error(`A page loads ${url}, which the bundle stage did not produce`);
    return weight;
  };
  return pages.map((page) => {
    const urls = allScriptsOf(page.scripts);
    const js = urls
      .map(weightOf)
      .reduce((sum, weight) => ({ raw: sum.raw + weight.raw, gzip: sum.gzip + weight.gzip }), {
        raw: 0,
        gzip: 0,
      });
    return {
      path: page.path,
      file: page.file,
      js,
      files: urls.length,
      budget: page.scripts.budget,
    };
  });
}

/** Pages over the JavaScript budget: the build stops before writing anything, naming each page's content file. */
export function checkScriptBudget(
  weights: readonly PageScriptWeight[],
  budgets: Pick<typeof BUDGETS, ScriptBudget> = BUDGETS,
): void {
  const what: Record<ScriptBudget, string> = {
    jsGzipPerPage: 'a public page may load, React included',
    jsGzipPerAccountPage:
      'a page with an account screen may load, React and Firebase Auth included',
    jsGzipPerAdminPage: 'the admin page may load, React and Firebase Auth and Storage included',
    jsGzipPerBuilderPage:
      'a block builder page may load, React, Firebase Auth and the builder included',
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
