// The project's documentation read as GitHub reads it, for the docs tests: README.md,
// CONTRIBUTING.md and docs/*.md parsed with remark (so nothing inside a code block counts), each
// heading with the anchor GitHub gives it (github-slugger, duplicates numbered as GitHub numbers
// them), each link and image, and each code span that names a path in the repository.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import GithubSlugger from 'github-slugger';
import type { Nodes, Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

export const PROJECT_ROOT = path.resolve(fileURLToPath(new URL('../../', import.meta.url)));

/** The documentation, relative to the project root: the front page, the editors' guide, then docs/ by name. */
export function documentationFiles(): string[] {
  const docs = readdirSync(path.join(PROJECT_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', 'CONTRIBUTING.md', ...docs];
}

export interface MarkdownHeading {
  /** As written after the #s, `code` and all. */
  source: string;
  depth: number;
  /** The anchor GitHub gives it. */
  slug: string;
  line: number;
}

export interface MarkdownReference {
  /** A link's or image's address, or a code span's text. */
  value: string;
  line: number;
}

export interface MarkdownFile {
  /** Relative to the project root. */
  file: string;
  text: string;
  headings: MarkdownHeading[];
  links: MarkdownReference[];
  codeSpans: MarkdownReference[];
}

/** The text GitHub makes a heading's anchor from: what the heading shows, without its markup. */
function plainText(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  return 'children' in node ? node.children.map((child) => plainText(child as Nodes)).join('') : '';
}

export function readMarkdown(file: string): MarkdownFile {
  const text = readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
  const tree = unified().use(remarkParse).parse(text) as Root;
  const slugger = new GithubSlugger();
  const result: MarkdownFile = { file, text, headings: [], links: [], codeSpans: [] };
  visit(tree, (node) => {
    const line = node.position?.start.line ?? 0;
    if (node.type === 'heading') {
      const written = text.slice(node.position!.start.offset, node.position!.end.offset);
      const source = written
        .replace(/^#+\s*/, '')
        .replace(/\s+#+\s*$/, '')
        .trim();
      result.headings.push({
        source,
        depth: node.depth,
        slug: slugger.slug(plainText(node)),
        line,
      });
    } else if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      result.links.push({ value: node.url, line });
    } else if (node.type === 'inlineCode') {
      result.codeSpans.push({ value: node.value.trim(), line });
    }
  });
  return result;
}

/** An address that leaves the repository: a scheme (https:, mailto:, tel:) or a host (//). */
export const isExternal = (address: string): boolean =>
  /^[a-z][a-z\d+.-]*:/i.test(address) || address.startsWith('//');

/**
 * Where a relative link points: the file (relative to the project root; the linking file itself
 * for `#anchor` alone) and the anchor, if any. A leading / is the repository's root, as on GitHub.
 */
export function linkTarget(fromFile: string, address: string): { file: string; anchor?: string } {
  const hash = address.indexOf('#');
  const pathPart = decodeURIComponent(hash === -1 ? address : address.slice(0, hash));
  const anchor = hash === -1 ? undefined : decodeURIComponent(address.slice(hash + 1));
  const file =
    pathPart === ''
      ? fromFile
      : pathPart.startsWith('/')
        ? pathPart.slice(1)
        : path.posix.join(path.posix.dirname(fromFile), pathPart);
  return anchor === undefined
    ? { file: path.posix.normalize(file) }
    : { file: path.posix.normalize(file), anchor };
}

/** The folders whose paths the docs name in code spans, and which must therefore exist. */
export const CHECKED_FOLDERS = [
  'src/',
  'tests/',
  'scripts/',
  'docs/',
  'bench/',
  'netlify/',
  'content/',
  'public/',
] as const;

/** A code span that names a path in one of the checked folders (a command such as `npx tsx bench/x.ts` does not start with one). */
export const isCheckedPath = (span: string): boolean =>
  CHECKED_FOLDERS.some((folder) => span.startsWith(folder));

const PLACEHOLDER = /<[^>]*>|\*/;
const PLACEHOLDERS = new RegExp(PLACEHOLDER.source, 'g');
const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a path named in the docs exists. The rule for names that stand for others:
 * - `*` or a `<placeholder>` (`<slug>`, `<name>`, `<pages|services|areas>`) stands for any part of
 *   one name, and at least one existing file or folder must match: `content/services/<slug>.md`
 *   holds while content/services/ has a Markdown file;
 * - `…` stands for the rest of the path: the folder before it must exist;
 * - a trailing / names a folder, which must be one.
 */
export function pathExists(span: string, root = PROJECT_ROOT): boolean {
  const wantsFolder = span.endsWith('/');
  const segments = span.split('/').filter((segment) => segment !== '');
  const walk = (dir: string, rest: string[]): boolean => {
    if (rest.length === 0) return existsSync(dir) && (!wantsFolder || statSync(dir).isDirectory());
    const [segment, ...after] = rest as [string, ...string[]];
    if (segment.includes('…')) return existsSync(dir) && statSync(dir).isDirectory();
    if (!PLACEHOLDER.test(segment)) return walk(path.join(dir, segment), after);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) return false;
    const pattern = new RegExp(`^${segment.split(PLACEHOLDERS).map(escapeRegExp).join('.+')}$`);
    return readdirSync(dir).some((name) => pattern.test(name) && walk(path.join(dir, name), after));
  };
  return walk(root, segments);
}
