import type { ReactNode, Ref } from 'react';

export interface FieldProps {
  id: string;
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  /** Keeps the browser's and password managers' autofill working. */
  autoComplete: string;
  /** Shown under the label before the visitor types (the password rules). */
  hint?: ReactNode;
  /** The message for this field, shown right after it in an alert and tied to it by aria-describedby. */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and error. Uncontrolled: what the visitor typed before the page hydrated stays. */
export function Field({ id, name, label, type, autoComplete, hint, error, inputRef }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field has-error' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        // Browsers never capitalise an email or password input, and HTML allows the attribute only
        // where it can act: a password shown as text, which a phone's keyboard would otherwise capitalise.
        autoCapitalize={type === 'text' ? 'none' : undefined}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        ref={inputRef}
      />
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The show-password toggle: a native checkbox, so it works by keyboard and says its state without extra ARIA. */
export function ShowPassword({
  id,
  shown,
  onChange,
  plural = false,
}: {
  id: string;
  shown: boolean;
  onChange: (shown: boolean) => void;
  plural?: boolean;
}) {
  return (
    <div className="show-password">
      <input
        id={id}
        type="checkbox"
        checked={shown}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{plural ? 'Show passwords' : 'Show password'}</label>
    </div>
  );
}

/**
 * An account form: checked by the screen (noValidate, so visitors read the error table's words,
 * not the browser's), whose `onSubmit` gets the form element to read the fields from.
 */
export function AccountForm({
  formRef,
  onSubmit,
  children,
}: {
  formRef: Ref<HTMLFormElement>;
  onSubmit: (form: HTMLFormElement) => unknown;
  children: ReactNode;
}) {
  return (
    <form
      ref={formRef}
      className="account-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit(event.currentTarget);
      }}
    >
      {children}
    </form>
  );
}

/** A message about the whole form (not one field), next to its button. */
export function FormError({ message }: { message: string | undefined }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}

/** The submit button: disabled until the page knows whether someone is signed in, and while a request is out. */
export function Submit({
  label,
  busyLabel,
  busy,
  ready,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  ready: boolean;
}) {
  return (
    <button type="submit" className="button" disabled={!ready || busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
