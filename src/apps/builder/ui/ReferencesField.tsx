// A field that names several of the site's entries (the services a page lists): a tick box for
// each, and a way to name one that is not there yet.
import { useState } from 'react';
import type { Field } from '../../../kernel/schema/fields.ts';
import {
  describedByOf,
  FieldHint,
  fieldId,
  FieldProblems,
  fieldKey,
  type FieldProps,
} from './field-parts.tsx';

/** A multi-select of the site's real entries (checkboxes), and a way to name one that is not there yet. */
export function ReferencesField({
  field,
  path,
  value,
  problems,
  onChange,
  options,
}: FieldProps & { field: Extract<Field, { kind: 'references' }> }) {
  const id = fieldId(path);
  const selected = Array.isArray(value) ? (value as string[]) : [];
  const choices = options[field.references];
  const unknown = selected.filter((name) => !choices.some((choice) => choice.value === name));
  const [other, setOther] = useState('');
  const set = (next: string[]) =>
    onChange(path, next.length === 0 && !field.required ? undefined : next);
  const toggle = (name: string, on: boolean) =>
    set(on ? [...selected, name] : selected.filter((item) => item !== name));
  return (
    <fieldset
      className={problems.length ? 'field field-references has-problems' : 'field field-references'}
      id={id}
      data-key={fieldKey(path)}
      aria-describedby={describedByOf(id, field, problems)}
    >
      <legend>
        {field.label}
        {field.required ? null : (
          <span className="field-optional"> (optional; none chosen shows all)</span>
        )}
      </legend>
      <FieldHint id={id} hint={field.hint} />
      <div className="reference-choices">
        {[
          ...choices,
          ...unknown.map((name) => ({ value: name, label: `${name} (not on the site)` })),
        ].map((choice) => (
          <label key={choice.value} className="reference-choice">
            <input
              type="checkbox"
              checked={selected.includes(choice.value)}
              onChange={(event) => toggle(choice.value, event.target.checked)}
            />{' '}
            {choice.label}
          </label>
        ))}
      </div>
      <div className="reference-other">
        <label htmlFor={`${id}-other`}>Add another by name</label>
        <input
          id={`${id}-other`}
          type="text"
          value={other}
          onChange={(event) => setOther(event.target.value)}
        />
        <button
          type="button"
          className="button button-small"
          disabled={other.trim() === ''}
          onClick={() => {
            toggle(other.trim(), true);
            setOther('');
          }}
        >
          Add
        </button>
      </div>
      <FieldProblems id={`${id}-problems`} problems={problems} />
    </fieldset>
  );
}
