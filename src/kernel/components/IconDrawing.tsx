import { createElement, type ReactElement } from 'react';
import type { IconDrawing as Drawing } from '../images/icon-drawing.ts';

/** React's names for SVG attributes: stroke-width is strokeWidth. */
const reactName = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

function shape(drawing: Drawing, key?: number): ReactElement {
  const props: Record<string, unknown> = { key };
  for (const [name, value] of Object.entries(drawing.attributes)) props[reactName(name)] = value;
  return createElement(drawing.name, props, ...drawing.children.map((child, i) => shape(child, i)));
}

/** A decorative icon drawn in the page (src/kernel/images/icon-drawing.ts), at the card's size. */
export function IconDrawing({ drawing, className, size }: { drawing: Drawing; className: string; size: number }) {
  return createElement(
    'svg',
    { ...Object.fromEntries(Object.entries(drawing.attributes).map(([name, value]) => [reactName(name), value])), className, width: size, height: size, 'aria-hidden': true },
    ...drawing.children.map((child, i) => shape(child, i)),
  );
}
