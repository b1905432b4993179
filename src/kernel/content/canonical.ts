// The canonical form of a content file: what the block builder exports, what `npm run
// format:content` rewrites files into, and what `npm run check` expects. One function makes it,
// from a YAML document either parsed from a file (comments kept) or made from the builder's data:
// - fields in the order their schema declares them (unknown fields after, as they were);
// - lists and groups of fields in block style, one item per line, so a diff shows one change per line;
// - text plain where YAML allows, else in double quotes; text of several lines as a literal block (|),
//   except text of nothing but spaces and line breaks (double quotes, as a block would lose the spaces);
// - never folded, whatever the length of a line;
// - the Markdown body, if any, after one blank line, ending with one newline.
// The builder's data is written by canonical-yaml.ts (no `yaml` in the browser); a file read with
// its comments is put in the same form by canonical-document.ts, with the `yaml` package.
import { itemSchema, objectShape, type AnySchema } from '../schema/walk.ts';
import { canonicalYaml } from './canonical-yaml.ts';
import type { FrontMatterLines } from './front-matter-lines.ts';

/** Plain data with its fields in the order their schema declares them (unknown fields after, as they were), all the way down. */
export function inSchemaOrder(value: unknown, schema: AnySchema | undefined): unknown {
  if (Array.isArray(value)) {
    const item = itemSchema(schema);
    return value.map((child) => inSchemaOrder(child, item));
  }
  if (value === null || typeof value !== 'object') return value;
  const shape = objectShape(schema, value);
  const order = shape ? Object.keys(shape) : [];
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const keys = Object.keys(value)
    .map((key, index) => ({ key, index }))
    .sort((a, b) => rank(a.key) - rank(b.key) || a.index - b.index);
  return Object.fromEntries(
    keys.map(({ key }) => [
      key,
      inSchemaOrder(
        (value as Record<string, unknown>)[key],
        shape ? shape[key] : itemSchema(schema),
      ),
    ]),
  );
}

/** The file around a front matter: "---", the fields, "---", then the body after one blank line. */
export function fileText(yaml: string, body: string): string {
  const markdown = body.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
  return `---\n${yaml}---\n${markdown ? `\n${markdown}\n` : ''}`;
}

export interface FormattedFile {
  text: string;
  /** Where each field is: file lines. */
  lines: FrontMatterLines;
  /** The field written on a file line, if any. */
  fieldAt(line: number): string | undefined;
}

/** The file the block builder exports, and where each of its fields is. */
export function formatContentFile(
  schema: AnySchema,
  data: Record<string, unknown>,
  body = '',
): FormattedFile {
  const { yaml, lines, fieldAt } = canonicalYaml(
    inSchemaOrder(data, schema) as Parameters<typeof canonicalYaml>[0],
  );
  // The front matter starts on the file's second line.
  return {
    text: fileText(yaml, body),
    lines: {
      lineOf: (path) => lines.lineOf(path) + 1,
      textLineOf: (path) => lines.textLineOf(path) + 1,
    },
    fieldAt: (line) => fieldAt(line - 1),
  };
}
