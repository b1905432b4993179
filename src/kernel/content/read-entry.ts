import matter from 'gray-matter';
import {
  FRONT_MATTER_OFFSET,
  frontMatterLines,
  parseYaml,
  type FrontMatterLines,
} from './front-matter-lines.ts';
import { load } from 'js-yaml';
import type { ContentProblem } from '../errors/problems.ts';

/** One content file split into its front matter and Markdown body, with what is needed to point at lines. */
export interface RawEntry extends FrontMatterLines {
  file: string;
  data: unknown;
  body: string;
  /** 1-based file line on which the body starts. */
  bodyLine: number;
  /** The front matter's YAML text, from which the line numbers are found when first asked for. */
  frontMatter: string;
}

/**
 * Reads front matter with gray-matter. The data comes from a quick parser (parseFrontMatterFast, below);
 * the `yaml` package, which keeps every node's position, parses the text again only when a line
 * number is asked for, or to say what is wrong with YAML the quick parser rejects.
 */
export function readEntry(file: string, source: string): RawEntry | ContentProblem {
  if (!/^---\r?\n/.test(source)) {
    return {
      code: 'missing-front-matter',
      file,
      line: 1,
      message: 'The file must start with a "---" line.',
    };
  }
  let yamlText = '';
  try {
    const parsed = matter(source, {
      engines: {
        yaml: (text: string) => {
          yamlText = text;
          return parseDataOf(text) ?? {};
        },
      },
    });
    const bodyOffset = source.length - parsed.content.length;
    let bodyLine = 1;
    for (let i = source.indexOf('\n'); i !== -1 && i < bodyOffset; i = source.indexOf('\n', i + 1))
      bodyLine += 1;
    return {
      file,
      data: parsed.data,
      body: parsed.content,
      bodyLine,
      frontMatter: yamlText,
      ...frontMatterLines(yamlText),
    };
  } catch (error) {
    const yamlError = error as { code?: string; linePos?: [{ line: number }]; message?: string };
    const firstLine = (yamlError.message ?? String(error)).split('\n')[0] ?? '';
    // yaml reports an unclosed quote where the text ends; the editor needs the line where it opens.
    const quote =
      yamlError.code === 'MISSING_CHAR' ? /closing (["'])quote/.exec(firstLine)?.[1] : undefined;
    const openingLine = quote ? unbalancedQuoteLine(yamlText, quote) : undefined;
    return {
      code: 'yaml-syntax',
      file,
      line:
        openingLine ?? (yamlError.linePos ? yamlError.linePos[0].line + FRONT_MATTER_OFFSET : 1),
      message: firstLine.replace(/ at line \d+, column \d+:?$/, ''),
    };
  }
}

/** The front matter's data; what the quick parser rejects goes to `yaml`, whose error (or data) stands. */
function parseDataOf(text: string): unknown {
  try {
    return parseFrontMatterFast(text.replace(/\r$/, ''));
  } catch {
    const doc = parseYaml(text);
    const [error] = doc.errors;
    if (error) throw error;
    return doc.toJS();
  }
}

/** The first line with an odd number of unescaped quote characters. */
function unbalancedQuoteLine(text: string, quote: string): number | undefined {
  const lines = text.split('\n');
  const index = lines.findIndex(
    (line) => (line.replace(/\\./g, '').split(quote).length - 1) % 2 === 1,
  );
  return index === -1 ? undefined : index + 1 + FRONT_MATTER_OFFSET;
}

export function isProblem(value: RawEntry | ContentProblem): value is ContentProblem {
  return 'code' in value;
}

/** Thrown for text left to `yaml`. */
class LeftToYaml extends Error {}

/**
 * The front matter's YAML read quickly: js-yaml, whose default schema is YAML 1.2's core schema as
 * the `yaml` package's is, so dates, "0123" or "1:30" stay what `yaml` makes of them. The `yaml`
 * package, slower, is used only where line numbers or an error are needed (readEntry, above); a
 * test checks that both give the same data for all real content and fixtures. A thrown error for
 * anything js-yaml rejects (the caller asks `yaml` why). Text with a tab is left to `yaml` too:
 * js-yaml accepts tabs in some indentation that YAML 1.2, and `yaml`, reject.
 */
export function parseFrontMatterFast(text: string): unknown {
  if (text.includes('\t')) throw new LeftToYaml();
  return load(text);
}
