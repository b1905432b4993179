// The builder's forms, read from the zod schemas: each field's kind (text, long text, Markdown,
// choice, reference, link, image, list, group…), label, whether it is required and its limits.
// Nothing here names a block type or a field: a block type added to the union in
// src/kernel/schema/blocks.ts appears in the palette with its fields, with no change here.
import type { ReferenceKind } from './common.ts';
import { defOf, itemSchema, objectShape, unwrap, variantOf, type AnySchema } from './walk.ts';

interface FieldBase {
  key: string;
  label: string;
  /** From the schema's `.meta({ description })`, if any. */
  hint?: string;
  /** Must be given: neither optional nor defaulted. */
  required: boolean;
  /** The value the build uses when the field is left out. */
  defaultValue?: unknown;
  /** Rarely needed by an owner (`.meta({ advanced: true })`): folded under "Advanced". */
  advanced?: boolean;
}

export type Field = FieldBase &
  (
    | { kind: 'text' | 'longtext' | 'markdown' | 'link'; minLength?: number; maxLength?: number }
    | { kind: 'number'; integer: boolean }
    | { kind: 'boolean' }
    | { kind: 'choice'; options: string[] }
    | { kind: 'fixed'; value: unknown }
    | { kind: 'reference'; references: ReferenceKind }
    | { kind: 'references'; references: ReferenceKind; minItems?: number; maxItems?: number }
    | { kind: 'image' }
    | { kind: 'list'; item: Field; minItems?: number; maxItems?: number }
    | { kind: 'group'; fields: Field[] }
    | { kind: 'unsupported' }
  );

export type FieldKind = Field['kind'];

