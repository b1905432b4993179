// The canonical form of a content file: what the block builder exports, what `npm run
// format:content` rewrites files into, and what `npm run check` expects. One function makes it,
// from a YAML document either parsed from a file (comments kept) or made from the builder's data:
// - fields in the order their schema declares them (unknown fields after, as they were);
// - lists and groups of fields in block style, one item per line, so a diff shows one change per line;
// - text plain where YAML allows, else in double quotes; text of several lines as a literal block (|);
// - never folded, whatever the length of a line;
// - the Markdown body, if any, after one blank line, ending with one newline.
import { Document, isMap, isScalar, isSeq, type Node, type ToStringOptions } from 'yaml';
import type { z } from 'zod';

const STRINGIFY: ToStringOptions = { lineWidth: 0, minContentWidth: 0, blockQuote: 'literal', defaultStringType: 'PLAIN', defaultKeyType: 'PLAIN', indentSeq: true };

type AnySchema = z.core.$ZodType;
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
function itemSchema(schema: AnySchema | undefined): AnySchema | undefined {
  const inner = inputSchema(schema);
  if (!inner) return undefined;
  const def = defOf(inner);
  return def.type === 'array' ? def.element : def.type === 'record' ? def.valueType : undefined;
}

/** Puts one node (and all under it) into the canonical form for its schema. */
function canonicalNode(node: unknown, schema: AnySchema | undefined): void {
  if (isMap(node)) {
    node.flow = false;
    const shape = objectShape(schema, node.toJSON());
    const order = shape ? Object.keys(shape) : [];
    const rank = (key: unknown) => {
      const index = order.indexOf(String(isScalar(key) ? key.value : key));
      return index === -1 ? order.length : index;
    };
    // A stable sort: unknown fields keep their order, after the known ones.
    node.items = node.items.map((pair, index) => ({ pair, index })).sort((a, b) => rank(a.pair.key) - rank(b.pair.key) || a.index - b.index).map(({ pair }) => pair);
    for (const pair of node.items) {
      if (isScalar(pair.key)) pair.key.type = undefined;
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      canonicalNode(pair.value, shape ? shape[key] : itemSchema(schema));
    }
  } else if (isSeq(node)) {
    node.flow = false;
    const item = itemSchema(schema);
    for (const child of node.items) canonicalNode(child, item);
  } else if (isScalar(node) && typeof node.value === 'string') {
    node.type = undefined;
  }
}

/** A content file's text in the canonical form, from its front matter as a YAML document and its Markdown body. */
export function canonicalFile(doc: Document, schema: AnySchema, body: string): string {
  canonicalNode(doc.contents as Node, schema);
  const yaml = doc.contents === null ? '' : doc.toString(STRINGIFY);
  const markdown = body.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
  return `---\n${yaml}---\n${markdown ? `\n${markdown}\n` : ''}`;
}

/** The file the block builder exports: front matter from plain data, then the body. */
export function formatContentFile(schema: AnySchema, data: Record<string, unknown>, body = ''): string {
  return canonicalFile(new Document(data), schema, body);
}
