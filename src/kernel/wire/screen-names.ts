/**
 * The account screens: each is one esbuild entry (src/apps/islands/screen-<name>.ts), loaded only by
 * the pages that mount it. A public app page mounts one of the sign-in screens by name; every
 * page with `access: admin` gets the guarded screen (src/kernel/components/account/auth-client.ts decides who sees it).
 */
export const SIGN_IN_SCREENS = ['login', 'register', 'reset-password'] as const;
export type SignInScreen = (typeof SIGN_IN_SCREENS)[number];

/** `admin`: the admin screen (src/apps/admin/), behind the same guard; `guarded`: any other page with `access: admin`. */
export const SCREEN_NAMES = [...SIGN_IN_SCREENS, 'guarded', 'admin'] as const;
export type ScreenName = (typeof SCREEN_NAMES)[number];

export const isSignInScreen = (mount: string | undefined): mount is SignInScreen => (SIGN_IN_SCREENS as readonly string[]).includes(mount ?? '');

/** Who may see a page's screen: everyone, or signed-in administrators (the `admin: true` custom claim). */
export const ACCESS_LEVELS = ['public', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/** The screen a page mounts, from its front matter: the guard for admin pages, else its sign-in screen if any. */
export function screenOf(page: { access: Access; mount?: string }): ScreenName | null {
  if (page.access === 'admin') return page.mount === 'admin' ? 'admin' : 'guarded';
  return isSignInScreen(page.mount) ? page.mount : null;
}
