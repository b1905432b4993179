import { screenOf, type ScreenName } from '../wire/screen-names.ts';
import type { IslandName } from '../wire/island-names.ts';
import type { SitePage } from '../site/pages.ts';

/** Which parts of the §2 layout a page has. The one place that decides, for the markup and the scripts. */
export interface LayoutParts {
  header: boolean;
  sidebar: boolean;
  scrollToTop: boolean;
  /** The smart contact section: every page but /contact, which shows the full details instead. */
  contact: boolean;
  /** The account screen an app page mounts (sign-in, registration, reset, or the guard): started as the page loads. */
  screen: ScreenName | null;
}

const CONTACT_ROUTE = '/contact';

/**
 * The home page turns off the header, sidebar and scroll-to-top; the branch logos lead the way in.
 * App pages (account and admin screens) are focused: no services sidebar.
 */
export function layoutParts(page: Pick<SitePage, 'route' | 'template' | 'access' | 'mount'>): LayoutParts {
  const home = page.template === 'home';
  const app = page.template === 'app';
  return {
    header: !home,
    sidebar: !home && !app,
    scrollToTop: !home,
    contact: page.route !== CONTACT_ROUTE,
    screen: app ? screenOf(page) : null,
  };
}

/** The islands a page with these parts contains: the only scripts it loads, besides the boot script. */
export function islandsOf(parts: LayoutParts): IslandName[] {
  const islands: IslandName[] = [];
  if (parts.header) islands.push('header');
  if (parts.sidebar) islands.push('sidebar');
  if (parts.contact) islands.push('contact');
  if (parts.scrollToTop) islands.push('scroll-top');
  return islands;
}

/** The script entry of an account screen (src/generator/bundle/bundle-assets.ts). */
export const screenEntry = (screen: ScreenName) => `screen-${screen}` as const;

/** The small scripts that start a screen: a sign-in screen when it is needed, the guard as the page loads. */
export const SIGN_IN_START = 'sign-in-start';
export const GUARD_START = 'guard-start';
/** React alone, evaluated by the guard's starter before the screen's own code (src/apps/islands/react-runtime.ts). */
export const REACT_RUNTIME = 'react-runtime';
/** The media library's Storage SDK, loaded by the admin screen (src/apps/islands/admin-storage.ts). */
export const ADMIN_STORAGE = 'admin-storage';

/**
 * The scripts of a page's account screen: `run` from a script tag as the page loads, `load` (the
 * screen itself, with React) imported by it later. The guard's starter (for every page with
 * `access: admin`, the admin screen's too) holds the Firebase SDK, to
 * read the session at once; a sign-in screen's starter holds nothing of either.
 */
export function screenScripts(screen: ScreenName | null): { run: string[]; load: string[] } {
  if (!screen) return { run: [], load: [] };
  if (screen === 'guarded' || screen === 'admin') return { run: [GUARD_START], load: [REACT_RUNTIME, screenEntry(screen), ...(screen === 'admin' ? [ADMIN_STORAGE] : [])] };
  return { run: [SIGN_IN_START], load: [screenEntry(screen)] };
}
