import type { z } from 'zod';
import { excerpt, type ContentProblem } from '../errors/problems.ts';
import type { RawEntry } from './read-entry.ts';

/** Validates front matter against a schema; every zod issue becomes one problem with its line. */
export function validateEntry<S extends z.ZodType>(
  entry: RawEntry,
  schema: S,
): { ok: true; data: z.output<S> } | { ok: false; problems: ContentProblem[] } {
  const result = schema.safeParse(entry.data);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, problems: result.error.issues.flatMap((issue) => issueToProblems(entry, issue)) };
}

type Issue = z.core.$ZodIssue;

function issueToProblems(entry: RawEntry, issue: Issue): ContentProblem[] {
  const path = issue.path;
  const at = (fieldPath: readonly PropertyKey[]) => ({
    file: entry.file,
    line: entry.lineOf(fieldPath),
    field: fieldPath.length > 0 ? fieldPath.map(String).join('.') : undefined,
  });

  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        code: 'unknown-field' as const,
        ...at([...path, key]),
        message: `"${key}" is not a field here.`,
      }));
    case 'invalid_type': {
      const value = valueAt(entry.data, path);
      if (value === undefined) {
        return [{ code: 'missing-field', ...at(path), message: `Required field is missing: add "${String(path.at(-1) ?? '')}:" (${describeExpected(issue.expected)}).` }];
      }
      return [{ code: 'wrong-type', ...at(path), message: `Expected ${describeExpected(issue.expected)}, found ${describeValue(value)}.` }];
    }
    case 'invalid_union':
      if ('discriminator' in issue && issue.discriminator) {
        const options = (issue as { options?: unknown[] }).options ?? [];
        const value = valueAt(entry.data, path);
        return [{
          code: 'invalid-field',
          ...at(path),
          message: `${value === undefined ? `"${issue.discriminator}" is missing` : `${describeValue(value)} is not a known "${issue.discriminator}"`}: use one of ${options.map((o) => `"${String(o)}"`).join(', ')}.`,
        }];
      }
      return [{ code: 'invalid-field', ...at(path), message: issue.message }];
    case 'invalid_value':
      if (valueAt(entry.data, path) === undefined) return [{ code: 'missing-field', ...at(path), message: `Required field is missing: add "${String(path.at(-1) ?? '')}:" (${issue.values.map((v) => JSON.stringify(v)).join(' or ')}).` }];
      return [{
        code: 'invalid-field',
        ...at(path),
        message: `Found ${describeValue(valueAt(entry.data, path))}; use ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}.`,
      }];
    default:
      return [{ code: 'invalid-field', ...at(path), message: issue.message }];
  }
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current = data;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function describeExpected(expected: string): string {
  const names: Record<string, string> = {
    string: 'text',
    number: 'a number',
    int: 'a whole number',
    boolean: 'true or false',
    array: 'a list',
    object: 'a group of fields',
  };
  return names[expected] ?? expected;
}

function describeValue(value: unknown): string {
  if (value === null) return 'an empty value';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a group of fields';
  if (typeof value === 'string') return `the text "${excerpt(value)}"`;
  if (typeof value === 'number') return `the number ${value}`;
  return String(value);
}
