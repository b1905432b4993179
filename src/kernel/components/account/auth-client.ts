/**
 * auth-client: the one guard for the pages that say `access: admin` in their front matter (the
 * admin and builder screens). A visitor who is not signed in goes to /login?next=<this page>; a
 * signed-in account without the admin role is told it has no access; an administrator gets in.
 * The role is the `admin: true` custom claim, read from a freshly refreshed ID token, so a role
 * granted or revoked since the last sign-in counts at once.
 *
 * It protects screens, not data: a static page holds nothing private. Data is protected by the
 * service's own rules.
 */
import { loginPathFor } from './next-path.ts';
import type { AccountServices, AccountUser } from './services.ts';

export type GuardDecision =
  | { kind: 'sign-in'; to: string }
  | { kind: 'no-access'; user: AccountUser }
  | { kind: 'allowed'; user: AccountUser };

/** Where a visitor nobody has signed in as goes from the page at `path` (its path and query); null for a signed-in user. */
export function signInRedirect(user: AccountUser | null, path: string): string | null {
  return user ? null : loginPathFor(path);
}

/** What the guard does for `user` (null: nobody signed in) on the page at `path`. */
export async function guard(
  services: Pick<AccountServices, 'isAdmin'>,
  user: AccountUser | null,
  path: string,
): Promise<GuardDecision> {
  const to = signInRedirect(user, path);
  if (to !== null || !user) return { kind: 'sign-in', to: to! };
  return (await services.isAdmin({ fresh: true }))
    ? { kind: 'allowed', user }
    : { kind: 'no-access', user };
}
