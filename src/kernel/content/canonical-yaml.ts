// The canonical front matter written from plain data, for the block builder in the browser, where
// the `yaml` package (30 KB gzipped) does not fit the builder's JavaScript budget. It writes
// exactly what `yaml` writes with canonical.ts's options (block style, no folding, literal blocks,
// plain text where YAML allows), following the same rules; a test compares the two on every content
// file and on generated data. It also knows the line of every field it writes, which is all the
// builder's checks need of a parser.
import type { FrontMatterLines } from './front-matter-lines.ts';

type Value =
  | string
  | number
  | boolean
  | null
  | readonly Value[]
  | { readonly [key: string]: Value };

/** The types YAML 1.2's core schema reads from plain text: such text must be quoted to stay text. */
const CORE_TAGS = [
  /^(?:~|[Nn]ull|NULL)?$/,
  /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
  /^0o[0-7]+$/,
  /^[-+]?[0-9]+$/,
  /^0x[0-9a-fA-F]+$/,
  /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
];
const NOT_PLAIN =
  /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/;
/** Text of nothing but spaces and line breaks: in double quotes, as a literal block would lose its spaces. */
export const ONLY_BLANK_LINES = /^[ \t\n]*\n[ \t\n]*$/;
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u;
const DOCUMENT_MARKER = /^(%|---|\.\.\.)/m;
/** `yaml`'s doubleQuotedMinMultiLineLength. */
const MIN_MULTILINE = 40;
const STEP = '  ';

const ESCAPES: Record<string, string> = {
  '0000': '\\0',
  '0007': '\\a',
  '000b': '\\v',
  '001b': '\\e',
  '0085': '\\N',
  '00a0': '\\_',
  '2028': '\\L',
  '2029': '\\P',
};

function doubleQuoted(value: string, indent: string, implicitKey: boolean): string {
  const json = JSON.stringify(value);
  const lineIndent = indent || (DOCUMENT_MARKER.test(value) ? STEP : '');
  let out = '';
  let start = 0;
  for (let i = 0; i < json.length; i++) {
    let ch = json[i];
    if (ch === ' ' && json[i + 1] === '\\' && json[i + 2] === 'n') {
      out += `${json.slice(start, i)}\\ `;
      i += 1;
      start = i;
      ch = '\\';
    }
    if (ch !== '\\') continue;
    const next = json[i + 1];
    if (next === 'u') {
      out += json.slice(start, i);
      const code = json.substr(i + 2, 4);
      out += ESCAPES[code] ?? (code.startsWith('00') ? `\\x${code.slice(2)}` : json.substr(i, 6));
      i += 5;
      start = i + 1;
    } else if (next === 'n') {
      if (implicitKey || json[i + 2] === '"' || json.length < MIN_MULTILINE) {
        i += 1;
      } else {
        out += `${json.slice(start, i)}\n\n`;
        while (json[i + 2] === '\\' && json[i + 3] === 'n' && json[i + 4] !== '"') {
          out += '\n';
          i += 2;
        }
        out += lineIndent;
        if (json[i + 2] === ' ') out += '\\';
        i += 1;
        start = i + 1;
      }
    } else {
      i += 1;
    }
  }
  return start ? out + json.slice(start) : json;
}

function singleQuoted(value: string, indent: string, implicitKey: boolean): string {
  if ((implicitKey && value.includes('\n')) || /[ \t]\n|\n[ \t]/.test(value))
    return doubleQuoted(value, indent, implicitKey);
  const lineIndent = indent || (DOCUMENT_MARKER.test(value) ? STEP : '');
  return `'${value.replace(/'/g, "''").replace(/\n+/g, `$&\n${lineIndent}`)}'`;
}

function quoted(value: string, indent: string, implicitKey: boolean): string {
  const double = value.includes('"');
  const single = value.includes("'");
  return double && !single
    ? singleQuoted(value, indent, implicitKey)
    : doubleQuoted(value, indent, implicitKey);
}

function literalBlock(source: string, indent: string, forceIndent = false): string {
  if (/\n[\t ]+$/.test(source)) return quoted(source, indent, false);
  const lineIndent = indent || (forceIndent || DOCUMENT_MARKER.test(source) ? STEP : '');
  if (!source) return '|\n';
  let endStart = source.length;
  while (endStart > 0 && '\n\t '.includes(source[endStart - 1]!)) endStart--;
  let end = source.slice(endStart);
  const endNewline = end.indexOf('\n');
  const chomp =
    endNewline === -1 ? '-' : source === end || endNewline !== end.length - 1 ? '+' : '';
  let value = source;
  if (end) {
    value = value.slice(0, -end.length);
    if (end.endsWith('\n')) end = end.slice(0, -1);
    end = end.replace(/(^|(?<!\n))\n+(?!\n|$)/g, `$&${lineIndent}`);
  }
  let startsWithSpace = false;
  let startEnd = 0;
  let lastNewline = -1;
  for (; startEnd < value.length; startEnd++) {
    const ch = value[startEnd];
    if (ch === ' ') startsWithSpace = true;
    else if (ch === '\n') lastNewline = startEnd;
    else break;
  }
  let head = value.slice(0, lastNewline < startEnd ? lastNewline + 1 : startEnd);
  if (head) {
    value = value.slice(head.length);
    head = head.replace(/\n+/g, `$&${lineIndent}`);
  }
  const header = (startsWithSpace ? (lineIndent ? '2' : '1') : '') + chomp;
  return `|${header}\n${lineIndent}${head}${value.replace(/\n+/g, `$&${lineIndent}`)}${end}`;
}

/** A text value as `yaml` writes it: plain, quoted or a literal block. */
function text(value: string, indent: string, implicitKey: boolean): string {
  if (CONTROL.test(value) || (!implicitKey && ONLY_BLANK_LINES.test(value)))
    return doubleQuoted(value, indent, implicitKey);
  if ((implicitKey && value.includes('\n')) || NOT_PLAIN.test(value)) {
    return implicitKey || !value.includes('\n')
      ? quoted(value, indent, implicitKey)
      : literalBlock(value, indent);
  }
  if (!implicitKey && value.includes('\n')) return literalBlock(value, indent);
  if (DOCUMENT_MARKER.test(value)) {
    if (indent === '') return literalBlock(value, indent, true);
    if (implicitKey && indent === STEP) return quoted(value, indent, implicitKey);
  }
  if (CORE_TAGS.some((tag) => tag.test(value.replace(/\n+/g, `$&\n${indent}`))))
    return quoted(value, indent, implicitKey);
  return value.replace(/\n+/g, `$&\n${indent}`);
}

function scalar(
  value: Exclude<Value, object> | null,
  indent: string,
  implicitKey: boolean,
): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number')
    return !Number.isFinite(value)
      ? Number.isNaN(value)
        ? '.nan'
        : value < 0
          ? '-.inf'
          : '.inf'
      : Object.is(value, -0)
        ? '-0'
        : JSON.stringify(value);
  return text(value, indent, implicitKey);
}

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
