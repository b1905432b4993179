// How every screen behind the auth-client guard starts: the admin screen, the other guarded pages
// and the block builder's screens. The Firebase SDK reads the saved session; nobody signed in goes
// straight to /login?next=<this page> (replacing it in the history), with no React started at all;
// for someone signed in, `mount` takes over (the role check and what it shows:
// src/kernel/components/account/GuardedScreen.tsx). Until then the page shows the neutral checking
// state the build rendered. No React here: the guard runs before any of it is evaluated.
import { signInRedirect } from '../../kernel/components/account/auth-client.ts';
import type { AccountServices } from '../../kernel/components/account/services.ts';
import { firebaseServices } from './firebase-services.ts';
import { pageConfig } from './page-config.ts';

export async function startGuarded(
  mount: (services: AccountServices) => void | Promise<void>,
): Promise<void> {
  const config = pageConfig();
  if (!config) return; // the build rendered the "sign-in is not set up" state, which stays
  const services = firebaseServices(config);
  const to = signInRedirect(
    await services.currentUser(),
    `${window.location.pathname}${window.location.search}`,
  );
  if (to !== null) window.location.replace(to);
  else await mount(services);
}
