import type { RenderedMarkdown } from './markdown.ts';
import type { FrontMatterLines } from './front-matter-lines.ts';

/**
 * One validated content file: plain data, so it goes into the entry cache as it is (v8
 * serialisation keeps the fields and drops the methods: `revive` gives them back). The line lookups parse the front matter again, on first use: they
 * are needed only to report a problem.
 */
export class ContentEntry<T = unknown> {
  constructor(
    /** The file as problems name it, for example "content/services/oven-cleaning-services.md". */
    readonly file: string,
    /** The file name without ".md". */
    readonly name: string,
    readonly data: T,
    /** The rendered Markdown body, or null when the body is empty. */
    readonly body: RenderedMarkdown | null,
    /** Rendered `markdown` blocks, by block index. */
    readonly blockMarkdown: ReadonlyMap<number, RenderedMarkdown>,
    /** The front matter's YAML text: lineOf and textLineOf find lines in it. */
    readonly frontMatter: string,
    /** The file line on which the Markdown body starts. */
    readonly bodyLine: number,
    /** Changes when anything the entry was made from changes: its text, the loader's code, the images it shows. */
    readonly digest: string,
  ) {}

  /** File line of a front-matter field. */
  lineOf(path: readonly PropertyKey[]): number {
    return linesOf(this).lineOf(path);
  }

  /** File line on which a text field's value starts. */
  textLineOf(path: readonly PropertyKey[]): number {
    return linesOf(this).textLineOf(path);
  }

  /** File line of a line within the Markdown body. */
  bodyLineToFileLine(line: number): number {
    return this.bodyLine + line - 1;
  }

  /** An entry that lost its methods on the way (a copy from another thread, or the entry cache). */
  static revive<T>(entry: ContentEntry<T>): ContentEntry<T> {
    return Object.setPrototypeOf(entry, ContentEntry.prototype) as ContentEntry<T>;
  }
}

const lines = new WeakMap<ContentEntry, FrontMatterLines>();
let readLines: ((frontMatter: string) => FrontMatterLines) | undefined;

/**
 * How entries find their lines from their front matter's text: the loader sets the `yaml` parser
 * (front-matter-lines.ts). The block builder, in the browser, gives each entry the lines of the file
 * it wrote instead (withLines), and bundles no YAML parser.
 */
export const readLinesWith = (reader: (frontMatter: string) => FrontMatterLines) => {
  readLines = reader;
};

/** An entry whose lines are already known. */
export function withLines<T>(entry: ContentEntry<T>, known: FrontMatterLines): ContentEntry<T> {
  lines.set(entry, known);
  return entry;
}

function linesOf(entry: ContentEntry): FrontMatterLines {
  let found = lines.get(entry);
  if (!found) {
    if (!readLines)
      throw new Error(
        'No line reader for content entries: import src/generator/content/load-entry.ts, which sets it.',
      );
    lines.set(entry, (found = readLines(entry.frontMatter)));
  }
  return found;
}
