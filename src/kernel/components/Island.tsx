import type { ComponentType } from 'react';
import type { IslandName } from '../wire/screens.ts';

/**
 * Marks a widget for hydration: the browser's src/apps/islands/<name>.ts hydrates this element's
 * children with the same component and the same props, read back from data-props.
 * `display: contents` keeps the wrapper out of the layout.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
}) {
  return (
    <div className="island" data-island={name} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
