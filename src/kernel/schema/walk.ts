// Reading a zod schema's own definition (zod 4 keeps it in `_zod.def`), for the two things that walk
// the schemas: the canonical format (fields in declared order, list items, the variant of a union a
// value is; src/kernel/content/canonical.ts) and the builder's forms (each field's kind, label and
// limits; fields.ts). One place, so that a zod upgrade that moves a definition moves one file.
import { z } from 'zod';
import type { FieldWidget, ReferenceKind } from './common.ts';

export type AnySchema = z.core.$ZodType;

export interface Def {
  type: string;
  innerType?: AnySchema;
  in?: AnySchema;
  element?: AnySchema;
  shape?: Record<string, AnySchema>;
  options?: AnySchema[];
  discriminator?: string;
  entries?: Record<string, string>;
  values?: unknown[];
  valueType?: AnySchema;
  defaultValue?: unknown;
  getter?: () => AnySchema;
  format?: string;
  checks?: {
    _zod: {
      def: { check: string; minimum?: number; maximum?: number; length?: number; format?: string };
    };
  }[];
}

export const defOf = (schema: AnySchema) => schema._zod.def as unknown as Def;

/** What a schema's `.meta()` says: a label, a hint, and what the builder needs beyond its type. */
export interface Meta {
  title?: string;
  description?: string;
  widget?: FieldWidget;
  references?: ReferenceKind;
  /** A field an owner rarely needs: the builder folds it under "Advanced". */
  advanced?: boolean;
}

export interface Unwrapped {
  /** The schema as it reads input. */
  inner: AnySchema;
  /** The wrappers' metadata and the inner schema's, the outer winning. */
  meta: Meta;
  /** May be left out: optional, nullable or defaulted. */
  optional: boolean;
  defaultValue?: unknown;
}

/** Takes off the wrappers (optional, nullable, default, readonly, catch, a pipe into a transform, lazy), gathering their metadata. */
export function unwrap(schema: AnySchema): Unwrapped {
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
    } else if (def.type === 'readonly' || def.type === 'catch') current = def.innerType!;
    else if (def.type === 'pipe') current = def.in!;
    else if (def.type === 'lazy' && def.getter) current = def.getter();
    else break;
  }
  return { inner: current, meta, optional, defaultValue };
}

/** The object schema a value is: the schema itself, or the variant of a (discriminated) union that `value` is; undefined for anything else. */
export function variantOf(schema: AnySchema | undefined, value?: unknown): AnySchema | undefined {
  if (!schema) return undefined;
  const inner = unwrap(schema).inner;
  const def = defOf(inner);
  if (def.type === 'object') return inner;
  if (def.type === 'union' && def.options) {
    const key = def.discriminator;
    const tag =
      key && value && typeof value === 'object'
        ? (value as Record<string, unknown>)[key]
        : undefined;
    for (const option of def.options) {
      const variant = variantOf(option, value);
      if (!variant) continue;
      if (!key) return variant;
      const shape = (variant as unknown as { shape: Record<string, AnySchema> }).shape;
      const literal = shape[key] ? unwrap(shape[key]).inner : undefined;
      if (literal && defOf(literal).values?.includes(tag)) return option;
    }
  }
  return undefined;
}

/** The fields of an object schema in declared order, the variant of a union that `value` is, or undefined. */
export function objectShape(
  schema: AnySchema | undefined,
  value?: unknown,
): Record<string, AnySchema> | undefined {
  const variant = variantOf(schema, value);
  return variant
    ? (unwrap(variant).inner as unknown as { shape: Record<string, AnySchema> }).shape
    : undefined;
}

/** What each item of a list, or each value of a record, must be. */
export function itemSchema(schema: AnySchema | undefined): AnySchema | undefined {
  if (!schema) return undefined;
  const def = defOf(unwrap(schema).inner);
  return def.type === 'array' ? def.element : def.type === 'record' ? def.valueType : undefined;
}
