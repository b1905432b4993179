// The Firebase web configuration the account pages use: read once, at build time, from Netlify's
// build environment (or, for `npm start` and `npm test`, the local Auth emulator's), carried on
// the site model and rendered into the app shell's mount element as JSON (src/kernel/templates/app-shell.tsx).
// The browser only reads it: nothing here is secret (a web API key identifies the project; the
// service's own rules protect the data).
import { z } from 'zod';

export const FirebaseWebConfigSchema = z.strictObject({
  apiKey: z.string().min(1),
  authDomain: z.string().min(1),
  projectId: z.string().min(1),
  storageBucket: z.string().min(1),
  appId: z.string().min(1),
  /** Local runs only: the browser talks to the Auth emulator through the page's own origin (src/generator/server/emulator-proxy.ts). */
  emulator: z.literal(true).optional(),
});
export type FirebaseWebConfig = z.infer<typeof FirebaseWebConfigSchema>;

/** The build environment variable behind each field (Netlify: Site configuration → Environment variables). */
export const FIREBASE_ENV = {
  apiKey: 'FIREBASE_API_KEY',
  authDomain: 'FIREBASE_AUTH_DOMAIN',
  projectId: 'FIREBASE_PROJECT_ID',
  storageBucket: 'FIREBASE_STORAGE_BUCKET',
  appId: 'FIREBASE_APP_ID',
} as const satisfies Record<Exclude<keyof FirebaseWebConfig, 'emulator'>, string>;

/** The emulator's project: a `demo-` id never reaches a real project, even by mistake. */
export const LOCAL_PROJECT_ID = 'demo-ardent';

/** What a local build embeds: the emulator accepts any API key, and the page's origin is its address. */
export const LOCAL_EMULATOR_CONFIG: FirebaseWebConfig = {
  apiKey: 'local-emulator-key',
  authDomain: '127.0.0.1',
  projectId: LOCAL_PROJECT_ID,
  storageBucket: `${LOCAL_PROJECT_ID}.appspot.com`,
  appId: 'local-emulator-app',
  emulator: true,
};

export interface ConfigFromEnv {
  config: FirebaseWebConfig | undefined;
  /** The variables that are unset (all five when sign-in is simply not set up). */
  missing: string[];
}

/**
 * The production configuration from the build environment. All five variables or none: with any
 * missing the build still succeeds, and the account pages say that sign-in is not set up. It never
 * carries emulator settings: only a local build (`--auth-emulator`) does.
 */
export function firebaseConfigFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): ConfigFromEnv {
  const entries = Object.entries(FIREBASE_ENV).map(
    ([field, name]) => [field, env[name]?.trim() ?? ''] as const,
  );
  const missing = entries
    .filter(([, value]) => value === '')
    .map(([field]) => FIREBASE_ENV[field as keyof typeof FIREBASE_ENV]);
  if (missing.length > 0) return { config: undefined, missing };
  return { config: FirebaseWebConfigSchema.parse(Object.fromEntries(entries)), missing };
}

/**
 * FIREBASE_AUTH_EMULATOR_HOST makes firebase-admin talk to an emulator and accept unsigned ID
 * tokens, so a deploy must never have it: Netlify passes its build variables to functions too.
 * Netlify sets NETLIFY=true in its builds.
 */
export function emulatorHostProblem(
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  if (env.NETLIFY !== 'true' || !env.FIREBASE_AUTH_EMULATOR_HOST) return undefined;
  return (
    'FIREBASE_AUTH_EMULATOR_HOST is set in this Netlify build. It makes firebase-admin accept unsigned tokens, so it must ' +
    "only ever be set by local runs: remove it from the site's environment variables (Site configuration → Environment variables)."
  );
}
