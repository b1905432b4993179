// A content file read with its comments (`npm run format:content`) put into the canonical form of
// canonical.ts, with the `yaml` package, which keeps the comments where it can.
import { isMap, isScalar, isSeq, parseDocument, type Document, type ToStringOptions } from 'yaml';
import { fileText } from './canonical.ts';
import { itemSchema, objectShape, type AnySchema } from '../schema/walk.ts';
import { ONLY_BLANK_LINES } from './yaml-scalars.ts';
import type { ContentProblem } from '../errors/problems.ts';
import { isProblem, readEntry } from './read-entry.ts';

/** The options canonical-yaml.ts follows when it writes the builder's data. */
const STRINGIFY: ToStringOptions = {
  lineWidth: 0,
  minContentWidth: 0,
  blockQuote: 'literal',
  defaultStringType: 'PLAIN',
  defaultKeyType: 'PLAIN',
  indentSeq: true,
};

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
    node.items = node.items
      .map((pair, index) => ({ pair, index }))
      .sort((a, b) => rank(a.pair.key) - rank(b.pair.key) || a.index - b.index)
      .map(({ pair }) => pair);
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
    node.type = ONLY_BLANK_LINES.test(node.value) ? 'QUOTE_DOUBLE' : undefined;
  }
}

/** A front matter's YAML text in the canonical form for its schema (none: only the layout is canonical). */
export function canonicalDocumentText(doc: Document, schema?: AnySchema): string {
  canonicalNode(doc.contents, schema);
  return doc.contents === null ? '' : doc.toString(STRINGIFY);
}

/** A content file's text in the canonical form, from its front matter as a YAML document and its Markdown body. */
export function canonicalFile(doc: Document, schema: AnySchema, body: string): string {
  return fileText(canonicalDocumentText(doc, schema), body);
}

/** The canonical text of a content file of this schema, or null when it cannot be read as one (the check reports why). */
export function canonicalText(file: string, text: string, schema: AnySchema): string | null {
  const raw = readEntry(file, text);
  if (isProblem(raw)) return null;
  const doc = parseDocument(raw.frontMatter, { uniqueKeys: true });
  if (doc.errors.length > 0) return null;
  return canonicalFile(doc, schema, raw.body);
}

/** The notice `npm run check` gives a valid file that is not in the canonical format. */
export const notCanonical = (file: string): ContentProblem => ({
  code: 'not-canonical',
  file,
  message: 'This file is not in the canonical format the block builder exports.',
});
