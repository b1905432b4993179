/**
 * The few tree walks the lint rules share, over a page parsed with node-html-parser (parse-html.ts).
 * They use only what node-html-parser's nodes and the browser's DOM nodes have in common
 * (nodeType, tagName, childNodes, parentNode, textContent, attributes, classList), so the block
 * builder runs the same rules on a draft rendered into a DOM element.
 */
import type { HTMLElement, Node } from 'node-html-parser';

export type { HTMLElement } from 'node-html-parser';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** Elements whose text runs on into the text around them; every other element separates words. */
const INLINE = new Set([
  'A', 'ABBR', 'B', 'BDI', 'BDO', 'CITE', 'CODE', 'DATA', 'DEL', 'DFN', 'EM', 'I', 'INS', 'KBD', 'MARK', 'Q',
  'S', 'SAMP', 'SMALL', 'SPAN', 'STRONG', 'SUB', 'SUP', 'TIME', 'U', 'VAR',
]);

/** Never text a reader sees. */
const NOT_TEXT = new Set(['SCRIPT', 'STYLE', 'TEMPLATE']);

const isElement = (node: Node): node is HTMLElement => node.nodeType === ELEMENT_NODE;

/**
 * The text of an element as a reader sees it, whitespace collapsed: inline elements run together
 * ("col<em>our</em>" is one word), block elements are separated. `skip` leaves out whole elements.
 */
export function visibleText(element: HTMLElement, skip: (element: HTMLElement) => boolean = () => false): string {
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === TEXT_NODE) {
      parts.push(node.textContent);
      return;
    }
    if (!isElement(node) || NOT_TEXT.has(node.tagName) || skip(node)) return;
    const block = !INLINE.has(node.tagName);
    if (block) parts.push(' ');
    for (const child of node.childNodes) walk(child);
    if (block) parts.push(' ');
  };
  for (const child of element.childNodes) walk(child);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** Every element under `element` that matches, in document order; `skip` leaves out whole subtrees. */
export function findElements(
  element: HTMLElement,
  match: (element: HTMLElement) => boolean,
  skip: (element: HTMLElement) => boolean = () => false,
): HTMLElement[] {
  const found: HTMLElement[] = [];
  const walk = (node: HTMLElement) => {
    for (const child of node.childNodes) {
      if (!isElement(child) || skip(child)) continue;
      if (match(child)) found.push(child);
      walk(child);
    }
  };
  walk(element);
  return found;
}

export function firstElement(element: HTMLElement, match: (element: HTMLElement) => boolean): HTMLElement | null {
  for (const child of element.childNodes) {
    if (!isElement(child)) continue;
    if (match(child)) return child;
    const inner = firstElement(child, match);
    if (inner) return inner;
  }
  return null;
}

/** The nearest ancestor (not the element itself) that matches, or null. */
export function closestAncestor(element: HTMLElement, match: (element: HTMLElement) => boolean): HTMLElement | null {
  for (let node = element.parentNode; node; node = node.parentNode) {
    if (match(node)) return node;
  }
  return null;
}

export const hasClass = (element: HTMLElement, name: string) => element.classList.contains(name);
export const isTag = (...tags: string[]) => {
  const set = new Set(tags.map((tag) => tag.toUpperCase()));
  return (element: HTMLElement) => set.has(element.tagName);
};

/** Words of prose: runs of non-space that hold at least one letter or digit ("—" and "&" are not words). */
export function countWords(text: string): number {
  let count = 0;
  for (const token of text.split(/\s+/)) if (/[\p{L}\p{N}]/u.test(token)) count += 1;
  return count;
}
