/** Spec §8, "Missing backend API key: logged as an error": logged once by an account page of a build without sign-in configuration. */
export const MISSING_CONFIG_ERROR =
  'Missing backend API key: sign-in is not set up on this build. Set FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN, FIREBASE_PROJECT_ID, FIREBASE_STORAGE_BUCKET and FIREBASE_APP_ID in the build environment (see the README).';

/** The sign-in configuration the build put on the app shell's mount element (data-firebase), as JSON; null when it has none. */
export function configJsonOnPage(): string | null {
  return document.getElementById('app-root')?.dataset.firebase ?? null;
}
