// The draft's own fields, around its blocks: the page details (the advanced ones folded away)
// and the Markdown body.
import type { ContentProblem } from '../../../kernel/errors/problems.ts';
import type { Field } from '../../../kernel/schema/fields.ts';
import { BODY_FIELD } from '../field-of-problem.ts';
import { FieldInput } from './FieldInput.tsx';
import {
  fieldId,
  FieldProblems,
  problemsAt,
  type FieldOptions,
  type FieldPath,
} from './field-parts.tsx';
import { MarkdownField } from './MarkdownField.tsx';

export function PageDetails({
  fields,
  data,
  problems,
  options,
  onChange,
}: {
  fields: readonly Field[];
  data: Record<string, unknown>;
  problems: readonly ContentProblem[];
  options: FieldOptions;
  onChange: (path: FieldPath, value: unknown) => void;
}) {
  const simple = fields.filter((field) => !field.advanced);
  const advanced = fields.filter((field) => field.advanced);
  const inputOf = (field: Field) => (
    <FieldInput
      key={field.key}
      field={field}
      path={[field.key]}
      value={data[field.key]}
      problems={problems}
      onChange={onChange}
      options={options}
    />
  );
  return (
    <section aria-labelledby="page-fields-heading">
      <h2 id="page-fields-heading">Page details</h2>
      {simple.map(inputOf)}
      {advanced.length ? (
        <details className="advanced-fields">
          <summary>Advanced</summary>
          <p className="field-hint">
            Settings most pages never need: change them only if you know what they do.
          </p>
          {advanced.map(inputOf)}
        </details>
      ) : null}
    </section>
  );
}

export function PageText({
  body,
  problems,
  onChange,
}: {
  body: string;
  problems: readonly ContentProblem[];
  onChange: (body: string) => void;
}) {
  const own = problemsAt(problems, [BODY_FIELD]);
  return (
    <section aria-labelledby="body-heading" data-key={BODY_FIELD}>
      <h2 id="body-heading">Page text</h2>
      <p className="field-hint" id="field-body-hint">
        The page’s main text, shown where the page has a Page text block.
      </p>
      <label htmlFor={fieldId([BODY_FIELD])}>Page text (Markdown)</label>
      <MarkdownField
        id={fieldId([BODY_FIELD])}
        value={body}
        invalid={own.length > 0 || undefined}
        describedBy={own.length ? 'field-body-hint field-body-problems' : 'field-body-hint'}
        onChange={onChange}
      />
      <FieldProblems id={`${fieldId([BODY_FIELD])}-problems`} problems={own} />
    </section>
  );
}
