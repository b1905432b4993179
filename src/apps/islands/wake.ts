/**
 * When the widgets' React should start. Evaluating React and hydrating costs a slow phone a few
 * hundred milliseconds of main thread, so it is not spent while the page loads: until the visitor
 * first moves a pointer, touches, types, focuses or scrolls, the page works as plain HTML (the
 * dropdowns are <details>, the menu and sidebar panel are popovers, the links are links). The
 * first sign of a visitor wakes every island at once, which takes well under the time a pointer
 * needs to travel to a menu.
 */
const VISITOR_EVENTS = [
  'pointermove',
  'pointerdown',
  'touchstart',
  'keydown',
  'focusin',
  'scroll',
  'wheel',
] as const;

export function whenVisitorActs(islands: readonly HTMLElement[]): Promise<void> {
  return new Promise((resolve) => {
    const wake = () => {
      for (const type of VISITOR_EVENTS) window.removeEventListener(type, wake, true);
      for (const island of islands) island.removeEventListener('error', wake, true);
      resolve();
    };
    // Already acting: the page opened scrolled (a #hash, or back to a scrolled page) or focused
    // in a widget; or an image in a widget failed (the header's logo is retried once by its island).
    if (
      window.scrollY > 0 ||
      islands.some((island) => island.contains(document.activeElement) || hasBrokenImage(island))
    )
      return resolve();
    for (const type of VISITOR_EVENTS)
      window.addEventListener(type, wake, { capture: true, passive: true });
    for (const island of islands) island.addEventListener('error', wake, true);
  });
}

const hasBrokenImage = (island: HTMLElement) =>
  [...island.querySelectorAll('img')].some((img) => img.complete && img.naturalWidth === 0);
