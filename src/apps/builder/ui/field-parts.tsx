// What every form control of the builder shares: a field's path and id, the options pickers
// offer, and the problems the checks found at a field, shown under it.
import type { ContentProblem } from '../../../kernel/errors/problems.ts';
import type { ReferenceKind } from '../../../kernel/schema/common.ts';
import type { Field } from '../../../kernel/schema/fields.ts';

export type FieldPath = readonly (string | number)[];
export interface Option {
  value: string;
  label: string;
}
/** What pickers offer: the site's real entries, routes and images. */
export interface FieldOptions extends Record<ReferenceKind, Option[]> {
  routes: string[];
  images: { src: string; url: string; width: number; height: number }[];
}

export interface FieldProps {
  field: Field;
  path: FieldPath;
  value: unknown;
  problems: readonly ContentProblem[];
  onChange: (path: FieldPath, value: unknown) => void;
  options: FieldOptions;
}

export const fieldKey = (path: FieldPath) => path.join('.');
export const fieldId = (path: FieldPath) => `field-${path.join('-')}`;

/** The problems at a field, or (for lists, references and groups) anywhere under it. */
export const problemsAt = (
  problems: readonly ContentProblem[],
  path: FieldPath,
  nested = false,
) => {
  const key = fieldKey(path);
  return problems.filter(
    (problem) => problem.field === key || (nested && problem.field?.startsWith(`${key}.`)),
  );
};

/** A field's hint, under its label, read with its control. */
export function FieldHint({ id, hint }: { id: string; hint: string | undefined }) {
  if (!hint) return null;
  return (
    <p className="field-hint" id={`${id}-hint`}>
      {hint}
    </p>
  );
}

/** What a control is described by: its hint and its problems, where it has them. */
export const describedByOf = (
  id: string,
  field: Pick<Field, 'hint'>,
  problems: readonly unknown[],
) =>
  [field.hint ? `${id}-hint` : '', problems.length ? `${id}-problems` : '']
    .filter(Boolean)
    .join(' ') || undefined;

/** The problems under a control, announced with it. */
export function FieldProblems({
  id,
  problems,
}: {
  id: string;
  problems: readonly ContentProblem[];
}) {
  if (problems.length === 0) return null;
  return (
    <ul className="field-problems" id={id}>
      {problems.map((problem, i) => (
        <li key={i}>{problem.message}</li>
      ))}
    </ul>
  );
}

/** Label, control, hint and problems, wired together. */
