/**
 * The content files' source text, to point a problem found in rendered HTML at the line an
 * editor must change. Rendered text does not say where it came from, so the lint searches for it:
 * in the page's own file first, then in every other content file (a service summary on a card,
 * a navigation label, an FAQ answer).
 */
import type { LoadedContent } from '../content/collections.ts';

export interface SourceLocation {
  file: string;
  line: number;
}

class SourceFile {
  #prose: string | undefined;
  #lineStarts: number[] | undefined;

  /** The text as written. */
  constructor(readonly raw: string) {}

  /**
   * The same text, same length and lines, with what never shows as text blanked out:
   * YAML comments and keys, link targets, URLs and root-relative paths. Made on first use:
   * when the content is clean, no file is searched.
   */
  get prose(): string {
    return (this.#prose ??= proseOnly(this.raw));
  }

  /** Offset of the start of each line. */
  get lineStarts(): number[] {
    return (this.#lineStarts ??= lineStarts(this.raw));
  }
}

export class SourceFiles {
  readonly #names: readonly string[];
  readonly #read: (file: string) => string | undefined;
  readonly #files = new Map<string, SourceFile | null>();

  /**
   * `names`: every content file, as problems name them; `read` gives a file's text (undefined when
   * it cannot be read). Files are read on first use: when the content is clean, none is.
   */
  constructor(names: readonly string[], read: (file: string) => string | undefined) {
    this.#names = names;
    this.#read = read;
  }

  /** Source text held in memory, by file name. */
  static fromTexts(texts: ReadonlyMap<string, string>): SourceFiles {
    return new SourceFiles([...texts.keys()], (file) => texts.get(file));
  }

  #file(file: string): SourceFile | undefined {
    if (!this.#files.has(file)) {
      const raw = this.#read(file);
      this.#files.set(file, raw === undefined ? null : new SourceFile(raw));
    }
    return this.#files.get(file) ?? undefined;
  }

  text(file: string): string | undefined {
    return this.#file(file)?.raw;
  }

  /**
   * The lines of one file where `pattern` matches (one entry per line). By default only the text an
   * editor writes is searched; `raw` searches everything, link targets included.
   */
  linesOf(file: string, pattern: RegExp, options: { raw?: boolean } = {}): number[] {
    const source = this.#file(file);
    if (!source) return [];
    const flags = pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`;
    const global = new RegExp(pattern.source, flags);
    const lines = new Set<number>();
    for (const match of (options.raw ? source.raw : source.prose).matchAll(global)) {
      lines.add(lineAt(source.lineStarts, match.index));
    }
    return [...lines].sort((a, b) => a - b);
  }

  /**
   * Where rendered text came from: every matching line of the first preferred file that has one;
   * else every matching line of every other content file; else nothing.
   */
  locate(
    pattern: RegExp,
    preferred: readonly string[],
    options: { raw?: boolean } = {},
  ): SourceLocation[] {
    for (const file of preferred) {
      const lines = this.linesOf(file, pattern, options);
      if (lines.length > 0) return lines.map((line) => ({ file, line }));
    }
    const others: SourceLocation[] = [];
    for (const file of this.#names) {
      if (preferred.includes(file)) continue;
      for (const line of this.linesOf(file, pattern, options)) others.push({ file, line });
    }
    return others;
  }
}

/** Every content file that loaded, as problems name them. */
export function contentFiles(content: LoadedContent): string[] {
  const {
    services,
    areas,
    faqs,
    pages,
    errorPages,
    contacts,
    profile,
    navigation,
    contactRouting,
  } = content;
  return [
    ...services,
    ...areas,
    ...faqs,
    ...pages,
    ...errorPages,
    ...contacts,
    profile,
    navigation,
    contactRouting,
  ].map((entry) => entry.file);
}

/**
 * A regular expression that finds rendered text in a source file: the words in order, with anything
 * that is not a letter or digit between them (Markdown emphasis, line breaks, quotes, link brackets).
 */
export function textPattern(
  text: string,
  options: { markdownHeading?: boolean } = {},
): RegExp | undefined {
  const words = text.match(/[\p{L}\p{N}]+/gu);
  if (!words) return undefined;
  const body = words.map(escapeRegExp).join('[^\\p{L}\\p{N}]+');
  const start = options.markdownHeading
    ? '^[ \\t]{0,3}#{1,6}[ \\t]+[^\\p{L}\\p{N}\\n]*'
    : '(?<![\\p{L}\\p{N}])';
  return new RegExp(`${start}${body}(?![\\p{L}\\p{N}])`, options.markdownHeading ? 'imu' : 'iu');
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1))
    starts.push(index + 1);
  return starts;
}

/** 1-based line of an offset. */
function lineAt(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

/** Blanks (with spaces, keeping every line break) what a reader never sees as text. */
function proseOnly(source: string): string {
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  const lines = source.split('\n');
  let inFrontMatter = lines[0]?.trim() === '---';
  const out = lines.map((line, index) => {
    if (index > 0 && inFrontMatter && line.trim() === '---') {
      inFrontMatter = false;
      return line;
    }
    if (!inFrontMatter || index === 0) return line;
    // YAML: a comment line, a trailing comment, and the key of a "key: value" line.
    if (/^\s*#/.test(line)) return blank(line);
    return line
      .replace(/\s#\s.*$/, (comment) => blank(comment))
      .replace(
        /^(\s*(?:-\s+)?)([\w-]+)(:)(?=\s|$)/,
        (_, lead: string, key: string, colon: string) => lead + blank(key + colon),
      );
  });
  return out
    .join('\n')
    .replace(/\]\([^)\n]*\)/g, (target) => `]${blank(target.slice(1))}`)
    .replace(/\b(?:https?|mailto|tel):[^\s)>\]"']+/g, blank)
    .replace(
      /(^|[\s("'[:])(\/[\w./#-]*)/g,
      (_, lead: string, route: string) => lead + blank(route),
    );
}
