/**
 * The one script every page runs (deferred, as a module). It starts the page-wide behaviour
 * (checking for newer builds, keeping a #hash target in view, prefetching the pages links lead
 * to) and the contact section's first load, none of which needs React. The widgets' islands are
 * hydrated, each from its own chunk, once the visitor first acts (src/islands/wake.ts); the
 * contact section only if its load changes what it shows (src/islands/contact-first-load.ts).
 */
import { startBuildChecks } from './build-checks.ts';
import { firstContactLoad } from './contact-first-load.ts';
import { keepHashTargetInView } from './hash-scroll.ts';
import type { IslandModule } from './hydrate.ts';
import type { IslandName } from './names.ts';
import { startPrefetch } from './prefetch.ts';
import { whenVisitorActs } from './wake.ts';

const loaders: Record<IslandName, () => Promise<IslandModule>> = {
  header: () => import('./header.ts'),
  sidebar: () => import('./sidebar.ts'),
  contact: () => import('./contact.ts'),
  'scroll-top': () => import('./scroll-top.ts'),
};

const checks = startBuildChecks([new URL(import.meta.url).pathname]);
const widgets = [...document.querySelectorAll<HTMLElement>('[data-island]:not([data-island="contact"])')];
// Listening from the start: a visitor's first move, even before the first paint, counts.
const woken = whenVisitorActs(widgets);

async function hydrate(element: HTMLElement, extra?: object): Promise<void> {
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
  module.mount(element, extra);
}

// The page is complete without its islands: let the browser paint it first.
await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

for (const element of document.querySelectorAll<HTMLElement>('[data-island="contact"]')) {
  void firstContactLoad(element, (firstLoad) => hydrate(element, { firstLoad }));
}
keepHashTargetInView();
startPrefetch();
await woken;
await Promise.all(widgets.map((element) => hydrate(element)));
