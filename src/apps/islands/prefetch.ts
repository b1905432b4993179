import { prefetch } from 'quicklink';

/** Never more than this many prefetches in flight. */
const PREFETCH_CONCURRENCY = 5;

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** The visitor asked to save data, or the connection is slow (2G): prefetch nothing. */
function prefetchAllowed(connection: NetworkInformationLike | undefined): boolean {
  return !connection || (!connection.saveData && !/2g/.test(connection.effectiveType ?? ''));
}

/** The page a link leads to, if it is worth prefetching: same origin, another page, HTML. */
function prefetchTarget(anchor: HTMLAnchorElement, here: Location): string | null {
  if (anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self')) return null;
  let url: URL;
  try {
    url = new URL(anchor.href, here.href);
  } catch {
    return null;
  }
  if (url.origin !== here.origin || !/^https?:$/.test(url.protocol)) return null;
  if (url.pathname === here.pathname && url.search === here.search) return null; // this page, maybe with a #hash
  if (/\.[a-z0-9]+$/i.test(url.pathname) && !url.pathname.endsWith('.html')) return null; // files, not pages
  url.hash = '';
  return url.href;
}

/**
 * Prefetches same-origin pages when their links come into view or are hovered or focused, so the
 * next page opens at once. quicklink fetches (as <link rel=prefetch>, low priority, skipping on
 * Save-Data and 2G); at most five are in flight, whichever way they were asked for, the others
 * waiting their turn in the order asked. The queue is these few lines rather than p-limit, which
 * weighed 0.7 KB gzipped on every page for the same thing (docs/decisions.md).
 */
export function startPrefetch(): void {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!prefetchAllowed(connection) || !('IntersectionObserver' in window)) return;
  const requested = new Set<string>();
  const waiting: string[] = [];
  let inFlight = 0;
  const next = () => {
    while (inFlight < PREFETCH_CONCURRENCY && waiting.length > 0) {
      inFlight += 1;
      // A failed prefetch only means no head start.
      void prefetch(waiting.shift()!)
        .catch(() => {})
        .finally(() => {
          inFlight -= 1;
          next();
        });
    }
  };
  const request = (anchor: HTMLAnchorElement) => {
    const url = prefetchTarget(anchor, location);
    if (!url || requested.has(url)) return;
    requested.add(url);
    waiting.push(url);
    next();
  };

  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      request(entry.target as HTMLAnchorElement);
    }
  });
  for (const anchor of document.querySelectorAll<HTMLAnchorElement>('a[href]'))
    observer.observe(anchor);
  const onIntent = (event: Event) => {
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (anchor instanceof HTMLAnchorElement) request(anchor);
  };
  document.addEventListener('pointerover', onIntent, { passive: true });
  document.addEventListener('focusin', onIntent);
}
