// Every problem the schemas can raise is told in plain English: every field of every content type
// (walked through the schemas as the builder's forms and the canonical format walk them, every
// variant of a union included) is made empty, left out, too long and of the wrong shape in a real
// content file, and no message may carry zod's own wording or a raw field path.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { COLLECTIONS, SINGLES } from '../../../../src/kernel/content/collections.ts';
import { isProblem, readEntry, type RawEntry } from '../../../../src/kernel/content/read-entry.ts';
import { validateEntry } from '../../../../src/kernel/content/validate-entry.ts';
import { defOf, unwrap, type AnySchema } from '../../../../src/kernel/schema/walk.ts';
import { labelsAt } from '../../../../src/kernel/schema/fields.ts';
import { PageSchema } from '../../../../src/kernel/schema/index.ts';

const CONTENT = path.resolve(import.meta.dirname, '../../../../content');

/** zod's words, and what a person should never have to read. */
const ZOD_WORDING = /expected|>=|too small|too big|invalid input/i;

type Key = string | number;
/** A field to drive: its path, and what must be in place first (the variant of a union an item is). */
interface Target {
  path: Key[];
  schema: AnySchema;
  setup: [Key[], unknown][];
}

/** Every field under a schema, depth first: object keys, a list's first item, each variant of a union, a record's first key. */
function* targets(
  schema: AnySchema,
  at: Key[] = [],
  setup: Target['setup'] = [],
): Generator<Target> {
  const inner = unwrap(schema).inner;
  const def = defOf(inner) as ReturnType<typeof defOf> & { keyType?: AnySchema };
  if (def.type === 'object') {
    for (const [key, child] of Object.entries(
      (inner as unknown as { shape: Record<string, AnySchema> }).shape,
    )) {
      yield { path: [...at, key], schema: child, setup };
      yield* targets(child, [...at, key], setup);
    }
  } else if (def.type === 'array') {
    yield { path: [...at, 0], schema: def.element!, setup };
    yield* targets(def.element!, [...at, 0], setup);
  } else if (def.type === 'union' && def.discriminator) {
    for (const option of def.options!) {
      const tag = defOf(
        unwrap(
          (unwrap(option).inner as unknown as { shape: Record<string, AnySchema> }).shape[
            def.discriminator
          ]!,
        ).inner,
      ).values![0];
      yield* targets(option, at, [...setup, [at, { [def.discriminator]: tag }]]);
    }
  } else if (def.type === 'record') {
    const key = Object.values(defOf(unwrap(def.keyType!).inner).entries ?? { any: 'any' })[0]!;
    yield { path: [...at, key], schema: def.valueType!, setup };
    yield* targets(def.valueType!, [...at, key], setup);
  }
}

/** A copy of `data` with `value` at `path` (undefined: left out), the containers on the way made as needed. */
function setAt(data: unknown, keys: readonly Key[], value: unknown): unknown {
  if (keys.length === 0) return value;
  const [key, ...rest] = keys as [Key, ...Key[]];
  const container = data && typeof data === 'object' ? data : typeof key === 'number' ? [] : {};
  const copy = (Array.isArray(container) ? [...container] : { ...container }) as Record<
    Key,
    unknown
  >;
  const next = setAt(copy[key], rest, value);
  if (next === undefined && !Array.isArray(copy)) delete copy[key];
  else copy[key] = next;
  return copy;
}

/** The values a field is driven through: empty, left out, too long (a list: its first item, many times), and of the wrong shape. */
function valuesFor(schema: AnySchema, current: unknown): [string, unknown][] {
  const type = defOf(unwrap(schema).inner).type;
  const empty =
    type === 'array'
      ? []
      : type === 'object' || type === 'record'
        ? {}
        : type === 'number' || type === 'boolean'
          ? null
          : '';
  const long =
    type === 'array'
      ? Array.from({ length: 300 }, () =>
          Array.isArray(current) && current.length ? current[0] : 'x',
        )
      : type === 'number'
        ? 1e12
        : 'x'.repeat(5000);
  const wrong =
    type === 'string' || type === 'enum' || type === 'literal'
      ? 42
      : type === 'number'
        ? 'forty-two'
        : type === 'boolean'
          ? 'yes'
          : 'some text';
  return [
    ['empty', empty],
    ['left out', undefined],
    ['too long', long],
    ['of the wrong shape', wrong],
  ];
}

