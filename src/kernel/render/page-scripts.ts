import type { ScriptBudget } from '../wire/budgets.ts';
import type { Assets } from './page-parts.ts';

/** A page's JavaScript: the scripts it runs, the modules they need at once, and those needed later. */
export interface PageScripts {
  scripts: string[];
  /** Imported by the scripts as they start: preloaded in the head, so they arrive in parallel. */
  preloads: string[];
  /**
   * The islands' entries and chunks (React among them): used only once the visitor acts
   * (src/apps/islands/wake.ts), so the page lists them for boot to preload after the load event.
   */
  later: string[];
  /** The budget of src/kernel/wire/budgets.ts the page's JavaScript is held to. */
  budget: ScriptBudget;
}

/**
 * `run` are the entries the page executes from a script tag (the boot script, the 404 script);
 * `load` are the island entries the boot script imports on this page. What `run` needs, shared
 * chunks included, is preloaded; the rest of what `load` needs is fetched after load.
 */
export function pageScripts(
  assets: Pick<Assets, 'scripts' | 'imports'>,
  run: readonly string[],
  load: readonly string[],
  budget: ScriptBudget = 'jsGzipPerPage',
): PageScripts {
  const url = (entry: string) => assets.scripts[entry];
  const scripts = run.map(url).filter((src): src is string => src !== undefined);
  const closure = (entries: readonly string[], exclude: ReadonlySet<string>) => {
    const found = new Set<string>();
    for (const entry of entries) {
      const src = url(entry);
      if (!src) continue;
      for (const file of [src, ...(assets.imports?.[entry] ?? [])])
        if (!exclude.has(file)) found.add(file);
    }
    return found;
  };
  const preloads = closure(run, new Set(scripts));
  const later = closure(load, new Set([...scripts, ...preloads]));
  return { scripts, preloads: [...preloads], later: [...later], budget };
}

/** Every script URL a page downloads. */
export function allScriptsOf(page: PageScripts): string[] {
  return [...page.scripts, ...page.preloads, ...page.later];
}
