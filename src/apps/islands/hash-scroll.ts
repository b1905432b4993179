/**
 * Navigation scrolls to the top, or to the #hash target: a page opened with a #hash shows its target below the sticky header,
 * otherwise it opens at the top. CSS scroll-padding-top keeps the target clear of the header;
 * this sets it to the header's real height, then scrolls to the target again in the next frame,
 * now clear of the header, unless the visitor has scrolled since.
 */
export function keepHashTargetInView(): void {
  const header = document.querySelector<HTMLElement>('.site-header');
  const root = document.documentElement;
  // scroll-padding-top itself, not a custom property: it is not inherited, so only the root's
  // style is recomputed, not the whole document's.
  const setOffset = () => {
    const padding = `calc(${header ? header.offsetHeight : 0}px + 0.5rem)`;
    if (root.style.scrollPaddingTop !== padding) root.style.scrollPaddingTop = padding;
  };
  setOffset();
  if (header && 'ResizeObserver' in window) new ResizeObserver(setOffset).observe(header);

  const target = hashTarget(location.hash);
  if (!target) return;
  let scrolledByVisitor = false;
  const stop = () => (scrolledByVisitor = true);
  for (const type of ['wheel', 'touchstart', 'keydown'] as const)
    window.addEventListener(type, stop, { once: true, passive: true });
  requestAnimationFrame(() => {
    if (!scrolledByVisitor) target.scrollIntoView({ block: 'start' });
  });
}

function hashTarget(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // a malformed escape: look for the id as written
  }
  return document.getElementById(id);
}
