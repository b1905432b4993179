// The form of one block: its fields, read from its schema (paletteOf in src/kernel/schema/fields.ts).
import type { ContentProblem } from '../../../kernel/errors/problems.ts';
import type { BlockKind } from '../../../kernel/schema/fields.ts';
import { FieldInput } from './FieldInput.tsx';
import { type FieldOptions, type FieldPath } from './field-parts.tsx';

export function BlockForm({
  kind,
  block,
  index,
  problems,
  onChange,
  options,
}: {
  kind: BlockKind;
  block: Record<string, unknown>;
  index: number;
  problems: readonly ContentProblem[];
  onChange: (path: FieldPath, value: unknown) => void;
  options: FieldOptions;
}) {
  if (kind.fields.length === 0)
    return <p className="field-hint">This block has nothing to fill in.</p>;
  return (
    <div className="block-form">
      {kind.fields.map((field) => (
        <FieldInput
          key={field.key}
          field={field}
          path={['blocks', index, field.key]}
          value={block[field.key]}
          problems={problems}
          onChange={onChange}
          options={options}
        />
      ))}
    </div>
  );
}
