/**
 * Starts a sign-in screen (/login, /register, /reset-password) when it is needed. React and the
 * Firebase SDK cost a slow phone a few hundred milliseconds of main thread, so, like the layout's
 * widgets, they are not evaluated while the page loads: the form the build rendered waits, its
 * button disabled, until the visitor turns to it (a pointer over it, a touch, focus in a field).
 * Their code is preloaded after the page has loaded, so starting rarely waits on the network.
 * Two cases start it at once: the browser may hold a saved session (the page should say who is
 * signed in), or the page was opened from a reset link. A build without sign-in configuration only
 * logs its error: its page has nothing to start.
 */
import { pageConfig } from '../account/page-config.ts';
import type { SignInScreen } from '../../kernel/wire/screens.ts';

const loaders: Record<SignInScreen, () => Promise<{ mount(element: HTMLElement): Promise<void> }>> =
  {
    login: () => import('./screen-login.ts'),
    register: () => import('./screen-register.ts'),
    'reset-password': () => import('./screen-reset-password.ts'),
  };

/**
 * A hint, never a decision: the SDK keeps a signed-in session in localStorage under keys that start
 * this way. If that ever changes, a signed-in visitor sees the form until their first action, and
 * then who is signed in; what the screen shows is always the SDK's answer.
 */
function mightBeSignedIn(): boolean {
  try {
    return Object.keys(window.localStorage).some((key) => key.startsWith('firebase:authUser:'));
  } catch {
    return false;
  }
}

const openedFromResetLink = () => new URLSearchParams(window.location.search).has('oobCode');

/** The visitor turning to the form: a pointer over it, a touch, or focus in it (the keyboard's Tab). */
const FORM_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;
function whenVisitorTurnsTo(element: HTMLElement): Promise<void> {
  if (element.contains(document.activeElement)) return Promise.resolve();
  return new Promise((resolve) => {
    const start = () => {
      for (const type of FORM_EVENTS) element.removeEventListener(type, start);
      resolve();
    };
    for (const type of FORM_EVENTS) element.addEventListener(type, start, { passive: true });
  });
}

const element = document.querySelector<HTMLElement>('[data-screen]');
const load = element ? loaders[element.dataset.screen as SignInScreen] : undefined;
if (element && load && pageConfig()) {
  if (!mightBeSignedIn() && !openedFromResetLink()) await whenVisitorTurnsTo(element);
  await (await load()).mount(element);
}
