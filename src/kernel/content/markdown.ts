import type { Nodes as HastNode } from 'hast';
import type { Nodes as MdastNode, Root as MdastRoot } from 'mdast';
import GithubSlugger from 'github-slugger';
import { headingRank } from 'hast-util-heading-rank';
import { toString as hastToString } from 'hast-util-to-string';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { rehypePicture } from '../images/rehype-picture.ts';
import type { ImageMap } from '../images/responsive-image.ts';

/** An image in Markdown: `![alt](url)` or `![alt][reference]`. */
export interface MarkdownImage {
  url: string;
  alt: string;
  /** 1-based line within the Markdown. */
  line: number;
}

/** Markdown rendered once, with what the cross-checks need from it. */
export interface RenderedMarkdown {
  html: string;
  /** The text without markup, whitespace collapsed: for structured data. */
  text: string;
  /** Every link target, with its 1-based line within the Markdown. Image targets are in `images`. */
  links: { url: string; line: number }[];
  /** Every image, with its alt text: the image stage checks and processes them. */
  images: MarkdownImage[];
  /** Element ids in the output (heading slugs), for #fragment checks. */
  ids: string[];
  /** Levels of the headings, in order. */
  headingLevels: { depth: number; line: number }[];
  /** HTML written in the Markdown, which the page leaves out: one per line it starts on, on one line, without HTML comments. */
  rawHtml: { html: string; line: number }[];
}

/**
 * The first, quick pass over Markdown: parsed, not yet rendered. It finds the images, so that
 * they can be processed before the Markdown is rendered with their responsive variants.
 */
export interface ParsedMarkdown extends Omit<RenderedMarkdown, 'html' | 'text' | 'ids'> {
  tree: MdastRoot;
}

// Created once per thread: building a unified pipeline is not free.
// The image map of a build reaches rehype-picture through each run's file data.
const processor = unified()
  .use(remarkParse)
  .use(remarkRehype)
  .use(rehypePicture)
  .use(rehypeStringify);
const slugs = new GithubSlugger();

export function parseMarkdown(markdown: string): ParsedMarkdown {
  const tree = processor.parse(markdown);
  const links: ParsedMarkdown['links'] = [];
  const images: MarkdownImage[] = [];
  const headingLevels: ParsedMarkdown['headingLevels'] = [];
  const definitions = new Map<string, { url: string; line: number }>();
  const imageReferences: { identifier: string; alt: string; line: number }[] = [];
  const linkReferences = new Set<string>();
  const rawHtml: ParsedMarkdown['rawHtml'] = [];
  walk<MdastNode>(tree, (node) => {
    const line = node.position?.start.line ?? 1;
    if (node.type === 'link') links.push({ url: node.url, line });
    if (node.type === 'definition') definitions.set(node.identifier, { url: node.url, line });
    if (node.type === 'linkReference') linkReferences.add(node.identifier);
    if (node.type === 'image') images.push({ url: node.url, alt: node.alt ?? '', line });
    if (node.type === 'imageReference')
      imageReferences.push({ identifier: node.identifier, alt: node.alt ?? '', line });
    if (node.type === 'heading') headingLevels.push({ depth: node.depth, line });
    if (node.type === 'html') {
      const html = withoutComments(node.value);
      const last = rawHtml[rawHtml.length - 1];
      if (html && last?.line === line) last.html += ` … ${html}`;
      else if (html) rawHtml.push({ html, line });
    }
  });
  for (const reference of imageReferences) {
    const definition = definitions.get(reference.identifier);
    if (definition) images.push({ url: definition.url, alt: reference.alt, line: reference.line });
  }
  // A definition only images use is an image target, not a link.
  const imageOnly = new Set(
    imageReferences
      .map((reference) => reference.identifier)
      .filter((id) => !linkReferences.has(id)),
  );
  for (const [identifier, definition] of definitions)
    if (!imageOnly.has(identifier)) links.push(definition);
  links.sort((a, b) => a.line - b.line);
  return { tree, links, images, headingLevels, rawHtml };
}

/**
 * Calls `fn` on every node of a tree, in document order. unist-util-visit does this too, but makes a
 * closure and a list of ancestors for every node: these trees are walked for every file of a build.
 */
function walk<N extends MdastNode | HastNode>(node: N, fn: (node: N) => void): void {
  fn(node);
  if ('children' in node) for (const child of node.children as N[]) walk(child, fn);
}

// An HTML comment is the author's note, meant for editors and never for the page: leaving it out
// is what its writer expects. An unclosed one runs to the end of its HTML, as the parser reads it.
const withoutComments = (html: string) =>
  html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Renders Markdown to HTML. Raster images found in `images` become <picture> elements with
 * their AVIF and WebP variants; any other image stays a plain <img>.
 */
export function renderMarkdown(
  markdown: string | ParsedMarkdown,
  images?: ImageMap,
): RenderedMarkdown {
  const parsed = typeof markdown === 'string' ? parseMarkdown(markdown) : markdown;
  const { tree, ...facts } = parsed;
  const hast = processor.runSync(tree, { data: { images } });
  // Headings get their ids here, as rehype-slug gives them (github-slugger on the heading's text,
  // in document order), in the walk that collects the ids rather than in a pass of their own.
  slugs.reset();
  const ids: string[] = [];
  walk<HastNode>(hast, (node) => {
    if (node.type !== 'element') return;
    if (headingRank(node) && !node.properties.id)
      node.properties.id = slugs.slug(hastToString(node));
    if (typeof node.properties.id === 'string') ids.push(node.properties.id);
  });
  const text = hastToString(hast).replace(/\s+/g, ' ').trim();
  return { html: processor.stringify(hast), text, ids, ...facts };
}
