// One form control per field kind (src/kernel/schema/fields.ts): the builder never names a field or a block
// type, so a new one in the schemas gets its controls from here. Every control has its label, its
// hint, and the problems the checks found at its field (aria-describedby, aria-invalid). Each field's
// wrapper carries its path (`data-key`), by which the builder knows which field was left or focused.
import { useId, useState, type ReactNode } from 'react';
import type { ContentProblem } from '../../../kernel/errors/problems.ts';
import type { ReferenceKind } from '../../../kernel/schema/common.ts';
import { emptyValue, type Field } from '../../../kernel/schema/fields.ts';
import { Counter } from './Counter.tsx';
import {
  describedByOf,
  FieldHint,
  fieldId,
  FieldProblems,
  fieldKey,
  problemsAt,
  type FieldOptions,
  type FieldPath,
  type FieldProps,
  type Option,
} from './field-parts.tsx';
import { ImageField } from './ImageField.tsx';
import { MarkdownField } from './MarkdownField.tsx';

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

export function FieldInput(props: FieldProps) {
  const { field, path, value, problems, onChange, options } = props;
  const id = fieldId(path);
  const own = problemsAt(problems, path, field.kind === 'references' || field.kind === 'image');
  const invalid = own.length > 0 || undefined;
  const text =
    typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  // An optional field left empty is left out of the file.
  const setText = (next: string) =>
    onChange(path, next === '' && !field.required ? undefined : next);
  switch (field.kind) {
    case 'fixed':
    case 'unsupported':
      return null;
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
                    ? `Default (${String(field.defaultValue)})`
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
    case 'references':
      return <ReferencesField {...props} field={field} problems={own} />;
    case 'image':
      return (
        <ImageField
          id={id}
          label={field.label}
          path={path}
          value={value}
          problems={own}
          onChange={onChange}
          images={options.images}
        />
      );
    case 'list':
      return <ListField {...props} field={field} />;
    case 'group':
      return <GroupField {...props} field={field} />;
  }
}

/** A multi-select of the site's real entries (checkboxes), and a way to name one that is not there yet. */
function ReferencesField({
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

/** A list of items of one kind: add, remove and reorder them. */
function ListField({
  field,
  path,
  value,
  problems,
  onChange,
  options,
}: FieldProps & { field: Extract<Field, { kind: 'list' }> }) {
  const id = fieldId(path);
  const items = Array.isArray(value) ? (value as unknown[]) : [];
  const set = (next: unknown[]) =>
    onChange(path, next.length === 0 && !field.required ? undefined : next);
  const own = problemsAt(problems, path);
  const full = field.maxItems !== undefined && items.length >= field.maxItems;
  const label = useId();
  return (
    <fieldset
      className={own.length ? 'field field-list has-problems' : 'field field-list'}
      id={id}
      data-key={fieldKey(path)}
      aria-describedby={describedByOf(id, field, [])}
    >
      <legend id={label}>{field.label}</legend>
      <FieldHint id={id} hint={field.hint} />
      {items.length === 0 ? <p className="field-hint">None yet.</p> : null}
      <ol className="list-items">
        {items.map((item, i) => (
          <li key={i} className="list-item">
            <FieldInput
              field={{ ...field.item, label: `${field.item.label} ${i + 1}`, required: true }}
              path={[...path, i]}
              value={item}
              problems={problems}
              onChange={onChange}
              options={options}
            />
            <div className="item-actions">
              <button
                type="button"
                className="button button-small button-secondary"
                disabled={i === 0}
                onClick={() => set(move(items, i, i - 1))}
              >
                Move {field.item.label.toLowerCase()} {i + 1} up
              </button>
              <button
                type="button"
                className="button button-small button-secondary"
                onClick={() => set(items.filter((_, j) => j !== i))}
              >
                Remove {field.item.label.toLowerCase()} {i + 1}
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button-small"
        disabled={full}
        onClick={() => set([...items, emptyValue({ ...field.item, required: true })])}
      >
        Add {field.item.label.toLowerCase()}
      </button>
      <FieldProblems id={`${id}-problems`} problems={own} />
    </fieldset>
  );
}

function move<T>(items: readonly T[], from: number, to: number): T[] {
  const copy = [...items];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item!);
  return copy;
}

/** A group of fields (a button's label and link, a service's offer); an optional group can be added and removed. */
function GroupField({
  field,
  path,
  value,
  problems,
  onChange,
  options,
}: FieldProps & { field: Extract<Field, { kind: 'group' }> }) {
  const id = fieldId(path);
  const own = problemsAt(problems, path);
  if (value === undefined || value === null) {
    return (
      <div className="field" id={id} data-key={fieldKey(path)}>
        <button
          type="button"
          className="button button-small button-secondary"
          onClick={() => onChange(path, emptyValue({ ...field, required: true }))}
        >
          Add {field.label.toLowerCase()}
        </button>
      </div>
    );
  }
  const group = value as Record<string, unknown>;
  return (
    <fieldset className="field field-group" id={id} data-key={fieldKey(path)}>
      <legend>{field.label}</legend>
      {field.fields.map((inner) => (
        <FieldInput
          key={inner.key}
          field={inner}
          path={[...path, inner.key]}
          value={group[inner.key]}
          problems={problems}
          onChange={onChange}
          options={options}
        />
      ))}
      {field.required ? null : (
        <button
          type="button"
          className="button button-small button-secondary"
          onClick={() => onChange(path, undefined)}
        >
          Remove {field.label.toLowerCase()}
        </button>
      )}
      <FieldProblems id={`${id}-problems`} problems={own} />
    </fieldset>
  );
}
