// The form controls of one value: text, long text, Markdown, a number, a tick box and a choice
// from a list (the schema's options or the site's entries), each with its label, hint and
// problems (aria-describedby, aria-invalid) around it.
import type { ReactNode } from 'react';
import type { ContentProblem } from '../../../kernel/errors/problems.ts';
import type { Field } from '../../../kernel/schema/fields.ts';
import { Counter } from './Counter.tsx';
import {
  describedByOf,
  FieldHint,
  fieldId,
  FieldProblems,
  fieldKey,
  type FieldOptions,
  type FieldPath,
  type Option,
} from './field-parts.tsx';
import { MarkdownField } from './MarkdownField.tsx';
import { unreachable } from '../../../kernel/errors/unreachable.ts';

/** The kinds of field that hold one value. */
export type ValueField = Extract<
  Field,
  {
    kind: 'text' | 'link' | 'longtext' | 'markdown' | 'number' | 'boolean' | 'choice' | 'reference';
  }
>;

/** A value as a control shows it: "" for none; a value the schema did not expect, as written in the file. */
export const shownText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
      ? String(value)
      : value === undefined || value === null
        ? ''
        : JSON.stringify(value);

function Labelled({
  path,
  field,
  problems,
  children,
  extra,
}: {
  path: FieldPath;
  field: Field;
  problems: readonly ContentProblem[];
  children: (describedBy: string | undefined) => ReactNode;
  extra?: ReactNode;
}) {
  const id = fieldId(path);
  const describedBy = describedByOf(id, field, problems);
  return (
    <div
      className={problems.length ? 'field has-problems' : 'field'}
      data-field={id}
      data-key={fieldKey(path)}
    >
      <label htmlFor={id}>
        {field.label}
        {field.required ? null : <span className="field-optional"> (optional)</span>}
      </label>
      <FieldHint id={id} hint={field.hint} />
      {children(describedBy)}
      {extra}
      <FieldProblems id={`${id}-problems`} problems={problems} />
    </div>
  );
}

export function ValueInput({
  field,
  path,
  value,
  problems: own,
  onChange,
  options,
}: {
  field: ValueField;
  path: FieldPath;
  value: unknown;
  /** The problems at this field. */
  problems: readonly ContentProblem[];
  onChange: (path: FieldPath, value: unknown) => void;
  options: FieldOptions;
}) {
  const id = fieldId(path);
  const invalid = own.length > 0 || undefined;
  const text = shownText(value);
  // An optional field left empty is left out of the file.
  const setText = (next: string) =>
    onChange(path, next === '' && !field.required ? undefined : next);
  switch (field.kind) {
    case 'text':
    case 'link':
      return (
        <Labelled path={path} field={field} problems={own}>
          {(describedBy) => (
            <input
              id={id}
              type="text"
              value={text}
              list={field.kind === 'link' ? 'builder-routes' : undefined}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </Labelled>
      );
    case 'longtext':
      return (
        <Labelled
          path={path}
          field={field}
          problems={own}
          extra={path.length === 1 ? <Counter field={String(path[0])} value={text} /> : null}
        >
          {(describedBy) => (
            <textarea
              id={id}
              rows={3}
              value={text}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </Labelled>
      );
    case 'markdown':
      return (
        <Labelled path={path} field={field} problems={own}>
          {(describedBy) => (
            <MarkdownField
              id={id}
              value={text}
              invalid={invalid}
              describedBy={describedBy}
              onChange={setText}
            />
          )}
        </Labelled>
      );
    case 'number':
      return (
        <Labelled path={path} field={field} problems={own}>
          {(describedBy) => (
            <input
              id={id}
              type="number"
              step={field.integer ? 1 : 'any'}
              value={text}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) =>
                onChange(
                  path,
                  event.target.value === ''
                    ? field.required
                      ? 0
                      : undefined
                    : Number(event.target.value),
                )
              }
            />
          )}
        </Labelled>
      );
    case 'boolean':
      return (
        <div
          className={own.length ? 'field field-check has-problems' : 'field field-check'}
          data-key={fieldKey(path)}
        >
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            aria-invalid={invalid}
            aria-describedby={describedByOf(id, field, own)}
            onChange={(event) => onChange(path, event.target.checked)}
          />
          <label htmlFor={id}>{field.label}</label>
          <FieldHint id={id} hint={field.hint} />
          <FieldProblems id={`${id}-problems`} problems={own} />
        </div>
      );
    case 'choice':
    case 'reference': {
      const choices: Option[] =
        field.kind === 'choice'
          ? field.options.map((option) => ({ value: option, label: option }))
          : options[field.references];
      const known = choices.some((choice) => choice.value === text);
      return (
        <Labelled path={path} field={field} problems={own}>
          {(describedBy) => (
            <select
              id={id}
              value={text}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => setText(event.target.value)}
            >
              {field.required && known ? null : (
                <option value="">
                  {field.defaultValue !== undefined
                    ? `Default (${shownText(field.defaultValue)})`
                    : 'None'}
                </option>
              )}
              {text && !known ? <option value={text}>{text} (not on the site)</option> : null}
              {choices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          )}
        </Labelled>
      );
    }
  }
  return unreachable(field, 'field kind');
}