/** One real file of each content type, read as the build reads it: a single file, or a folder's first (about.md for pages). */
function realFile(schemaKey: string): RawEntry {
  const file =
    schemaKey in SINGLES
      ? SINGLES[schemaKey as keyof typeof SINGLES].file
      : `${COLLECTIONS[schemaKey as keyof typeof COLLECTIONS].dir}/${
          schemaKey === 'pages'
            ? 'about.md'
            : readdirSync(
                path.join(CONTENT, COLLECTIONS[schemaKey as keyof typeof COLLECTIONS].dir),
              )
                .filter((name) => name.endsWith('.md'))
                .sort()[0]
        }`;
  const raw = readEntry(`content/${file}`, readFileSync(path.join(CONTENT, file), 'utf8'));
  if (isProblem(raw)) throw new Error(raw.message);
  return raw;
}

const valueAt = (data: unknown, keys: readonly Key[]): unknown =>
  keys.reduce<unknown>(
    (value, key) =>
      value && typeof value === 'object' ? (value as Record<Key, unknown>)[key] : undefined,
    data,
  );

/** What makes a message unfit for a person: zod's words, or the field's path as the file writes it. */
function unfit(message: string, field: string | undefined): string | null {
  if (ZOD_WORDING.test(message)) return 'zod’s wording';
  if (field?.includes('.') && message.includes(field)) return `the raw path "${field}"`;
  const camel = field?.split('.').find((key) => /[a-z][A-Z]/.test(key));
  if (camel && message.includes(camel)) return `the field's key "${camel}"`;
  return null;
}

describe('the checks’ messages', () => {
  it('are caught by this test when they carry zod’s own wording or a raw path', () => {
    const zodOwn = z.string().min(1).safeParse('').error!.issues[0]!.message;
    expect(unfit(zodOwn, 'heading')).toBe('zod’s wording');
    expect(unfit('Fill in blocks.0.heading.', 'blocks.0.heading')).toBe(
      'the raw path "blocks.0.heading"',
    );
    expect(unfit('Add one to areaServed.', 'areaServed')).toBe('the field\'s key "areaServed"');
    expect(unfit('Fill in “Main heading”.', 'heading')).toBeNull();
  });

  for (const schemaKey of [...Object.keys(COLLECTIONS), ...Object.keys(SINGLES)]) {
    it(`are plain English for every field of ${schemaKey}, empty, left out, too long and of the wrong shape`, () => {
      const raw = realFile(schemaKey);
      const schema = (
        schemaKey in SINGLES
          ? SINGLES[schemaKey as keyof typeof SINGLES]
          : COLLECTIONS[schemaKey as keyof typeof COLLECTIONS]
      ).schema as AnySchema;
      expect(validateEntry(raw, schema as z.ZodType).ok, `${raw.file} is valid to start with`).toBe(
        true,
      );
      const bad: string[] = [];
      let problems = 0;
      const fields = [...targets(schema)];
      expect(fields.length).toBeGreaterThan(1);
      for (const { path: at, schema: field, setup } of fields) {
        const seeded = setup.reduce<unknown>(
          (draft, [where, seed]) => setAt(draft, where, seed),
          raw.data,
        );
        for (const [how, value] of valuesFor(field, valueAt(seeded, at))) {
          const data = setAt(seeded, at, value);
          const result = validateEntry({ ...raw, data }, schema as z.ZodType);
          if (result.ok) continue;
          for (const problem of result.problems) {
            problems += 1;
            const why = unfit(problem.message, problem.field);
            if (process.env.SHOW_MESSAGES)
              console.log(
                `${schemaKey} ${at.join('.')} ${how}: ${problem.field}: ${problem.message}`,
              );
            if (why)
              bad.push(`${at.join('.')} ${how}: ${problem.field}: "${problem.message}" (${why})`);
          }
        }
      }
      expect(problems, 'the fields were made invalid').toBeGreaterThan(fields.length);
      expect(bad).toEqual([]);
    });
  }

  it('name the field by its label, and a block’s field by its block', () => {
    const page = {
      route: '/spring',
      title: 'Spring',
      description: 'A spring clean.',
      heading: '',
      blocks: [{ type: 'body' }, { type: 'hero', actions: [{ label: 'Ask', href: '' }] }],
    };
    expect(labelsAt(PageSchema, ['blocks', 1, 'actions', 0, 'href'], page)).toEqual([
      'Block 2 (Hero)',
      'Button 1',
      'Goes to',
    ]);
    const result = validateEntry({ ...realFile('pages'), data: page }, PageSchema);
    expect(
      result.ok ? [] : result.problems.map(({ field, message }) => ({ field, message })),
    ).toEqual([
      { field: 'heading', message: 'Fill in “Main heading”.' },
      {
        field: 'blocks.1.actions.0.href',
        message:
          'Write a link as "/route", "/route#heading", "#heading", "https://…", "mailto:…" or "tel:+44…".',
      },
    ]);
  });
});
