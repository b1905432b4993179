// The canonical front matter written from plain data, for the block builder in the browser, where
// the `yaml` package (30 KB gzipped) does not fit the builder's JavaScript budget. It writes
// exactly what `yaml` writes with canonical.ts's options (block style, no folding, literal blocks,
// plain text where YAML allows), following the same rules; a test compares the two on every content
// file and on generated data. It also knows the line of every field it writes, which is all the
// builder's checks need of a parser.
import type { FrontMatterLines } from './front-matter-lines.ts';
import { scalar, STEP } from './yaml-scalars.ts';

type Value =
  | string
  | number
  | boolean
  | null
  | readonly Value[]
  | { readonly [key: string]: Value };

const isCollection = (
  value: Value,
): value is readonly Value[] | { readonly [key: string]: Value } =>
  typeof value === 'object' && value !== null;

/** Where each field's key (and a text field's value) starts: the line, 1-based, by path. */
type LineMap = Map<string, { key: number; text: number }>;
const pathKey = (path: readonly PropertyKey[]) => path.map(String).join('\u0000');

interface Writer {
  lines: LineMap;
  /** Each field of a group: its path ("blocks.2.heading") and the lines its key and value take. */
  spans: { field: string; first: number; last: number }[];
}

/** A collection in block style at `indent`, as lines joined by newline + indent (the first one unindented). */
function collection(
  value: readonly Value[] | { readonly [key: string]: Value },
  indent: string,
  path: PropertyKey[],
  line: number,
  writer: Writer,
): string {
  const entries: [PropertyKey, Value][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  if (entries.length === 0) return Array.isArray(value) ? '[]' : '{}';
  const seq = Array.isArray(value);
  const itemIndent = seq ? indent + STEP : indent;
  let out = '';
  let current = line;
  entries.forEach(([key, item], i) => {
    const itemPath = [...path, key];
    let str: string;
    if (seq) {
      const itemText = node(item, itemIndent, itemPath, current, writer);
      writer.lines.set(pathKey(itemPath), {
        key: current,
        text: itemText.startsWith('|') ? current + 1 : current,
      });
      str = `- ${itemText}`;
    } else {
      str = pair(String(key), item, itemIndent, itemPath, current, writer);
    }
    out += i === 0 ? str : `\n${indent}${str}`;
    current += str.split('\n').length;
  });
  return out;
}

function node(
  value: Value,
  indent: string,
  path: PropertyKey[],
  line: number,
  writer: Writer,
): string {
  return isCollection(value)
    ? collection(value, indent, path, line, writer)
    : scalar(value, indent, false);
}

function pair(
  key: string,
  value: Value,
  indent: string,
  path: PropertyKey[],
  line: number,
  writer: Writer,
): string {
  const valueIndent = indent + STEP;
  const head = `${scalar(key, valueIndent, true)}:`;
  let out: string;
  if (isCollection(value)) {
    // Block style even when empty ("[]" on a line of its own), as `yaml` writes a collection whose flow style is off.
    writer.lines.set(pathKey(path), { key: line, text: line });
    out = `${head}\n${valueIndent}${collection(value, valueIndent, path, line + 1, writer)}`;
  } else {
    const str = scalar(value, valueIndent, false);
    writer.lines.set(pathKey(path), { key: line, text: str.startsWith('|') ? line + 1 : line });
    out = str === '' || str.startsWith('\n') ? `${head}${str}` : `${head} ${str}`;
  }
  writer.spans.push({
    field: path.map(String).join('.'),
    first: line,
    last: line + out.split('\n').length - 1,
  });
  return out;
}

export interface CanonicalFrontMatter {
  /** The YAML text, ending with a newline (empty for no fields). */
  yaml: string;
  /** Line lookups in it, as front-matter-lines.ts gives them for a parsed file: lines of the YAML text, 1-based. */
  lines: FrontMatterLines;
  /** The field written on a line ("blocks.2.heading": the innermost group field), if any. */
  fieldAt: (line: number) => string | undefined;
}

/** Plain data (already in its fields' canonical order) as canonical YAML, with the line of every field. */
export function canonicalYaml(data: { readonly [key: string]: Value }): CanonicalFrontMatter {
  const writer: Writer = { lines: new Map(), spans: [] };
  const body = `${collection(data, '', [], 1, writer)}\n`;
  const lineOf = (path: readonly PropertyKey[]): number => {
    for (let depth = path.length; depth > 0; depth--) {
      const found = writer.lines.get(pathKey(path.slice(0, depth)));
      if (found) return found.key;
    }
    return 1;
  };
  const textLineOf = (path: readonly PropertyKey[]) =>
    writer.lines.get(pathKey(path))?.text ?? lineOf(path);
  const fieldAt = (line: number) => {
    let found: string | undefined;
    for (const span of writer.spans)
      if (
        span.first <= line &&
        line <= span.last &&
        (found === undefined || span.field.length > found.length)
      )
        found = span.field;
    return found;
  };
  return { yaml: body, lines: { lineOf, textLineOf }, fieldAt };
}
