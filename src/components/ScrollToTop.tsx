import { useEffect, useState, type MouseEvent } from 'react';
import { scrollBehaviour } from './browser-hooks.ts';

/** Spec §9: the button shows once the page has scrolled more than this. */
export const SCROLL_TOP_THRESHOLD_PX = 300;

/**
 * Back to top (the "scroll-top" island). Rendered as a plain link to #top at the end of the page,
 * which is what it stays without JavaScript. Hydrated, it floats in the corner and shows only
 * past 300 px; it scrolls smoothly unless the visitor prefers reduced motion, then puts focus
 * at the top of the page for keyboard users.
 */
export function ScrollToTop() {
  const [mode, setMode] = useState<'inline' | 'hidden' | 'shown'>('inline');
  useEffect(() => {
    const update = () => setMode(window.scrollY > SCROLL_TOP_THRESHOLD_PX ? 'shown' : 'hidden');
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    window.scrollTo({ top: 0, behavior: scrollBehaviour() });
    // The first link of the page (the skip link) takes focus, as after following "#top".
    document.querySelector<HTMLElement>('.skip-link')?.focus({ preventScroll: true });
  };
  return (
    <a className={mode === 'inline' ? 'scroll-top' : 'scroll-top is-floating'} href="#top" hidden={mode === 'hidden'} onClick={onClick}>
      <span aria-hidden="true">↑</span> Back to top
    </a>
  );
}
