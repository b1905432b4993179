// One YAML scalar as the `yaml` package writes it with canonical.ts's options: plain where YAML
// allows, else single- or double-quoted, or a literal block (canonical-yaml.ts writes the rest).

/** A scalar of front matter: what canonical-yaml.ts writes at a leaf. */
export type ScalarValue = string | number | boolean | null;

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
/** One level of indentation. */
export const STEP = '  ';

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

export function scalar(value: ScalarValue, indent: string, implicitKey: boolean): string {
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
