/**
 * The account services on the Firebase web SDK (modular imports only). Its requests carry the API
 * key and the locale header, and its timeouts (30 s, at most 5 s when offline) are the SDK's own.
 * `initializeAuth` with local persistence is lighter than `getAuth`, which also bundles the
 * popup and redirect code this site does not use. Browser only.
 */
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getIdTokenResult,
  initializeAuth,
  onAuthStateChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  verifyPasswordResetCode,
  type User,
} from 'firebase/auth';
import type { FirebaseWebConfig } from '../../kernel/wire/firebase-config.ts';
import type { AccountServices, AccountUser } from '../../kernel/components/account/services.ts';

const toUser = (user: User | null): AccountUser | null =>
  user ? { uid: user.uid, email: user.email ?? '' } : null;

export function firebaseServices(config: FirebaseWebConfig): AccountServices {
  const { emulator, ...options } = config;
  const auth = initializeAuth(initializeApp(options), {
    persistence: browserLocalPersistence,
    popupRedirectResolver: undefined,
  });
  // Sent as the X-Firebase-Locale header; the service writes its emails in this language.
  auth.languageCode = 'en-GB';
  // Local runs: the emulator answers on this page's own origin (the site server proxies it), so the
  // CSP's connect-src 'self' holds. The SDK's banner would need inline styles, which the CSP forbids.
  if (emulator) connectAuthEmulator(auth, window.location.origin, { disableWarnings: true });

  return {
    watchUser(listener) {
      let unsubscribe: (() => void) | undefined;
      let stopped = false;
      void auth.authStateReady().then(() => {
        if (!stopped) unsubscribe = onAuthStateChanged(auth, (user) => listener(toUser(user)));
      });
      return () => {
        stopped = true;
        unsubscribe?.();
      };
    },
    currentUser: async () => {
      await auth.authStateReady();
      return toUser(auth.currentUser);
    },
    signIn: async (email, password) =>
      toUser((await signInWithEmailAndPassword(auth, email, password)).user)!,
    register: async (email, password) =>
      toUser((await createUserWithEmailAndPassword(auth, email, password)).user)!,
    signOut: () => signOut(auth),
    requestPasswordReset: (email) => sendPasswordResetEmail(auth, email),
    checkResetCode: (code) => verifyPasswordResetCode(auth, code),
    resetPassword: (code, newPassword) => confirmPasswordReset(auth, code, newPassword),
    async isAdmin({ fresh }) {
      const user = auth.currentUser;
      if (!user) return false;
      return (await getIdTokenResult(user, fresh)).claims.admin === true;
    },
    async idToken() {
      await auth.authStateReady();
      return auth.currentUser ? auth.currentUser.getIdToken() : null;
    },
  };
}
