/**
 * A service's icon, drawn inside the page rather than loaded as an image: a phone builds a
 * document of its own for every SVG image (parsing, layout and paint on the main thread, after
 * the first paint), and a page of service cards has up to a dozen of them. Only plain shapes are
 * drawn inline; anything that could fetch, run or reference something (scripts, links, <use>,
 * styles, gradients with ids, foreign content) is refused with the name of what was found.
 */
import { parse, type HTMLElement } from 'node-html-parser';

/** The shapes an inline icon may hold, under its <svg>. */
const SHAPES = new Set(['g', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon']);
/** Text for people, dropped: the icon is decorative, the card's heading names the service. */
const DROPPED = new Set(['title', 'desc', 'metadata']);
/** Geometry and paint: attributes that can neither fetch nor run anything. */
const ATTRIBUTES = new Set([
  'd', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'width', 'height', 'points', 'transform', 'opacity',
  'fill', 'fill-opacity', 'fill-rule', 'clip-rule',
  'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset',
]);
/** The root's own attributes that say nothing about the drawing (its size is the card's, its role is decorative). */
const ROOT_IGNORED = new Set(['xmlns', 'xmlns:xlink', 'width', 'height', 'role', 'aria-labelledby', 'aria-label', 'aria-hidden', 'id', 'version', 'focusable']);

/** One element of the drawing; `attributes` by their SVG names (stroke-width), values as written. */
export interface IconDrawing {
  name: string;
  attributes: Readonly<Record<string, string>>;
  children: readonly IconDrawing[];
}

/** The drawing of an icon file's text, or what in it cannot be drawn inline ("<use>", "the attribute href"). */
export function iconDrawingOf(svg: string): { drawing: IconDrawing } | { unsupported: string } {
  const root = parse(svg).querySelector('svg');
  if (!root) return { unsupported: 'no <svg> element' };
  const viewBox = root.getAttribute('viewBox');
  if (!viewBox) return { unsupported: 'no viewBox attribute on <svg>' };
  for (const name of Object.keys(root.rawAttributes)) {
    if (name !== 'viewBox' && !ROOT_IGNORED.has(name) && !ATTRIBUTES.has(name)) return { unsupported: `the attribute ${name} on <svg>` };
  }
  const attributes = Object.fromEntries(Object.entries(root.rawAttributes).filter(([name]) => name === 'viewBox' || (!ROOT_IGNORED.has(name) && ATTRIBUTES.has(name))));
  const children = shapesOf(root);
  return 'unsupported' in children ? children : { drawing: { name: 'svg', attributes, children: children.shapes } };
}

function shapesOf(parent: HTMLElement): { shapes: IconDrawing[] } | { unsupported: string } {
  const shapes: IconDrawing[] = [];
  for (const child of parent.childNodes) {
    if (child.nodeType === 3) {
      if (child.text.trim()) return { unsupported: `text directly in <${parent.rawTagName}>` };
      continue;
    }
    if (child.nodeType !== 1) continue; // comments
    const element = child as HTMLElement;
    const name = element.rawTagName;
    if (DROPPED.has(name)) continue;
    if (!SHAPES.has(name)) return { unsupported: `<${name}>` };
    for (const attribute of Object.keys(element.rawAttributes)) {
      if (attribute !== 'id' && !ATTRIBUTES.has(attribute)) return { unsupported: `the attribute ${attribute} on <${name}>` };
    }
    const inner = shapesOf(element);
    if ('unsupported' in inner) return inner;
    shapes.push({ name, attributes: Object.fromEntries(Object.entries(element.rawAttributes).filter(([attribute]) => attribute !== 'id')), children: inner.shapes });
  }
  return { shapes };
}
