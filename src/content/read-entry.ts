import matter from 'gray-matter';
import { LineCounter, parseDocument, type Document } from 'yaml';
import type { ContentProblem } from './problems.ts';

/** One content file split into its front matter and Markdown body, with what is needed to point at lines. */
export interface RawEntry {
  file: string;
  data: unknown;
  body: string;
  /** 1-based file line on which the body starts. */
  bodyLine: number;
  /** Finds the file line of a front-matter field path; the nearest existing parent when the field is absent. */
  lineOf(path: readonly PropertyKey[]): number;
}

/** gray-matter hands the engine the text from the end of the opening "---" line, so YAML lines are file lines. */
const FRONT_MATTER_OFFSET = 0;

/**
 * Reads front matter with gray-matter, using the `yaml` package as its engine so that
 * syntax errors carry line numbers and fields can be traced back to their lines.
 */
export function readEntry(file: string, source: string): RawEntry | ContentProblem {
  if (!/^---\r?\n/.test(source)) {
    return { code: 'missing-front-matter', file, line: 1, message: 'The file must start with a "---" line.' };
  }
  let doc: Document | undefined;
  const lineCounter = new LineCounter();
  try {
    const parsed = matter(source, {
      engines: {
        yaml: (text: string) => {
          doc = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
          const [error] = doc.errors;
          if (error) throw error;
          return (doc.toJS() ?? {}) as object;
        },
      },
    });
    const bodyOffset = source.length - parsed.content.length;
    const bodyLine = source.slice(0, bodyOffset).split('\n').length;
    const lineOf = (path: readonly PropertyKey[]): number => {
      for (let depth = path.length; depth >= 0 && doc; depth--) {
        const node = depth === 0 ? doc.contents : doc.getIn(path.slice(0, depth) as unknown[], true);
        const range = (node as { range?: [number, number, number] } | undefined)?.range;
        if (range) return lineCounter.linePos(range[0]).line + FRONT_MATTER_OFFSET;
      }
      return 1;
    };
    return { file, data: parsed.data, body: parsed.content, bodyLine, lineOf };
  } catch (error) {
    const yamlError = error as { linePos?: [{ line: number }]; message?: string };
    const firstLine = (yamlError.message ?? String(error)).split('\n')[0] ?? '';
    return {
      code: 'yaml-syntax',
      file,
      line: yamlError.linePos ? yamlError.linePos[0].line + FRONT_MATTER_OFFSET : 1,
      message: firstLine.replace(/ at line \d+, column \d+:?$/, ''),
    };
  }
}

export function isProblem(value: RawEntry | ContentProblem): value is ContentProblem {
  return 'code' in value;
}
