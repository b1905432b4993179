/**
 * The auth-client guard as a page with `access: admin` of the site's bundle loads (the admin screen
 * and the other guarded pages; the builder's screens start the same way from their own bundle):
 * start-guarded.ts decides, and for someone signed in React and then the page's screen are
 * evaluated one after the other, each in a task of its own, so that none of them is a long task.
 */
import { startGuarded } from '../account/start-guarded.ts';

const screens = {
  guarded: () => import('./screen-guarded.ts'),
  admin: () => import('./screen-admin.ts'),
};

const element = document.querySelector<HTMLElement>(
  '[data-screen="guarded"], [data-screen="admin"]',
);
if (element) {
  await startGuarded(async (services) => {
    await import('./react-runtime.ts');
    // A task boundary (the import resolves in the task that evaluated it). Not boot.ts's helper:
    // a module shared with the public pages' boot script would be one more chunk on every page.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await (
      await screens[element.dataset.screen as keyof typeof screens]()
    ).mount(element, services);
  });
}
