import { useEffect, useState, type MouseEvent } from 'react';
import { scrollBehaviour } from './browser-hooks.ts';

/** The button shows once the page has scrolled more than 300 pixels. */
const SCROLL_TOP_THRESHOLD_PX = 300;

/**
 * Back to top (the "scroll-top" island). Without JavaScript it is a plain link to #top at the end
 * of the page. Where scripts run, CSS (`@media (scripting: enabled)`) floats it in the corner,
 * hidden, from the first paint, so hydrating it moves nothing; the island shows it past 300 px.
 * It scrolls smoothly unless the visitor prefers reduced motion, then puts focus at the top of
 * the page for keyboard users.
 */
export function ScrollToTop() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const update = () => setShown(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
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
    <a className={shown ? 'scroll-top is-shown' : 'scroll-top'} href="#top" onClick={onClick}>
      <span aria-hidden="true">↑</span> Back to top
    </a>
  );
}
