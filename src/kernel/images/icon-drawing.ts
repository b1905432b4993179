/**
 * A service's icon, drawn inside the page rather than loaded as an image: a phone builds a
 * document of its own for every SVG image (parsing, layout and paint on the main thread, after
 * the first paint), and a page of service cards has up to a dozen of them. Only plain shapes are
 * drawn inline; anything that could fetch, run or reference something (scripts, links, <use>,
 * styles, gradients with ids, foreign content) is refused with the name of what was found.
 */
import { NodeType, parse, type HTMLElement } from 'node-html-parser';

/** The shapes an inline icon may hold, under its <svg>. */
const SHAPES = new Set(['g', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon']);
/** Text for people, dropped: the icon is decorative, the card's heading names the service. */
const DROPPED = new Set(['title', 'desc', 'metadata']);
/** Geometry and paint: attributes that can neither fetch nor run anything. */
const ATTRIBUTES = new Set([
  'd',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'width',
  'height',
  'points',
  'transform',
  'opacity',
  'fill',
  'fill-opacity',
  'fill-rule',
  'clip-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
]);
/** The root's own attributes that say nothing about the drawing (its size is the card's, its role is decorative). */
const ROOT_IGNORED = new Set([
  'xmlns',
  'xmlns:xlink',
  'width',
  'height',
  'role',
  'aria-labelledby',
  'aria-label',
  'aria-hidden',
  'id',
  'version',
  'focusable',
]);
const ROOT_KEPT = new Set([...ATTRIBUTES, 'viewBox']);
/** A shape's id only served references, which an inline icon may not make. */
const SHAPE_IGNORED = new Set(['id']);

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
  const own = attributesOf(root, ROOT_KEPT, ROOT_IGNORED);
  if ('unsupported' in own) return own;
  if (!own.attributes.viewBox) return { unsupported: 'no viewBox attribute on <svg>' };
  const children = shapesOf(root);
  return 'unsupported' in children
    ? children
    : { drawing: { name: 'svg', attributes: own.attributes, children: children.shapes } };
}

/** The element's attributes in `kept`, without those in `ignored`; any other is what cannot be drawn. */
function attributesOf(
  element: HTMLElement,
  kept: ReadonlySet<string>,
  ignored: ReadonlySet<string>,
): { attributes: Record<string, string> } | { unsupported: string } {
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(element.rawAttributes)) {
    if (ignored.has(name)) continue;
    if (!kept.has(name)) return { unsupported: `the attribute ${name} on <${element.rawTagName}>` };
    attributes[name] = value;
  }
  return { attributes };
}

function shapesOf(parent: HTMLElement): { shapes: IconDrawing[] } | { unsupported: string } {
  const shapes: IconDrawing[] = [];
  for (const child of parent.childNodes) {
    if (child.nodeType === NodeType.TEXT_NODE) {
      if (child.text.trim()) return { unsupported: `text directly in <${parent.rawTagName}>` };
      continue;
    }
    if (child.nodeType !== NodeType.ELEMENT_NODE) continue; // comments
    const element = child as HTMLElement;
    const name = element.rawTagName;
    if (DROPPED.has(name)) continue;
    if (!SHAPES.has(name)) return { unsupported: `<${name}>` };
    const own = attributesOf(element, ATTRIBUTES, SHAPE_IGNORED);
    if ('unsupported' in own) return own;
    const inner = shapesOf(element);
    if ('unsupported' in inner) return inner;
    shapes.push({ name, attributes: own.attributes, children: inner.shapes });
  }
  return { shapes };
}
