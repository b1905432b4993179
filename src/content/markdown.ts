import type { Root as HastRoot, Element } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import { toString as hastToString } from 'hast-util-to-string';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

/** Markdown rendered once, with what the cross-checks need from it. */
export interface RenderedMarkdown {
  html: string;
  /** The text without markup, whitespace collapsed: for structured data. */
  text: string;
  /** Every link and image target, with its 1-based line within the Markdown. */
  links: { url: string; line: number }[];
  /** Element ids in the output (heading slugs), for #fragment checks. */
  ids: string[];
  /** Levels of the headings, in order. */
  headingLevels: { depth: number; line: number }[];
  /** Words of prose, for the length rules. */
  wordCount: number;
}

// Created once per process (per worker later): building a unified pipeline is not free.
const processor = unified().use(remarkParse).use(remarkRehype).use(rehypeSlug).use(rehypeStringify);

export function renderMarkdown(markdown: string): RenderedMarkdown {
  const mdast = processor.parse(markdown) as MdastRoot;
  const links: RenderedMarkdown['links'] = [];
  const headingLevels: RenderedMarkdown['headingLevels'] = [];
  let wordCount = 0;
  visit(mdast, (node) => {
    const line = node.position?.start.line ?? 1;
    if (node.type === 'link' || node.type === 'definition' || node.type === 'image') links.push({ url: node.url, line });
    if (node.type === 'heading') headingLevels.push({ depth: node.depth, line });
    if (node.type === 'text') wordCount += node.value.split(/\s+/).filter(Boolean).length;
  });
  const hast = processor.runSync(mdast) as HastRoot;
  const ids: string[] = [];
  visit(hast, 'element', (node: Element) => {
    if (typeof node.properties.id === 'string') ids.push(node.properties.id);
  });
  const text = hastToString(hast).replace(/\s+/g, ' ').trim();
  return { html: processor.stringify(hast), text, links, ids, headingLevels, wordCount };
}
