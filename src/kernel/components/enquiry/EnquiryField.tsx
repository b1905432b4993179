import type { ReactNode } from 'react';
import {
  ENQUIRY_FIELDS,
  ERROR_PREFIX,
  fieldId,
  isRequired,
  type EnquiryFieldName,
} from '../../wire/enquiry-rules.ts';

/** Fields about the visitor, which no spell checker should underline. */
const PERSONAL: readonly EnquiryFieldName[] = ['name', 'phone', 'email', 'postcode'];
/** Fields whose answer is short: a narrower input says so (GOV.UK's fixed-width inputs). */
const SHORT: readonly EnquiryFieldName[] = ['phone', 'postcode'];

/**
 * One field of the enquiry form, as the GOV.UK Design System draws it: the label above, the hint
 * under it, then the control. Each has an empty, hidden error slot that the page's script fills in
 * and ties to the control when the field has a problem; the postcode also has a note, read out as
 * it appears, for a postcode outside the areas served. `control` replaces the default input.
 */
export function EnquiryField({ name, children }: { name: EnquiryFieldName; children?: ReactNode }) {
  const spec: { label: string; hint?: string; type?: string; autocomplete?: string } =
    ENQUIRY_FIELDS[name];
  const note = name === 'postcode' ? fieldId(name, 'note') : undefined;
  const describedBy =
    [spec.hint ? fieldId(name, 'hint') : undefined, note].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={fieldId(name)}>{spec.label}</label>
      {spec.hint ? (
        <p id={fieldId(name, 'hint')} className="field-hint">
          {spec.hint}
        </p>
      ) : null}
      <p id={fieldId(name, 'error')} className="field-error" hidden>
        <span className="visually-hidden">{ERROR_PREFIX} </span>
        <span />
      </p>
      {children ?? (
        <input
          id={fieldId(name)}
          name={name}
          type={spec.type ?? 'text'}
          className={SHORT.includes(name) ? 'input-short' : undefined}
          required={isRequired(name) || undefined}
          autoComplete={spec.autocomplete}
          // Not on the email input: browsers never capitalise one, and HTML allows the attribute only where it can act.
          autoCapitalize={name === 'postcode' ? 'characters' : undefined}
          spellCheck={PERSONAL.includes(name) ? false : undefined}
          aria-describedby={describedBy}
        />
      )}
      {note ? <p id={note} className="field-note" aria-live="polite" /> : null}
    </div>
  );
}
