import { useEffect, useState } from 'react';
import { AUTH_ERRORS, describeAuthError } from './auth-errors.ts';
import { useServices, useSession, type AccountUser } from './services.ts';
import { AccountForm, Field, FormError, ShowPassword, Submit } from './fields.tsx';
import { Checking, NotConfigured, Panel, SignedIn } from './panels.tsx';
import { PASSWORD_RULES, PASSWORDS_DIFFER } from './RegisterScreen.tsx';
import type { ScreenProps } from './screen-props.ts';
import { fieldsOf, useAuthForm } from './use-auth-form.ts';
import { unreachable } from '../../errors/unreachable.ts';

/**
 * /reset-password. Without a code it asks for an email address and then always confirms in the
 * same words, whether or not an account exists. The link in the email (`?mode=resetPassword&oobCode=…`)
 * opens it with a code: a form to set the new password, which then signs the visitor in.
 */
export function ResetPasswordScreen({ configured }: ScreenProps) {
  return configured ? <ResetPassword /> : <NotConfigured />;
}

/** The reset code in the address, if the page was opened from the email's link. */
function codeInAddress(): string | null {
  const params = new URLSearchParams(window.location.search);
  return params.get('mode') === 'resetPassword' ? params.get('oobCode') : null;
}

type Step =
  | { name: 'request'; problem?: string }
  | { name: 'sent'; email: string }
  | { name: 'checking-code' }
  | { name: 'new-password'; code: string; email: string }
  | { name: 'done'; user: AccountUser };

function ResetPassword() {
  const services = useServices();
  const [step, setStep] = useState<Step>({ name: 'request' });

  // After hydration (the build cannot know the address): a code in it opens the second step.
  useEffect(() => {
    const code = codeInAddress();
    if (!code || !services) return;
    setStep({ name: 'checking-code' });
    services.checkResetCode(code).then(
      (email) => setStep({ name: 'new-password', code, email }),
      (error: unknown) => setStep({ name: 'request', problem: describeAuthError(error).message }),
    );
  }, [services]);

  switch (step.name) {
    case 'request':
      return (
        <RequestLink problem={step.problem} onSent={(email) => setStep({ name: 'sent', email })} />
      );
    case 'sent':
      return (
        <Panel state="sent">
          <h2>Check your email</h2>
          <p role="status">
            If there is an account for <strong className="account-email">{step.email}</strong>, we
            have sent it an email with a link to set a new password. The link works once, for one
            hour. If nothing arrives in a few minutes, check your spam folder, or ask again.
          </p>
          <p>
            <a href="/login">Back to sign in</a>
          </p>
        </Panel>
      );
    case 'checking-code':
      return <Checking label="Checking your reset link…" />;
    case 'new-password':
      return (
        <NewPassword
          code={step.code}
          email={step.email}
          onDone={(user) => setStep({ name: 'done', user })}
        />
      );
    case 'done':
      return (
        <SignedIn
          user={step.user}
          heading="Your password has been changed"
          state="password-changed"
        >
          <p>
            <a href="/">Go to the home page</a>
          </p>
        </SignedIn>
      );
  }
  return unreachable(step, 'reset step');
}

/** Step one: ask for the link. An unknown address is confirmed like any other, so the page never tells who has an account. */
function RequestLink({ problem, onSent }: { problem?: string; onSent: (email: string) => void }) {
  const services = useServices();
  const session = useSession();
  const { errors, setErrors, busy, run, formRef } = useAuthForm();

  const submit = (form: HTMLFormElement) => {
    const { email } = fieldsOf(form);
    // The service answers a malformed address as an unknown one (which the page must not reveal),
    // so the format is checked here, by the browser's own rule for type="email".
    const input = form.elements.namedItem('email') as HTMLInputElement;
    if (!email || input.validity.typeMismatch) {
      setErrors({ email: AUTH_ERRORS['invalid-email'].message });
      return;
    }
    void run(async () => {
      try {
        await services!.requestPasswordReset(email);
      } catch (error) {
        // The emulator (and projects without email-enumeration protection) say so; the visitor is not told.
        if (describeAuthError(error).kind !== 'user-not-found') throw error;
      }
      onSent(email);
    });
  };

  return (
    <AccountForm formRef={formRef} onSubmit={submit}>
      <FormError message={problem} />
      <p>
        Enter the email address of your account, and we will send it a link to set a new password.
      </p>
      <Field
        id="reset-email"
        name="email"
        type="email"
        label="Email address"
        autoComplete="email"
        error={errors.email}
      />
      <FormError message={errors.form} />
      <Submit
        label="Send reset link"
        busyLabel="Sending…"
        busy={busy}
        ready={session.status !== 'checking'}
      />
      <p className="account-links">
        Remembered it? <a href="/login">Sign in</a>
      </p>
    </AccountForm>
  );
}

/** Step two: the new password, twice; then the visitor is signed in with it. */
function NewPassword({
  code,
  email,
  onDone,
}: {
  code: string;
  email: string;
  onDone: (user: AccountUser) => void;
}) {
  const services = useServices();
  const { errors, setErrors, busy, run, formRef } = useAuthForm();
  const [shown, setShown] = useState(false);

  const submit = (form: HTMLFormElement) => {
    const { password, confirm } = fieldsOf(form);
    if (password !== confirm) {
      setErrors({ confirm: PASSWORDS_DIFFER });
      return;
    }
    void run(async () => {
      await services!.resetPassword(code, password);
      const user = await services!.signIn(email, password);
      // The code is spent: a reload must not try it again.
      window.history.replaceState(null, '', window.location.pathname);
      onDone(user);
    });
  };

  return (
    <AccountForm formRef={formRef} onSubmit={submit}>
      <p>Choose a new password for your account.</p>
      {/* The account the new password is for: shown, and read by password managers to save it. */}
      <div className="field">
        <label htmlFor="reset-account">Account</label>
        <input
          id="reset-account"
          name="username"
          type="email"
          autoComplete="username"
          value={email}
          readOnly
        />
      </div>
      <Field
        id="reset-password"
        name="password"
        type={shown ? 'text' : 'password'}
        label="New password"
        autoComplete="new-password"
        hint={PASSWORD_RULES}
        error={errors.password}
      />
      <Field
        id="reset-confirm"
        name="confirm"
        type={shown ? 'text' : 'password'}
        label="Confirm new password"
        autoComplete="new-password"
        error={errors.confirm}
      />
      <ShowPassword id="reset-show-password" shown={shown} onChange={setShown} plural />
      <FormError message={errors.form} />
      <Submit label="Set new password" busyLabel="Setting your new password…" busy={busy} ready />
    </AccountForm>
  );
}
