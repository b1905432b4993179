// One form control per field kind (src/kernel/schema/fields.ts): the builder never names a field or a block
// type, so a new one in the schemas gets its controls from here. Every control has its label, its
// hint, and the problems the checks found at its field (aria-describedby, aria-invalid). Each field's
// wrapper carries its path (`data-key`), by which the builder knows which field was left or focused.
// Lists and groups hold fields of their own, drawn by FieldInput again, so they live here with it.
import { useId } from 'react';
import { emptyValue, type Field } from '../../../kernel/schema/fields.ts';
import {
  describedByOf,
  FieldHint,
  fieldId,
  FieldProblems,
  fieldKey,
  problemsAt,
  type FieldProps,
} from './field-parts.tsx';
import { ImageField } from './ImageField.tsx';
import { ReferencesField } from './ReferencesField.tsx';
import { ValueInput } from './ValueInput.tsx';

export function FieldInput(props: FieldProps) {
  const { field, path, value, problems, onChange, options } = props;
  const own = problemsAt(problems, path, field.kind === 'references' || field.kind === 'image');
  switch (field.kind) {
    case 'fixed':
    case 'unsupported':
      return null;
    case 'references':
      return <ReferencesField {...props} field={field} problems={own} />;
    case 'image':
      return (
        <ImageField
          id={fieldId(path)}
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
    default:
      return (
        <ValueInput
          field={field}
          path={path}
          value={value}
          problems={own}
          onChange={onChange}
          options={options}
        />
      );
  }
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
