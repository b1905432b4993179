/**
 * What the account screens need from the sign-in service, as one interface: the browser passes
 * the Firebase implementation (src/apps/account/firebase-services.ts), the server renderer passes
 * nothing (screens render their first state), and unit tests can pass their own. Every call
 * rejects with the service's error, which the screens turn into words (src/kernel/components/account/auth-errors.ts).
 */
import { createContext, useContext, useEffect, useState } from 'react';

export interface AccountUser {
  uid: string;
  email: string;
}

export interface AccountServices {
  /** Calls `listener` once the saved session is known, then on every sign-in and sign-out; returns the unsubscribe. */
  watchUser(listener: (user: AccountUser | null) => void): () => void;
  /** Who is signed in, once the saved session is known. */
  currentUser(): Promise<AccountUser | null>;
  signIn(email: string, password: string): Promise<AccountUser>;
  /** Creates the account and signs it in. */
  register(email: string, password: string): Promise<AccountUser>;
  signOut(): Promise<void>;
  /** Asks the service to email a reset link; it answers the same whether or not the account exists (see the reset screen). */
  requestPasswordReset(email: string): Promise<void>;
  /** The email address a reset link's code is for; rejects when the code has expired or was used. */
  checkResetCode(code: string): Promise<string>;
  resetPassword(code: string, newPassword: string): Promise<void>;
  /** Whether the signed-in account has the admin role; `fresh` gets a new token first, so a role granted or revoked since is seen. */
  isAdmin(options: { fresh: boolean }): Promise<boolean>;
  /** The signed-in account's ID token, sent to the site's own API as its bearer token; null when nobody is signed in. */
  idToken(): Promise<string | null>;
}

export const ServicesContext = createContext<AccountServices | null>(null);

export function useServices(): AccountServices | null {
  return useContext(ServicesContext);
}

/** Who is signed in: `checking` until the saved session is read (always on the server and while hydrating). */
export type SessionState =
  | { status: 'checking' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: AccountUser };

export function useSession(): SessionState {
  const services = useServices();
  const [state, setState] = useState<SessionState>({ status: 'checking' });
  useEffect(
    () =>
      services?.watchUser((user) =>
        setState(user ? { status: 'signed-in', user } : { status: 'signed-out' }),
      ),
    [services],
  );
  return state;
}
