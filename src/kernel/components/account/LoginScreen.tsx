import { useEffect, useState } from 'react';
import { safeNextPath } from './next-path.ts';
import { useServices, useSession } from './services.ts';
import { AccountForm, Field, FormError, ShowPassword, Submit } from './fields.tsx';
import { NotConfigured, SignedIn } from './panels.tsx';
import type { ScreenProps } from './screen-props.ts';
import { fieldsOf, useAuthForm } from './use-auth-form.ts';

/**
 * /login. Email and password, a show-password toggle, and links to reset the password and to
 * register. On success the visitor goes to `?next=` when it is a path on this site, else to the home
 * page. A visitor who is already signed in sees who they are, a sign-out button, and a link to the
 * admin area when they are an administrator.
 */
export function LoginScreen({ configured }: ScreenProps) {
  return configured ? <Login /> : <NotConfigured />;
}

function Login() {
  const services = useServices();
  const session = useSession();
  const { errors, busy, run, formRef } = useAuthForm();
  const [shown, setShown] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [admin, setAdmin] = useState(false);

  const signedIn = session.status === 'signed-in' && !busy && !leaving ? session.user : null;
  useEffect(() => {
    if (signedIn) services?.isAdmin({ fresh: false }).then(setAdmin, () => setAdmin(false));
  }, [services, signedIn]);

  if (signedIn) {
    return (
      <SignedIn user={signedIn} heading="You are already signed in">
        {admin ? (
          <p>
            <a href="/admin">Go to the admin area</a>
          </p>
        ) : null}
      </SignedIn>
    );
  }

  const submit = (form: HTMLFormElement) =>
    run(async () => {
      const { email, password } = fieldsOf(form);
      await services!.signIn(email, password);
      // The form stays as it is (busy) until the next page opens.
      setLeaving(true);
      window.location.assign(
        safeNextPath(
          new URLSearchParams(window.location.search).get('next'),
          window.location.origin,
        ),
      );
    });

  return (
    <AccountForm formRef={formRef} onSubmit={submit}>
      <Field
        id="login-email"
        name="email"
        type="email"
        label="Email address"
        autoComplete="username"
        error={errors.email}
      />
      <Field
        id="login-password"
        name="password"
        type={shown ? 'text' : 'password'}
        label="Password"
        autoComplete="current-password"
        error={errors.password}
      />
      <ShowPassword id="login-show-password" shown={shown} onChange={setShown} />
      <FormError message={errors.form} />
      <Submit
        label="Sign in"
        busyLabel="Signing in…"
        busy={busy || leaving}
        ready={session.status !== 'checking'}
      />
      <p className="account-links">
        <a href="/reset-password">Forgot your password?</a>
      </p>
      <p className="account-links">
        New here? <a href="/register">Create an account</a>
      </p>
    </AccountForm>
  );
}
