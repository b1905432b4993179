import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** What each island entry exports: boot imports it and calls mount on the island's element. */
export interface IslandModule {
  mount(element: HTMLElement): void;
}

/** Hydrates the element the build's <Island> rendered, with the same component and its props. */
export function hydrateWith<P extends object>(component: ComponentType<P>): IslandModule['mount'] {
  return (element) => {
    const props = JSON.parse(element.dataset.props ?? '{}') as P;
    hydrateRoot(element, createElement(component, props));
  };
}
