/**
 * Small hooks the islands share. Each renders the same on the server and in the first browser
 * render (so hydration matches), and only then reads the browser.
 */
import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react';

/** Whether a media query matches; false on the server and while hydrating. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Calls `onOutside` for a pointer press outside `ref`'s element, while `active`. */
export function useOutsidePointerDown(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  onOutside: () => void,
): void {
  useEffect(() => {
    if (!active) return undefined;
    const listener = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) onOutside();
    };
    document.addEventListener('pointerdown', listener);
    return () => document.removeEventListener('pointerdown', listener);
  }, [ref, active, onOutside]);
}

/**
 * Whether a popover is showing. The browser opens and closes it (its invoker button, light
 * dismiss, Escape); this follows its toggle events so the island can react.
 */
export function usePopoverOpen(ref: RefObject<HTMLElement | null>): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const listener = (event: Event) => setOpen((event as ToggleEvent).newState === 'open');
    element.addEventListener('toggle', listener);
    return () => element.removeEventListener('toggle', listener);
  }, [ref]);
  return open;
}

/**
 * For a popover's click handler: a click on a link inside it hides it, so a page restored from
 * the back/forward cache does not come back with it open. True when it was a link.
 */
export function hidePopoverOnLink(
  target: EventTarget | null,
  popover: HTMLElement | null,
): boolean {
  if (!(target instanceof Element) || target.closest('a[href]') === null) return false;
  if (popover?.matches(':popover-open')) popover.hidePopover();
  return true;
}

/** Scroll behaviour that respects the visitor's reduced-motion setting. */
export function scrollBehaviour(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}
