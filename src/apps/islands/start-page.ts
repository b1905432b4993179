/**
 * What the one script every page runs does (boot.ts; the builder's pages: builder-boot.ts). It
 * starts the page-wide behaviour (checking for newer builds, keeping a #hash target in view,
 * prefetching the pages links lead to) and the contact section's first load, none of which needs
 * React. The widgets' islands are hydrated, each from its own chunk, once the visitor first acts
 * (wake.ts); the contact section only if its load changes what it shows
 * (src/kernel/components/contact/contact-first-load.ts).
 */
import { startBuildChecks } from './build-checks.ts';
import { firstContactLoad } from '../../kernel/components/contact/contact-first-load.ts';
import { keepHashTargetInView } from './hash-scroll.ts';
import type { IslandModule } from './hydrate.ts';
import type { IslandName } from '../../kernel/wire/screens.ts';
import { whenVisitorActs } from './wake.ts';

const loaders: Record<IslandName, () => Promise<IslandModule>> = {
  header: () => import('./header.ts'),
  sidebar: () => import('./sidebar.ts'),
  contact: () => import('./contact.ts'),
  'scroll-top': () => import('./scroll-top.ts'),
};

/** `script`: the running script's own address (a newer build no longer lists it); `prefetch`: what prefetches the pages links lead to, if this page does. */
export async function startPage(script: string, prefetch?: () => void): Promise<void> {
  const checks = startBuildChecks([new URL(script).pathname]);
  const widgets = [
    ...document.querySelectorAll<HTMLElement>('[data-island]:not([data-island="contact"])'),
  ];
  // Listening from the start: a visitor's first move, even before the first paint, counts.
  const woken = whenVisitorActs(widgets);

  async function hydrate(element: HTMLElement, extra?: object): Promise<void> {
    const load = loaders[element.dataset.island as IslandName];
    if (!load) return;
    let module: IslandModule;
    try {
      module = await load();
    } catch (error) {
      // A chunk that fails to load (often an old one a new deploy removed).
      await checks.chunkFailed(error);
      return;
    }
    module.mount(element, extra);
  }

  /** Runs `work` when the browser has nothing more urgent to do (within `timeout` ms at the latest). */
  const whenIdle = (work: () => void, timeout: number) =>
    'requestIdleCallback' in window
      ? requestIdleCallback(work, { timeout })
      : setTimeout(work, 200);
  /** Lets the browser handle input and paint between two pieces of start-up work: no long task. */
  const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

  /**
   * The widgets' chunks, React among them, listed by the page on this script (data-later-modules):
   * preloaded once the page has loaded and the browser is idle, so they never compete with the
   * page's own loading, and waking the widgets then rarely waits on the network.
   */
  function preloadLaterModules(): void {
    const list = (
      document.querySelector<HTMLScriptElement>('script[data-later-modules]')?.dataset
        .laterModules ?? ''
    )
      .split(' ')
      .filter(Boolean);
    // One per idle moment: each preload has the browser start a fetch and, later, compile a module.
    const next = () => {
      const href = list.shift();
      if (!href) return;
      const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href });
      link.setAttribute('fetchpriority', 'low');
      document.head.append(link);
      whenIdle(next, 2000);
    };
    next();
  }

  // The page is complete without its islands: let the browser paint it first.
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

  for (const element of document.querySelectorAll<HTMLElement>('[data-island="contact"]')) {
    void firstContactLoad(element, (firstLoad) => hydrate(element, { firstLoad }));
  }
  await nextTask();
  keepHashTargetInView();
  // Prefetching the next pages and preloading the widgets' chunks can wait for a quiet moment.
  if (prefetch) whenIdle(prefetch, 1000);
  const afterLoad = () => whenIdle(preloadLaterModules, 2000);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  await woken;
  await Promise.all(widgets.map((element) => hydrate(element)));
}
