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
import type { z } from 'zod';
import { canonicalYaml } from './canonical-yaml.ts';
import type { FrontMatterLines } from './front-matter-lines.ts';

export type AnySchema = z.core.$ZodType;
type Def = { type: string; innerType?: AnySchema; in?: AnySchema; element?: AnySchema; shape?: Record<string, AnySchema>; options?: AnySchema[]; discriminator?: string; valueType?: AnySchema; getter?: () => AnySchema };

const defOf = (schema: AnySchema) => schema._zod.def as unknown as Def;

/** The schema as it reads input: wrappers (optional, default, a pipe into a transform) taken off. */
function inputSchema(schema: AnySchema | undefined): AnySchema | undefined {
  let current = schema;
  for (let depth = 0; current && depth < 20; depth++) {
    const def = defOf(current);
    if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable' || def.type === 'prefault' || def.type === 'readonly' || def.type === 'catch') current = def.innerType;
    else if (def.type === 'pipe') current = def.in;
    else if (def.type === 'lazy' && def.getter) current = def.getter();
    else return current;
  }
  return current;
}

/** The fields of an object schema in declared order, the variant of a union that `value` is, or undefined. */
export function objectShape(schema: AnySchema | undefined, value: unknown): Record<string, AnySchema> | undefined {
  const inner = inputSchema(schema);
  if (!inner) return undefined;
  const def = defOf(inner);
  if (def.type === 'object') return (inner as unknown as { shape: Record<string, AnySchema> }).shape;
  if (def.type === 'union' && def.options) {
    const key = def.discriminator;
    const tag = key && value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    for (const option of def.options) {
      const shape = objectShape(option, value);
      if (!shape) continue;
      if (!key) return shape;
      const literal = inputSchema(shape[key]);
      const values = literal ? (defOf(literal) as { values?: unknown[] }).values : undefined;
      if (values?.includes(tag)) return shape;
    }
  }
  return undefined;
}

/** What each item of a list, or each value of a record, must be. */
export function itemSchema(schema: AnySchema | undefined): AnySchema | undefined {
  const inner = inputSchema(schema);
  if (!inner) return undefined;
  const def = defOf(inner);
  return def.type === 'array' ? def.element : def.type === 'record' ? def.valueType : undefined;
}

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
  const keys = Object.keys(value).map((key, index) => ({ key, index })).sort((a, b) => rank(a.key) - rank(b.key) || a.index - b.index);
  return Object.fromEntries(keys.map(({ key }) => [key, inSchemaOrder((value as Record<string, unknown>)[key], shape ? shape[key] : itemSchema(schema))]));
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
export function formatContentFile(schema: AnySchema, data: Record<string, unknown>, body = ''): FormattedFile {
  const { yaml, lines, fieldAt } = canonicalYaml(inSchemaOrder(data, schema) as Parameters<typeof canonicalYaml>[0]);
  // The front matter starts on the file's second line.
  return {
    text: fileText(yaml, body),
    lines: { lineOf: (path) => lines.lineOf(path) + 1, textLineOf: (path) => lines.textLineOf(path) + 1 },
    fieldAt: (line) => fieldAt(line - 1),
  };
}
