import { useState, type ReactNode } from 'react';
import { useServices, type AccountUser } from './services.ts';

/** What an account screen renders into: a box that keeps its place on the page whatever it shows. */
export function Panel({ state, children }: { state: string; children: ReactNode }) {
  return (
    <div className="account-panel" data-state={state}>
      {children}
    </div>
  );
}

/** The build had no sign-in configuration (the page logs "Missing backend API key"): say so plainly. */
export function NotConfigured() {
  return (
    <Panel state="not-configured">
      <h2>Sign-in is not set up</h2>
      <p>
        Signing in is not available on this copy of the website yet, so you cannot sign in or create
        an account here. If you need us, please use the phone number or email address below.
      </p>
    </Panel>
  );
}

/** Signs out; the screen then follows the session (the guarded pages send the visitor to sign in). */
export function SignOutButton() {
  const services = useServices();
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    try {
      await services?.signOut();
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="button button-secondary"
      disabled={busy}
      onClick={() => void signOut()}
    >
      {busy ? 'Signing out…' : 'Sign out'}
    </button>
  );
}

/** Who is signed in, with a way out; `children` adds what the screen has to say. */
export function SignedIn({
  user,
  heading,
  state = 'signed-in',
  children,
}: {
  user: AccountUser;
  heading: string;
  state?: string;
  children?: ReactNode;
}) {
  return (
    <Panel state={state}>
      <h2>{heading}</h2>
      <p>
        You are signed in as <strong className="account-email">{user.email}</strong>.
      </p>
      {children}
      <div className="account-actions">
        <SignOutButton />
      </div>
    </Panel>
  );
}

/** While the saved session is read: a quiet placeholder the size of the screen, never the screen itself. */
export function Checking({ label }: { label: string }) {
  return (
    <Panel state="checking">
      <p className="account-checking" role="status">
        {label}
      </p>
    </Panel>
  );
}
