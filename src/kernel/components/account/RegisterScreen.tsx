import { useState } from 'react';
import { PASSWORD_MIN_LENGTH } from './auth-errors.ts';
import { useServices, useSession, type AccountUser } from './services.ts';
import { AccountForm, Field, FormError, ShowPassword, Submit } from './fields.tsx';
import { NotConfigured, SignedIn } from './panels.tsx';
import type { ScreenProps } from './screen-props.ts';
import { fieldsOf, useAuthForm } from './use-auth-form.ts';

export const PASSWORD_RULES = `Use at least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words together make a strong password that is easy to remember.`;
export const PASSWORDS_DIFFER =
  'The two passwords are different. Type the same password in both boxes.';

/**
 * /register. Email, password and confirm password, with the password rules shown before the
 * visitor types. The new account is signed in at once, and the screen says so.
 */
export function RegisterScreen({ configured }: ScreenProps) {
  return configured ? <Register /> : <NotConfigured />;
}

function Register() {
  const services = useServices();
  const session = useSession();
  const { errors, setErrors, busy, run, formRef } = useAuthForm();
  const [shown, setShown] = useState(false);
  const [created, setCreated] = useState<AccountUser | null>(null);

  if (created) {
    return (
      <SignedIn user={created} heading="Your account is ready" state="registered">
        <p>
          <a href="/">Go to the home page</a>
        </p>
      </SignedIn>
    );
  }
  if (session.status === 'signed-in' && !busy) {
    return (
      <SignedIn user={session.user} heading="You are already signed in">
        <p>To create another account, sign out first.</p>
      </SignedIn>
    );
  }

  const submit = (form: HTMLFormElement) => {
    const { email, password, confirm } = fieldsOf(form);
    if (password !== confirm) {
      setErrors({ confirm: PASSWORDS_DIFFER });
      return;
    }
    void run(async () => setCreated(await services!.register(email, password)));
  };

  return (
    <AccountForm formRef={formRef} onSubmit={submit}>
      <Field
        id="register-email"
        name="email"
        type="email"
        label="Email address"
        autoComplete="username"
        error={errors.email}
      />
      <Field
        id="register-password"
        name="password"
        type={shown ? 'text' : 'password'}
        label="Password"
        autoComplete="new-password"
        hint={PASSWORD_RULES}
        error={errors.password}
      />
      <Field
        id="register-confirm"
        name="confirm"
        type={shown ? 'text' : 'password'}
        label="Confirm password"
        autoComplete="new-password"
        error={errors.confirm}
      />
      <ShowPassword id="register-show-password" shown={shown} onChange={setShown} plural />
      <FormError message={errors.form} />
      <Submit
        label="Create account"
        busyLabel="Creating your account…"
        busy={busy}
        ready={session.status !== 'checking'}
      />
      <p className="account-links">
        Already have an account? <a href="/login">Sign in</a>
      </p>
    </AccountForm>
  );
}