/** "areaServed" → "Area served". */
const labelOf = (key: string) => {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The length limits of a text or a list, from its checks (.min(), .max(), .length()). */
function bag(schema: AnySchema): { minimum?: number; maximum?: number } {
  const checks = (defOf(schema).checks ?? []).map((check) => check._zod.def);
  const limits: { minimum?: number; maximum?: number } = {};
  for (const check of checks) {
    if (check.check === 'min_length') limits.minimum = check.minimum;
    if (check.check === 'max_length') limits.maximum = check.maximum;
    if (check.check === 'length_equals') limits.minimum = limits.maximum = check.length;
  }
  return limits;
}

/** Whether a number must be whole (.int(), .safe(), .int32()…), from its checks. */
function isInteger(schema: AnySchema): boolean {
  const checks = (defOf(schema).checks ?? []).map((check) => check._zod.def);
  const own = defOf(schema).format; // z.int(), z.int32()…
  return (
    /int/.test(own ?? '') ||
    checks.some((check) => check.check === 'number_format' && /int/.test(check.format ?? ''))
  );
}

/** One field of an object schema, as the builder's form shows it. */
function fieldOf(key: string, schema: AnySchema): Field {
  const { inner, meta, optional, defaultValue } = unwrap(schema);
  const base: FieldBase = {
    key,
    label: meta.title ?? labelOf(key),
    hint: meta.description,
    required: !optional,
    defaultValue,
    ...(meta.advanced ? { advanced: true } : {}),
  };
  const def = defOf(inner);
  switch (def.type) {
    case 'string': {
      const { minimum, maximum } = bag(inner);
      const widget = meta.widget ?? 'text';
      if (widget === 'reference')
        return meta.references
          ? { ...base, kind: 'reference', references: meta.references }
          : { ...base, kind: 'unsupported' };
      if (widget === 'image') return { ...base, kind: 'unsupported' };
      return { ...base, kind: widget, minLength: minimum, maxLength: maximum };
    }
    case 'number':
      return { ...base, kind: 'number', integer: isInteger(inner) };
    case 'boolean':
      return { ...base, kind: 'boolean' };
    case 'enum':
      return { ...base, kind: 'choice', options: Object.values(def.entries ?? {}) };
    case 'literal':
      return def.values && def.values.length > 1
        ? { ...base, kind: 'choice', options: def.values.map(String) }
        : { ...base, kind: 'fixed', value: def.values?.[0] };
    case 'array': {
      const item = { ...fieldOf(key, def.element!), label: itemLabel(base.label, def.element!) };
      const { minimum, maximum } = bag(inner);
      if (item.kind === 'reference')
        return {
          ...base,
          kind: 'references',
          references: item.references,
          minItems: minimum,
          maxItems: maximum,
        };
      return { ...base, kind: 'list', item, minItems: minimum, maxItems: maximum };
    }
    case 'object':
      if (meta.widget === 'image') return { ...base, kind: 'image' };
      return { ...base, kind: 'group', fields: fieldsOf(inner) };
    default:
      return { ...base, kind: 'unsupported' };
  }
}

/** "Actions" → "Action": the label of one item of a list. */
const singular = (label: string) => label.replace(/ies$/, 'y').replace(/([^s])s$/, '$1');
/** What one item of a list is called: its own title ("Button"), else the list's in the singular ("Postcode district"). */
const itemLabel = (listLabel: string, element: AnySchema) =>
  unwrap(element).meta.title ?? singular(listLabel);
/** One item of a list, numbered: "Button 2"; "Areas served, item 2" where the list's label has no singular. */
const numbered = (listLabel: string, element: AnySchema | undefined, index: number) => {
  const item = element ? itemLabel(listLabel, element) : listLabel;
  return item === listLabel ? `${listLabel}, item ${index + 1}` : `${item} ${index + 1}`;
};

/**
 * The words a person reads for a field path, one per step, for the builder's problem list and the
 * checks' messages: "blocks.2.actions.0.href" of a page → ["Block 3 (Hero)", "Button 1", "Links to"].
 * `data` is the file's front matter, which says the variant of a union each item is.
 */
export function labelsAt(schema: AnySchema, path: readonly PropertyKey[], data: unknown): string[] {
  // One label per step, but an item's replaces its list's.
  const labels: string[] = [];
  let current: AnySchema | undefined = schema;
  let value = data;
  let label = '';
  for (const key of path) {
    const at: unknown =
      value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
    const shape: Record<string, AnySchema> | undefined =
      typeof key === 'string' ? objectShape(current, value) : undefined;
    if (shape) {
      current = shape[key as string];
      label = (current && unwrap(current).meta.title) ?? labelOf(key as string);
    } else {
      const element = itemSchema(current);
      // An item's label names its list: "Button 1", not "Buttons", "Button 1".
      if (typeof key === 'number') labels.pop();
      const variant = element && unwrap(variantOf(element, at) ?? element).meta.title;
      current = element;
      label =
        typeof key === 'number'
          ? `${numbered(label, element, key)}${variant && element && variant !== itemLabel(label, element) ? ` (${variant})` : ''}`
          : labelOf(String(key));
    }
    labels.push(label);
    value = at;
  }
  return labels;
}

/** The fields of an object schema, in the order it declares them. */
export function fieldsOf(schema: AnySchema): Field[] {
  const { inner } = unwrap(schema);
  const shape = (inner as unknown as { shape?: Record<string, AnySchema> }).shape;
  if (!shape) return [];
  return Object.entries(shape).map(([key, field]) => fieldOf(key, field));
}

/** One entry of the palette: a block type, what it is for, and the fields its form shows. */
export interface BlockKind {
  type: string;
  title: string;
  description: string;
  /** Every field but `type`. */
  fields: Field[];
}

/** Every block type of a discriminated union of block schemas, in the union's order. */
export function paletteOf(union: AnySchema): BlockKind[] {
  const def = defOf(unwrap(union).inner);
  const discriminator = def.discriminator ?? 'type';
  return (def.options ?? []).map((option) => {
    const { meta } = unwrap(option);
    const fields = fieldsOf(option);
    const tag = fields.find((field) => field.key === discriminator);
    const type = tag?.kind === 'fixed' ? String(tag.value) : '';
    return {
      type,
      title: meta.title ?? labelOf(type),
      description: meta.description ?? '',
      fields: fields.filter((field) => field.key !== discriminator),
    };
  });
}

/** A new block of a type: its discriminator and the required fields with empty values. */
export function emptyBlock(kind: BlockKind, discriminator = 'type'): Record<string, unknown> {
  const block: Record<string, unknown> = { [discriminator]: kind.type };
  for (const field of kind.fields) if (field.required) block[field.key] = emptyValue(field);
  return block;
}

/** What a required field starts as in a new block or list item. */
export function emptyValue(field: Field): unknown {
  switch (field.kind) {
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'choice':
      return field.options[0];
    case 'fixed':
      return field.value;
    case 'references':
    case 'list':
      return [];
    case 'group':
      return Object.fromEntries(
        field.fields
          .filter((inner) => inner.required)
          .map((inner) => [inner.key, emptyValue(inner)]),
      );
    case 'image':
      return { src: '', alt: '' };
    default:
      return '';
  }
}
