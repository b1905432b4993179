// The error table: every kind of sign-in error has plain en-GB words, shown next to
// the field it concerns; no raw auth/… code ever reaches the visitor.
import { describe, expect, it } from 'vitest';
import {
  AUTH_ERRORS,
  describeAuthError,
  type AuthErrorKind,
} from '../../../../../src/kernel/components/account/auth-errors.ts';

/** A FirebaseError as the SDK throws it: a code and a message that names it. */
const firebaseError = (code: string) =>
  Object.assign(new Error(`Firebase: Error (${code}).`), { code, name: 'FirebaseError' });

/** Each kind the issue lists, the code the SDK throws for it, where its message goes, and a phrase it must say. */
const KINDS: [AuthErrorKind, string, 'email' | 'password' | 'form', RegExp][] = [
  ['invalid-email', 'auth/invalid-email', 'email', /right format/],
  ['wrong-password', 'auth/wrong-password', 'password', /password is not right/],
  ['missing-password', 'auth/missing-password', 'password', /Enter your password/],
  [
    'invalid-credential',
    'auth/invalid-credential',
    'form',
    /email address or password is not right.*Forgot your password.*create one/s,
  ],
  [
    'email-already-in-use',
    'auth/email-already-in-use',
    'email',
    /already an account.*Sign in instead/,
  ],
  ['user-not-found', 'auth/user-not-found', 'email', /no account with this email address/],
  ['too-many-requests', 'auth/too-many-requests', 'form', /wait a few minutes/],
  ['weak-password', 'auth/weak-password', 'password', /at least 6 characters/],
  [
    'expired-or-invalid-action-code',
    'auth/expired-action-code',
    'form',
    /expired or has already been used.*Ask for a new link/,
  ],
  [
    'expired-or-invalid-action-code',
    'auth/invalid-action-code',
    'form',
    /expired or has already been used/,
  ],
  ['user-disabled', 'auth/user-disabled', 'form', /turned off.*contact us/],
  ['requires-recent-login', 'auth/requires-recent-login', 'form', /sign in again/],
  [
    'network-request-failed',
    'auth/network-request-failed',
    'form',
    /could not reach the sign-in service.*connection/,
  ],
  [
    'account-exists-with-different-credential',
    'auth/account-exists-with-different-credential',
    'form',
    /different way of signing in/,
  ],
  ['multi-factor-auth-required', 'auth/multi-factor-auth-required', 'form', /second sign-in step/],
];

describe('the sign-in error table', () => {
  it.each(KINDS)('%s (%s) is shown by the %s field in plain words', (kind, code, field, says) => {
    const described = describeAuthError(firebaseError(code));
    expect(described).toEqual({ kind, field, message: AUTH_ERRORS[kind].message });
    expect(described.message).toMatch(says);
    expect(described.message).not.toMatch(/auth\/|Firebase|[a-z]+-[a-z]+-[a-z]+/);
  });

  it('has every kind of sign-in error, and nothing but them and the fallback', () => {
    expect(Object.keys(AUTH_ERRORS).sort()).toEqual(
      [...new Set(KINDS.map(([kind]) => kind)), 'unknown'].sort(),
    );
  });

  it('maps each code to one kind only', () => {
    const codes = Object.values(AUTH_ERRORS).flatMap((entry) => entry.codes);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('gives an unknown code, a plain Error or nothing at all the fallback message, never the code', () => {
    for (const error of [
      firebaseError('auth/internal-error'),
      new Error('boom'),
      undefined,
      'text',
    ]) {
      const described = describeAuthError(error);
      expect(described.kind).toBe('unknown');
      expect(described.field).toBe('form');
      expect(described.message).toMatch(/try again/);
      expect(described.message).not.toContain('auth/');
    }
  });

  it('writes British English: none of the US spellings the content lint knows, here or in the screens', async () => {
    const { findUsSpellings } =
      await import('../../../../../src/kernel/lint/rules/british-spelling.ts');
    const { readFileSync, readdirSync } = await import('node:fs');
    const screens = readdirSync('src/kernel/components/account').map((name) =>
      readFileSync(`src/kernel/components/account/${name}`, 'utf8'),
    );
    const text = [...Object.values(AUTH_ERRORS).map((entry) => entry.message), ...screens].join(
      '\n',
    );
    expect(findUsSpellings(text).map((hit) => hit.message)).toEqual([]);
  });
});
