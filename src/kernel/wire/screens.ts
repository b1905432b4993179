// Every script a page can start, in one registry: the layout's widgets (islands) and the screens an
// app page mounts, each screen with its script entries, the JavaScript budget its page is held to
// and whether the auth-client guard stands before it. The layout decides from it which scripts a
// page loads, the bundle which entries to make, and the islands how to start each screen.
import type { ScriptBudget } from './budgets.ts';

/** The interactive widgets of the layout: each is one script entry (src/apps/islands/<name>.ts) and one hydrated root. */
export const ISLAND_NAMES = ['header', 'sidebar', 'contact', 'scroll-top'] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];

/**
 * The enquiry form's own script (src/apps/islands/enquiry-form.ts): no React, run at once by the
 * pages whose blocks hold the form, which it checks and sends in place.
 */
export const ENQUIRY_FORM_SCRIPT = 'enquiry-form';

/** The sign-in screens: a public app page mounts one of them, for anyone. */
export const SIGN_IN_SCREENS = ['login', 'register', 'reset-password'] as const;
export type SignInScreen = (typeof SIGN_IN_SCREENS)[number];

/** The block builder's screens, by the `mount:` of their pages. */
export const BUILDER_SCREENS = [
  'block-builder',
  'block-preview',
  'integrated-builder',
  'test-builder-dashboard',
] as const;
export type BuilderScreen = (typeof BUILDER_SCREENS)[number];

/** Who may see a page's screen: everyone, or signed-in administrators (the `admin: true` custom claim). */
export const ACCESS_LEVELS = ['public', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/** The scripts that start the screens, each an entry of its own. */
export const SIGN_IN_START = 'sign-in-start';
export const GUARD_START = 'guard-start';
/** React alone, evaluated by the guard's starter before the screen's own code (src/apps/islands/react-runtime.ts). */
export const REACT_RUNTIME = 'react-runtime';
/** The Storage SDK: the admin screen's media library, and the builder's drafts and picker. */
export const ADMIN_STORAGE = 'admin-storage';
export const BUILDER_STORAGE = 'bucket-services';
/** The builder screens' stylesheet entry: linked by their pages only, so public pages' CSS is unchanged. */
export const BUILDER_STYLES = 'builder-styles';
/** The builder preview frame's own few rules (the mark on the part being edited), linked in the frame beside the site's stylesheet. */
export const BUILDER_PREVIEW_STYLES = 'builder-preview-styles';

export interface ScreenSpec {
  /** The screen's own script entry. */
  entry: string;
  /** Behind the auth-client guard: signed-in administrators only. */
  guard: boolean;
  budget: ScriptBudget;
  /** The bundle its entries are in: the site's, or the builder's own (assets/builder/, with its own copies of boot and the islands). */
  bundle: 'site' | 'builder';
  /** Entries the screen loads besides its own, in its page's load list and budget. */
  load: readonly string[];
  /** The state the build renders into the app shell before the screen starts, the `data-screen` its element carries. */
  first: SignInScreen | 'guarded' | 'admin';
}

const signIn = (name: SignInScreen): ScreenSpec => ({
  entry: `screen-${name}`,
  guard: false,
  budget: 'jsGzipPerAccountPage',
  bundle: 'site',
  load: [],
  first: name,
});
const builder = (name: BuilderScreen): ScreenSpec => ({
  entry: `builder-${name}`,
  guard: true,
  budget: 'jsGzipPerBuilderPage',
  bundle: 'builder',
  load: [BUILDER_STORAGE],
  first: 'guarded',
});

export const SCREENS = {
  login: signIn('login'),
  register: signIn('register'),
  'reset-password': signIn('reset-password'),
  /** Any other page for administrators: who is signed in, for now. */
  guarded: {
    entry: 'screen-guarded',
    guard: true,
    budget: 'jsGzipPerAccountPage',
    bundle: 'site',
    load: [],
    first: 'guarded',
  },
  /** /admin: what is live, content health and the media library, with its Storage SDK. */
  admin: {
    entry: 'screen-admin',
    guard: true,
    budget: 'jsGzipPerAdminPage',
    bundle: 'site',
    load: [ADMIN_STORAGE],
    first: 'admin',
  },
  'block-builder': builder('block-builder'),
  'block-preview': builder('block-preview'),
  'integrated-builder': builder('integrated-builder'),
  'test-builder-dashboard': builder('test-builder-dashboard'),
} as const satisfies Record<string, ScreenSpec>;
export type ScreenName = keyof typeof SCREENS;

const isOneOf = <T extends string>(
  list: readonly T[],
  value: string | null | undefined,
): value is T => (list as readonly string[]).includes(value ?? '');
export const isSignInScreen = (mount: string | null | undefined): mount is SignInScreen =>
  isOneOf(SIGN_IN_SCREENS, mount);
export const isBuilderScreen = (mount: string | null | undefined): mount is BuilderScreen =>
  isOneOf(BUILDER_SCREENS, mount);

/** The screen a page mounts, from its front matter: a builder screen or the admin screen by name behind the guard, else the guard's own; a sign-in screen on a public page. */
export function screenOf(page: { access: Access; mount?: string | null }): ScreenName | null {
  if (page.access === 'admin')
    return page.mount === 'admin' || isBuilderScreen(page.mount) ? page.mount : 'guarded';
  return isSignInScreen(page.mount) ? page.mount : null;
}

/** The name a script of the builder's bundle is listed under in the assets: "builder/boot". */
export const builderScript = (entry: string) => `builder/${entry}`;
