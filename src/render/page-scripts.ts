import type { Assets } from './context.ts';

/** A page's JavaScript: the scripts it runs, and the modules it preloads so they arrive in parallel. */
export interface PageScripts {
  scripts: string[];
  preloads: string[];
}

/**
 * `run` are the entries the page executes from a script tag (the boot script, the 404 script);
 * `load` are the island entries the boot script imports on this page. Everything either needs,
 * shared chunks included, is preloaded, so no import waits for another to arrive first.
 */
export function pageScripts(assets: Pick<Assets, 'scripts' | 'imports'>, run: readonly string[], load: readonly string[]): PageScripts {
  const url = (entry: string) => assets.scripts[entry];
  const scripts = run.map(url).filter((src): src is string => src !== undefined);
  const preloads = new Set<string>();
  for (const entry of [...run, ...load]) {
    const src = url(entry);
    if (!src) continue;
    if (!scripts.includes(src)) preloads.add(src);
    for (const dependency of assets.imports?.[entry] ?? []) if (!scripts.includes(dependency)) preloads.add(dependency);
  }
  return { scripts, preloads: [...preloads] };
}

/** Every script URL a page downloads. */
export function allScriptsOf(page: PageScripts): string[] {
  return [...page.scripts, ...page.preloads];
}
