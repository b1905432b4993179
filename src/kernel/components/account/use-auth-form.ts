import { useEffect, useRef, useState } from 'react';
import { describeAuthError, type AuthErrorField } from './auth-errors.ts';

/** The fields a form shows errors next to; `form` is the message by the button. */
export type FormErrors = Partial<Record<'email' | 'password' | 'confirm' | 'form', string>>;

/**
 * A form's requests: `busy` while one is out, and its failure turned into the error table's words,
 * shown next to the field it concerns. The first field in error takes focus, so keyboard and
 * screen reader users land where the problem is.
 */
export function useAuthForm() {
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    formRef.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
  }, [errors]);

  /** Runs `work`; a rejection shows the message of its kind on `fields[kind's field]` (the password field of a reset form, say). */
  async function run(
    work: () => Promise<void>,
    fields: Partial<Record<AuthErrorField, keyof FormErrors>> = {},
  ): Promise<void> {
    setBusy(true);
    setErrors({});
    try {
      await work();
    } catch (error) {
      const described = describeAuthError(error);
      // The visitor reads a plain message; the console keeps the cause of an unexpected failure.
      if (described.kind === 'unknown') console.error('The sign-in service failed:', error);
      setErrors({ [fields[described.field] ?? described.field]: described.message });
    } finally {
      setBusy(false);
    }
  }

  return { errors, setErrors, busy, run, formRef };
}

/** A form's fields by name, as the visitor typed them. */
export const fieldsOf = (form: HTMLFormElement) => {
  const data = new FormData(form);
  // Every field of these forms is text: a File (from a file input) has none to give.
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return { email: text('email').trim(), password: text('password'), confirm: text('confirm') };
};
