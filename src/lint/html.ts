/**
 * The rendered HTML as the lint reads it: parsed once per page with node-html-parser
 * (fast, and enough DOM for these checks), with the few tree walks the rules share.
 */
import { NodeType, parse, type HTMLElement, type Node } from 'node-html-parser';

export type { HTMLElement } from 'node-html-parser';

export interface ParsedDocument {
  root: HTMLElement;
  /** The <body>, or the whole document when it has none. */
  body: HTMLElement;
  /** The page's <main>, or null when it has none. */
  main: HTMLElement | null;
}

/** script and style keep their text unparsed; noscript and pre are read as HTML like the rest. */
const PARSE_OPTIONS = { blockTextElements: { script: true, style: true } };

/**
 * Parses a page's <body>: the rules read what a visitor sees. The <head> (meta tags, JSON-LD) is
 * skipped, which halves the work; title and description are read from the content.
 */
export function parseDocument(html: string): ParsedDocument {
  const start = html.search(/<body[\s>]/i);
  const root = parse(start === -1 ? html : html.slice(start), PARSE_OPTIONS);
  const body = firstElement(root, (element) => element.tagName === 'BODY') ?? root;
  return { root, body, main: firstElement(body, (element) => element.tagName === 'MAIN') };
}

/** Elements whose text runs on into the text around them; every other element separates words. */
const INLINE = new Set([
  'A', 'ABBR', 'B', 'BDI', 'BDO', 'CITE', 'CODE', 'DATA', 'DEL', 'DFN', 'EM', 'I', 'INS', 'KBD', 'MARK', 'Q',
  'S', 'SAMP', 'SMALL', 'SPAN', 'STRONG', 'SUB', 'SUP', 'TIME', 'U', 'VAR',
]);

/** Never text a reader sees. */
const NOT_TEXT = new Set(['SCRIPT', 'STYLE', 'TEMPLATE']);

const isElement = (node: Node): node is HTMLElement => node.nodeType === NodeType.ELEMENT_NODE;

/**
 * The text of an element as a reader sees it, whitespace collapsed: inline elements run together
 * ("col<em>our</em>" is one word), block elements are separated. `skip` leaves out whole elements.
 */
export function visibleText(element: HTMLElement, skip: (element: HTMLElement) => boolean = () => false): string {
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === NodeType.TEXT_NODE) {
      parts.push(node.text);
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
