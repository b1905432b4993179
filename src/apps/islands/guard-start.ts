/**
 * The auth-client guard as a page with `access: admin` loads: the Firebase SDK reads the saved
 * session; nobody signed in goes straight to /login?next=<this page> (replacing it in the history),
 * with no React started at all; for someone signed in, the page's screen is imported and takes
 * over (the role check and what it shows: src/kernel/components/account/GuardedScreen.tsx; the admin page's
 * own screen: src/apps/admin/). Until then the page shows the neutral checking state the build
 * rendered. The SDK, React and then the screen's own code are evaluated one after the other, each
 * in a task of its own, so that none of them is a long task.
 */
import { signInRedirect } from '../../kernel/components/account/auth-client.ts';
import type { FirebaseWebConfig } from '../../kernel/wire/firebase-config.ts';
import { firebaseServices } from '../account/firebase-services.ts';
import { configJsonOnPage, MISSING_CONFIG_ERROR } from '../account/missing-config.ts';

const screens = {
  guarded: () => import('./screen-guarded.ts'),
  admin: () => import('./screen-admin.ts'),
};

const element = document.querySelector<HTMLElement>('[data-screen="guarded"], [data-screen="admin"]');
const json = configJsonOnPage();
if (!json) console.error(MISSING_CONFIG_ERROR);
else if (element) {
  const services = firebaseServices(JSON.parse(json) as FirebaseWebConfig);
  const to = signInRedirect(await services.currentUser(), `${window.location.pathname}${window.location.search}`);
  if (to !== null) window.location.replace(to);
  else {
    await import('./react-runtime.ts');
    // A task boundary (the import resolves in the task that evaluated it). Not boot.ts's helper:
    // a module shared with the public pages' boot script would be one more chunk on every page.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await (await screens[element.dataset.screen as keyof typeof screens]()).mount(element, services);
  }
}
