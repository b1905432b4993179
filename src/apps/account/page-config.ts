// The sign-in configuration the build put on the app shell's mount element (data-firebase), read in
// one place, once per page. A build without it (no FIREBASE_* variables) has account pages that
// say sign-in is not set up, and the page logs why as an error, once.
import type { FirebaseWebConfig } from '../../kernel/wire/firebase-config.ts';

const MISSING_CONFIG_ERROR =
  'Missing backend API key: sign-in is not set up on this build. Set FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN, FIREBASE_PROJECT_ID, FIREBASE_STORAGE_BUCKET and FIREBASE_APP_ID in the build environment (see docs/deploying.md).';

let read: FirebaseWebConfig | null | undefined;

/** The page's sign-in configuration; null, with the error logged, when the build rendered none. */
export function pageConfig(): FirebaseWebConfig | null {
  if (read === undefined) {
    const json = document.getElementById('app-root')?.dataset.firebase;
    read = json ? (JSON.parse(json) as FirebaseWebConfig) : null;
    if (!read) console.error(MISSING_CONFIG_ERROR);
  }
  return read;
}
