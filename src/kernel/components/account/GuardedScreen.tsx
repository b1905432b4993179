import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { describeAuthError } from './auth-errors.ts';
import { guard, type GuardDecision } from './auth-client.ts';
import { useServices, useSession } from './services.ts';
import { Checking, NotConfigured, Panel, SignedIn, SignOutButton } from './panels.tsx';
import type { ScreenProps } from './screen-props.ts';
import { unreachable } from '../../errors/unreachable.ts';

/**
 * The screen of every page with `access: admin`, behind the auth-client guard. The build renders
 * the neutral checking state, and it stays until the guard has decided: the guarded screen never
 * shows, even for a moment, to someone who may not see it. An administrator gets `children` (the
 * admin screen or a builder screen) under a line saying who is signed in, or just who is signed in when the
 * page has no screen of its own.
 */
export function GuardedScreen({ configured, children }: ScreenProps & { children?: ReactNode }) {
  return configured ? <Guarded>{children}</Guarded> : <NotConfigured />;
}

type View = GuardDecision | { kind: 'checking' } | { kind: 'failed'; message: string };

function Guarded({ children }: { children?: ReactNode }) {
  const services = useServices();
  const session = useSession();
  const [view, setView] = useState<View>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!services || session.status === 'checking') return undefined;
    let current = true;
    setView({ kind: 'checking' });
    const path = `${window.location.pathname}${window.location.search}`;
    guard(services, session.status === 'signed-in' ? session.user : null, path).then(
      (decision) => {
        if (!current) return;
        // Replace, not push: Back from the sign-in page should not return to a page that sends you there again.
        if (decision.kind === 'sign-in') window.location.replace(decision.to);
        // A transition: React renders the screen in short slices, so a slow phone stays responsive.
        else startTransition(() => setView(decision));
      },
      (error: unknown) =>
        current && setView({ kind: 'failed', message: describeAuthError(error).message }),
    );
    return () => {
      current = false;
    };
  }, [services, session, attempt]);

  switch (view.kind) {
    case 'checking':
    case 'sign-in':
      return <Checking label="Checking that you are signed in…" />;
    case 'failed':
      return (
        <Panel state="failed">
          <p role="alert">{view.message}</p>
          <div className="account-actions">
            <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
          </div>
        </Panel>
      );
    case 'no-access':
      return (
        <Panel state="no-access">
          <h2>You do not have access to this page</h2>
          <p>
            You are signed in as <strong className="account-email">{view.user.email}</strong>, and
            this page is only for the Ardent team's administrators. If you should have access, ask
            an administrator to give your account the admin role, then reload this page. Or sign out
            and sign in with another account.
          </p>
          <div className="account-actions">
            <SignOutButton />
          </div>
        </Panel>
      );
    case 'allowed':
      if (children !== undefined) {
        // The screen, under a line that says whose account is in use, with the way out.
        return (
          <div className="account-allowed" data-state="allowed">
            <div className="account-bar">
              <p>
                You are signed in as <strong className="account-email">{view.user.email}</strong>.
              </p>
              <SignOutButton />
            </div>
            {children}
          </div>
        );
      }
      return (
        <SignedIn user={view.user} heading="Signed in as an administrator" state="allowed">
          <p>Your account has the admin role, so you can use this page.</p>
        </SignedIn>
      );
  }
  return unreachable(view, 'guard view');
}
