/**
 * The few tree walks the lint rules share, over a page parsed with node-html-parser (parse-html.ts).
 * They use only what node-html-parser's nodes and the browser's DOM nodes have in common
 * (nodeType, tagName, childNodes, parentNode, textContent, attributes, classList), so the block
 * builder runs the same rules on a draft rendered into a DOM element.
 */

/** What the rules read of a page's tree: what node-html-parser's nodes and the browser's DOM nodes both have. */
export interface LintNode {
  readonly nodeType: number;
  readonly textContent: string | null;
  readonly childNodes: Iterable<LintNode>;
  readonly parentNode: LintNode | null;
}

export interface LintElement extends LintNode {
  /** Upper case, in both. */
  readonly tagName: string;
  readonly classList: { contains(token: string): boolean };
  getAttribute(name: string): string | null | undefined;
  hasAttribute(name: string): boolean;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** Elements whose text runs on into the text around them; every other element separates words. */
const INLINE = new Set([
  'A',
  'ABBR',
  'B',
  'BDI',
  'BDO',
  'CITE',
  'CODE',
  'DATA',
  'DEL',
  'DFN',
  'EM',
  'I',
  'INS',
  'KBD',
  'MARK',
  'Q',
  'S',
  'SAMP',
  'SMALL',
  'SPAN',
  'STRONG',
  'SUB',
  'SUP',
  'TIME',
  'U',
  'VAR',
]);

/** Never text a reader sees. */
const NOT_TEXT = new Set(['SCRIPT', 'STYLE', 'TEMPLATE']);

const isElement = (node: LintNode): node is LintElement => node.nodeType === ELEMENT_NODE;

/**
 * The text of an element as a reader sees it, whitespace collapsed: inline elements run together
 * ("col<em>our</em>" is one word), block elements are separated. `skip` leaves out whole elements.
 */
export function visibleText(
  element: LintElement,
  skip: (element: LintElement) => boolean = () => false,
): string {
  const parts: string[] = [];
  const walk = (node: LintNode) => {
    if (node.nodeType === TEXT_NODE) {
      parts.push(node.textContent ?? '');
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
  element: LintElement,
  match: (element: LintElement) => boolean,
  skip: (element: LintElement) => boolean = () => false,
): LintElement[] {
  const found: LintElement[] = [];
  const walk = (node: LintElement) => {
    for (const child of node.childNodes) {
      if (!isElement(child) || skip(child)) continue;
      if (match(child)) found.push(child);
      walk(child);
    }
  };
  walk(element);
  return found;
}

export function firstElement(
  element: LintElement,
  match: (element: LintElement) => boolean,
): LintElement | null {
  for (const child of element.childNodes) {
    if (!isElement(child)) continue;
    if (match(child)) return child;
    const inner = firstElement(child, match);
    if (inner) return inner;
  }
  return null;
}

/** The nearest ancestor (not the element itself) that matches, or null. */
export function closestAncestor(
  element: LintElement,
  match: (element: LintElement) => boolean,
): LintElement | null {
  for (let node = element.parentNode; node; node = node.parentNode) {
    if (isElement(node) && match(node)) return node;
  }
  return null;
}

export const hasClass = (element: LintElement, name: string) => element.classList.contains(name);
export const isTag = (...tags: string[]) => {
  const set = new Set(tags.map((tag) => tag.toUpperCase()));
  return (element: LintElement) => set.has(element.tagName);
};

/** Words of prose: runs of non-space that hold at least one letter or digit ("—" and "&" are not words). */
export function countWords(text: string): number {
  let count = 0;
  for (const token of text.split(/\s+/)) if (/[\p{L}\p{N}]/u.test(token)) count += 1;
  return count;
}
