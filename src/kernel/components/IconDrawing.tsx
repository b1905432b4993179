import { createElement, type ReactElement } from 'react';
import type { IconDrawing as Drawing } from '../images/icon-drawing.ts';

/** React's names for SVG attributes: stroke-width is strokeWidth. */
const propsOf = (attributes: Drawing['attributes']) =>
  Object.fromEntries(
    Object.entries(attributes).map(([name, value]) => [
      name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()),
      value,
    ]),
  );

const shape = (drawing: Drawing, key: number): ReactElement =>
  createElement(
    drawing.name,
    { ...propsOf(drawing.attributes), key },
    ...drawing.children.map(shape),
  );

/** A decorative icon drawn in the page (src/kernel/images/icon-drawing.ts), at the card's size. */
export function IconDrawing({
  drawing,
  className,
  size,
}: {
  drawing: Drawing;
  className: string;
  size: number;
}) {
  return createElement(
    'svg',
    { ...propsOf(drawing.attributes), className, width: size, height: size, 'aria-hidden': true },
    ...drawing.children.map(shape),
  );
}
