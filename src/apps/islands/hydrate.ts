import { createElement, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** What each island entry exports: boot imports it and calls mount on the island's element. */
export interface IslandModule {
  /** `extra`: props only the browser has (the contact section's first load), beside data-props. */
  mount: (element: HTMLElement, extra?: object) => void;
}

/**
 * Marks the island's element data-hydrated once React has attached to it (effects run after the
 * hydration commit): for tests, and for anyone debugging which widgets are live. Renders no markup.
 */
function Hydrated({ element, children }: { element: HTMLElement; children?: ReactNode }) {
  useEffect(() => {
    element.setAttribute('data-hydrated', '');
  }, [element]);
  return children;
}

/** Hydrates the element the build's <Island> rendered, with the same component and its props. */
export function hydrateWith<P extends object>(
  component: ComponentType<P>,
): (element: HTMLElement, extra?: Partial<P>) => void {
  return (element, extra) => {
    const props = { ...(JSON.parse(element.dataset.props ?? '{}') as P), ...extra };
    hydrateRoot(element, createElement(Hydrated, { element }, createElement(component, props)));
  };
}
