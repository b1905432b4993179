// Front matter checked against its schema, each zod issue told as a problem in plain English: the
// schema's own message where it has one (`.min(1, 'Give the page a title…')`), else words made here
// from the issue and the field's label (its `.meta({ title })`, as the builder's form shows it).
// zod's own wording ("Too small: expected string to have >=1 characters") never reaches a person:
// tests/unit/kernel/content/validate-entry.test.ts drives every field of every schema.
import type { z } from 'zod';
import { excerpt, type ContentProblem } from '../errors/problems.ts';
import { labelsAt } from '../schema/fields.ts';
import type { RawEntry } from './read-entry.ts';

/** What zod's message is when the schema gave none: such issues are told in words made here. */
const NO_MESSAGE = '\u0000no message';

/** Validates front matter against a schema; every zod issue becomes one problem with its line. */
export function validateEntry<S extends z.ZodType>(
  entry: RawEntry,
  schema: S,
): { ok: true; data: z.output<S> } | { ok: false; problems: ContentProblem[] } {
  const result = schema.safeParse(entry.data, { error: () => NO_MESSAGE });
  if (result.success) return { ok: true, data: result.data };
  // A value of the wrong type is one problem: not also its length checked as if it were of the right one.
  const wrongType = new Set(
    result.error.issues
      .filter((issue) => issue.code === 'invalid_type')
      .map((issue) => issue.path.join('\u0000')),
  );
  const issues = result.error.issues.filter(
    (issue) => issue.code === 'invalid_type' || !wrongType.has(issue.path.join('\u0000')),
  );
  return { ok: false, problems: issues.flatMap((issue) => issueToProblems(entry, schema, issue)) };
}

type Issue = z.core.$ZodIssue;

function issueToProblems(entry: RawEntry, schema: z.ZodType, issue: Issue): ContentProblem[] {
  const path = issue.path;
  const at = (fieldPath: readonly PropertyKey[]) => ({
    file: entry.file,
    line: entry.lineOf(fieldPath),
    field: fieldPath.length > 0 ? fieldPath.map(String).join('.') : undefined,
  });
  const value = valueAt(entry.data, path);
  const name = `“${labelsAt(schema, path, entry.data).at(-1) ?? 'This file'}”`;
  const own = issue.message === NO_MESSAGE ? undefined : issue.message;
  const missing = value === undefined || value === null || value === '';

  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        code: 'unknown-field' as const,
        ...at([...path, key]),
        message: `"${key}" is not a field here.`,
      }));
    case 'invalid_type':
      if (value === undefined)
        return [
          {
            code: 'missing-field',
            ...at(path),
            message: own ?? `${fillIn(issue.expected, name)}.`,
          },
        ];
      return [
        {
          code: 'wrong-type',
          ...at(path),
          message:
            own ??
            (value === null
              ? `${fillIn(issue.expected, name)}: it is empty.`
              : `${name} should be ${describeExpected(issue.expected)}, not ${describeValue(value)}.`),
        },
      ];
    case 'invalid_union':
      if ('discriminator' in issue && issue.discriminator) {
        const options = ((issue as { options?: unknown[] }).options ?? [])
          .map((option) => `"${String(option)}"`)
          .join(', ');
        return [
          {
            code: 'invalid-field',
            ...at(path),
            message:
              own ??
              (missing
                ? `Say which kind this is ("${issue.discriminator}:"): one of ${options}.`
                : `${describeValue(value)} is not a kind this can be: use one of ${options}.`),
          },
        ];
      }
      return [
        {
          code: 'invalid-field',
          ...at(path),
          message:
            own ?? `${name} cannot be ${describeValue(value)}: see the hint for what it takes.`,
        },
      ];
    case 'invalid_value': {
      const allowed = issue.values.map((v) => JSON.stringify(v)).join(' or ');
      if (value === undefined)
        return [
          { code: 'missing-field', ...at(path), message: own ?? `Choose ${name}: ${allowed}.` },
        ];
      return [
        {
          code: 'invalid-field',
          ...at(path),
          message:
            own ??
            (missing
              ? `Choose ${name}: ${allowed}.`
              : `${name} cannot be ${describeValue(value)}; use ${allowed}.`),
        },
      ];
    }
    default:
      return [
        { code: 'invalid-field', ...at(path), message: own ?? describeIssue(issue, name, value) },
      ];
  }
}

/** A limit, a format or a rule the value breaks, in words. */
function describeIssue(issue: Issue, name: string, value: unknown): string {
  switch (issue.code) {
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string')
        return minimum <= 1 || value === ''
          ? `Fill in ${name}.`
          : `${name} needs at least ${minimum} characters; it has ${lengthOf(value)}.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Add at least ${minimum === 1 ? 'one' : minimum} to ${name}.`;
      return `${name} must be ${minimum} or more${issue.inclusive === false ? ' (not exactly that)' : ''}.`;
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string')
        return `${name} is ${lengthOf(value)} characters long; keep it to ${maximum} or fewer.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${name} has ${lengthOf(value)}; keep it to ${maximum} or fewer.`;
      return `${name} must be ${maximum} or less${issue.inclusive === false ? ' (not exactly that)' : ''}.`;
    }
    case 'invalid_format':
      if (issue.format === 'email')
        return `${name} should be an email address, like hello@example.co.uk.`;
      if (issue.format === 'url') return `${name} should be a web address, starting https://.`;
      return `${name} is not written in a form it can take: see its hint or the other files of this folder.`;
    case 'not_multiple_of':
      return `${name} must be a multiple of ${issue.divisor}.`;
    case 'invalid_key':
      return `${describeValue(issue.path.at(-1))} is not a name ${name} can have.`;
    default:
      return `${name} cannot be ${describeValue(value)}.`;
  }
}

/** What to do about a missing field, by what it holds. */
function fillIn(expected: string, name: string): string {
  if (expected === 'array') return `Add at least one to ${name}`;
  if (expected === 'object') return `Add ${name}`;
  if (expected === 'boolean') return `Say yes or no for ${name}`;
  return `Fill in ${name}`;
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current = data;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** How long a text is (in characters) or a list (in items). */
function lengthOf(value: unknown): string {
  if (Array.isArray(value)) return value.length === 1 ? '1 item' : `${value.length} items`;
  // In UTF-16 units, as the schema's min and max count them, so the number agrees with the limit.
  return String(typeof value === 'string' ? value.length : 0);
}

function describeExpected(expected: string): string {
  const names: Record<string, string> = {
    string: 'text',
    number: 'a number',
    int: 'a whole number',
    boolean: 'yes or no (true or false)',
    array: 'a list',
    object: 'a group of fields',
    record: 'a group of fields',
  };
  return names[expected] ?? 'something else';
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a group of fields';
  if (typeof value === 'string') return `the text "${excerpt(value)}"`;
  if (typeof value === 'number') return `the number ${value}`;
  // YAML gives only yes or no beyond these; anything else is named by its kind.
  return typeof value === 'boolean' ? String(value) : typeof value;
}
