// The builder's forms, read from the zod schemas: each field's kind (text, long text, Markdown,
// choice, reference, link, image, list, group…), label, whether it is required and its limits.
// Nothing here names a block type or a field: a block type added to the union in
// src/kernel/schema/blocks.ts appears in the palette with its fields, with no change here.
import { z } from 'zod';
import type { FieldWidget, ReferenceKind } from './schema/common.ts';

type AnySchema = z.core.$ZodType;
interface Def {
  type: string;
  innerType?: AnySchema;
  in?: AnySchema;
  element?: AnySchema;
  shape?: Record<string, AnySchema>;
  options?: AnySchema[];
  discriminator?: string;
  entries?: Record<string, string>;
  values?: unknown[];
  defaultValue?: unknown;
  getter?: () => AnySchema;
}
const defOf = (schema: AnySchema) => schema._zod.def as unknown as Def;

interface Meta {
  title?: string;
  description?: string;
  widget?: FieldWidget;
  references?: ReferenceKind;
}

interface FieldBase {
  key: string;
  label: string;
  /** From the schema's `.meta({ description })`, if any. */
  hint?: string;
  /** Must be given: neither optional nor defaulted. */
  required: boolean;
  /** The value the build uses when the field is left out. */
  defaultValue?: unknown;
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
export const labelOf = (key: string) => {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Takes off optional, default and pipe wrappers, gathering their metadata (the outer wins) and whether the field may be left out. */
function unwrap(schema: AnySchema): { inner: AnySchema; meta: Meta; optional: boolean; defaultValue?: unknown } {
  let current = schema;
  let meta: Meta = {};
  let optional = false;
  let defaultValue: unknown;
  for (let depth = 0; depth < 20; depth++) {
    meta = { ...((z.globalRegistry.get(current as z.ZodType) ?? {}) as Meta), ...meta };
    const def = defOf(current);
    if (def.type === 'optional' || def.type === 'nullable') {
      optional = true;
      current = def.innerType!;
    } else if (def.type === 'default' || def.type === 'prefault') {
      optional = true;
      defaultValue ??= def.defaultValue;
      current = def.innerType!;
    } else if (def.type === 'pipe') current = def.in!;
    else if (def.type === 'lazy' && def.getter) current = def.getter();
    else break;
  }
  return { inner: current, meta, optional, defaultValue };
}

/** The length limits of a text or a list, from its checks (.min(), .max(), .length()). */
function bag(schema: AnySchema): { minimum?: number; maximum?: number } {
  const checks = ((schema._zod.def as { checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number; length?: number } } }[] }).checks ?? []).map((check) => check._zod.def);
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
  const checks = ((schema._zod.def as { checks?: { _zod: { def: { check: string; format?: string } } }[] }).checks ?? []).map((check) => check._zod.def);
  const own = (schema._zod.def as { format?: string }).format; // z.int(), z.int32()…
  return /int/.test(own ?? '') || checks.some((check) => check.check === 'number_format' && /int/.test(check.format ?? ''));
}

/** One field of an object schema, as the builder's form shows it. */
export function fieldOf(key: string, schema: AnySchema): Field {
  const { inner, meta, optional, defaultValue } = unwrap(schema);
  const base: FieldBase = { key, label: meta.title ?? labelOf(key), hint: meta.description, required: !optional, defaultValue };
  const def = defOf(inner);
  switch (def.type) {
    case 'string': {
      const { minimum, maximum } = bag(inner);
      const widget = meta.widget ?? 'text';
      if (widget === 'reference') return meta.references ? { ...base, kind: 'reference', references: meta.references } : { ...base, kind: 'unsupported' };
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
      return def.values && def.values.length > 1 ? { ...base, kind: 'choice', options: def.values.map(String) } : { ...base, kind: 'fixed', value: def.values?.[0] };
    case 'array': {
      const item = fieldOf(key, def.element!);
      const { minimum, maximum } = bag(inner);
      if (item.kind === 'reference') return { ...base, kind: 'references', references: item.references, minItems: minimum, maxItems: maximum };
      return { ...base, kind: 'list', item: { ...item, label: item.label === base.label ? singular(base.label) : item.label }, minItems: minimum, maxItems: maximum };
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
    return { type, title: meta.title ?? labelOf(type), description: meta.description ?? '', fields: fields.filter((field) => field.key !== discriminator) };
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
      return Object.fromEntries(field.fields.filter((inner) => inner.required).map((inner) => [inner.key, emptyValue(inner)]));
    case 'image':
      return { src: '', alt: '' };
    default:
      return '';
  }
}
