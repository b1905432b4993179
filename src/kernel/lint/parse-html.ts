/** The rendered HTML as the lint reads it: parsed once per page with node-html-parser (fast, and enough DOM for these checks). */
import { parse } from 'node-html-parser';
import { firstElement, type LintElement } from './html.ts';

export interface ParsedDocument {
  root: LintElement;
  /** The <body>, or the whole document when it has none. */
  body: LintElement;
  /** The page's <main>, or null when it has none. */
  main: LintElement | null;
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
