/**
 * The one script every page runs (deferred, as a module). It hydrates the islands the page
 * contains, each from its own chunk, then starts the page-wide behaviour: keeping a #hash target
 * in view, checking for newer builds, and prefetching the pages links lead to.
 */
import { startBuildChecks } from './build-checks.ts';
import { keepHashTargetInView } from './hash-scroll.ts';
import type { IslandModule } from './hydrate.ts';
import type { IslandName } from './names.ts';
import { startPrefetch } from './prefetch.ts';

const loaders: Record<IslandName, () => Promise<IslandModule>> = {
  header: () => import('./header.ts'),
  sidebar: () => import('./sidebar.ts'),
  contact: () => import('./contact.ts'),
  'scroll-top': () => import('./scroll-top.ts'),
};

const checks = startBuildChecks([new URL(import.meta.url).pathname]);

// The page is complete without its islands: let the browser paint it first, then hydrate.
// (Module scripts can run before the first paint; React's start-up would then delay it.)
await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')];
await Promise.all(
  islands.map(async (element) => {
    const load = loaders[element.dataset.island as IslandName];
    if (!load) return;
    let module: IslandModule;
    try {
      module = await load();
    } catch (error) {
      // Spec §8: a chunk that fails to load (often an old one a new deploy removed).
      await checks.chunkFailed(error);
      return;
    }
    module.mount(element);
  }),
);
keepHashTargetInView();
startPrefetch();
