/**
 * Every kind of sign-in error, in one table: the Firebase Auth codes behind it, the
 * field it concerns (its message is shown next to that field, in an element with role="alert"),
 * and what the visitor reads, in plain en-GB that says what to do. A raw `auth/…` code is never
 * shown: a code that is not in the table gets the `unknown` message.
 */
export type AuthErrorField = 'email' | 'password' | 'form';

/**
 * The password rule the registration and reset forms show before the visitor types: Firebase
 * Authentication's own default policy. A project that sets a stricter password policy changes it here.
 */
export const PASSWORD_MIN_LENGTH = 6;

export interface AuthErrorEntry {
  codes: readonly string[];
  field: AuthErrorField;
  message: string;
}

export const AUTH_ERRORS = {
  'invalid-email': {
    codes: ['auth/invalid-email', 'auth/missing-email'],
    field: 'email',
    message: 'Enter your email address in the right format, like name@example.co.uk.',
  },
  'wrong-password': {
    codes: ['auth/wrong-password'],
    field: 'password',
    message:
      'That password is not right. Check it (is Caps Lock on?) and try again, or use "Forgot your password?" to set a new one.',
  },
  'missing-password': {
    codes: ['auth/missing-password'],
    field: 'password',
    message: 'Enter your password.',
  },
  // Projects with email-enumeration protection answer a wrong password and an unknown email
  // alike, so the message covers both and says what to do about each.
  'invalid-credential': {
    codes: ['auth/invalid-credential', 'auth/invalid-login-credentials'],
    field: 'form',
    message:
      'The email address or password is not right. Check both for typing mistakes (and that Caps Lock is off). ' +
      'If you have forgotten your password, use "Forgot your password?" to set a new one; if you have no account yet, create one.',
  },
  'email-already-in-use': {
    codes: ['auth/email-already-in-use'],
    field: 'email',
    message:
      'There is already an account with this email address. Sign in instead, or use "Forgot your password?" on the sign-in page if you cannot remember it.',
  },
  'user-not-found': {
    codes: ['auth/user-not-found'],
    field: 'email',
    message:
      'There is no account with this email address. Check it for typing mistakes, or create an account.',
  },
  'too-many-requests': {
    codes: ['auth/too-many-requests'],
    field: 'form',
    message:
      'There have been too many attempts in a short time, so sign-in is paused for a while. Please wait a few minutes and try again, or use "Forgot your password?" to set a new one.',
  },
  'weak-password': {
    codes: ['auth/weak-password', 'auth/password-does-not-meet-requirements'],
    field: 'password',
    message: `Choose a longer password: at least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words together make a strong one that is easy to remember.`,
  },
  'expired-or-invalid-action-code': {
    codes: ['auth/expired-action-code', 'auth/invalid-action-code'],
    field: 'form',
    message:
      'This password reset link has expired or has already been used. Ask for a new link below; it works once, for one hour.',
  },
  'user-disabled': {
    codes: ['auth/user-disabled'],
    field: 'form',
    message:
      'This account has been turned off. If you think that is a mistake, please contact us by phone or email.',
  },
  'requires-recent-login': {
    codes: ['auth/requires-recent-login'],
    field: 'form',
    message: 'For your security, please sign out, sign in again, then try once more.',
  },
  'network-request-failed': {
    codes: ['auth/network-request-failed', 'auth/timeout'],
    field: 'form',
    message:
      'We could not reach the sign-in service. Check your internet connection, then try again.',
  },
  'account-exists-with-different-credential': {
    codes: ['auth/account-exists-with-different-credential'],
    field: 'form',
    message:
      'An account with this email address already exists, with a different way of signing in. Sign in with your email address and password instead.',
  },
  'multi-factor-auth-required': {
    codes: ['auth/multi-factor-auth-required'],
    field: 'form',
    message:
      'This account needs a second sign-in step, which this site does not offer. Please contact us by phone or email and we will help.',
  },
  unknown: {
    codes: [],
    field: 'form',
    message:
      'Something went wrong on our side. Please try again in a minute; if it keeps happening, contact us by phone or email.',
  },
} as const satisfies Record<string, AuthErrorEntry>;

export type AuthErrorKind = keyof typeof AUTH_ERRORS;

export interface DescribedAuthError {
  kind: AuthErrorKind;
  field: AuthErrorField;
  message: string;
}

const kindByCode = new Map<string, AuthErrorKind>(
  Object.entries(AUTH_ERRORS).flatMap(([kind, entry]) =>
    entry.codes.map((code) => [code, kind as AuthErrorKind] as const),
  ),
);

/** The table's entry for whatever a sign-in call threw (a FirebaseError has a `code`). */
export function describeAuthError(error: unknown): DescribedAuthError {
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const kind = kindByCode.get(code) ?? 'unknown';
  const { field, message } = AUTH_ERRORS[kind];
  return { kind, field, message };
}
