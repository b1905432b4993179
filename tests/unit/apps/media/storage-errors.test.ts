// The storage error table: every storage error code has plain en-GB words that say what to do; no raw
// storage/… code reaches the administrator; `unauthenticated` offers to sign in again and
// `canceled` is an outcome, not an error. Errors are the SDK's own StorageError.
import { StorageError, StorageErrorCode } from 'firebase/storage';
import { describe, expect, it } from 'vitest';
import {
  describeStorageError,
  STORAGE_ERRORS,
  type StorageErrorKind,
} from '../../../../src/apps/media/storage-errors.ts';

/** Each storage error code, the SDK's code for it (with its HTTP status where it has one), and a phrase its message must say. */
const CODES: [StorageErrorKind, StorageErrorCode, number | undefined, RegExp][] = [
  ['unknown', StorageErrorCode.UNKNOWN, undefined, /Something went wrong.*try again/],
  [
    'object-not-found',
    StorageErrorCode.OBJECT_NOT_FOUND,
    404,
    /no longer in the media library.*Reload/,
  ],
  [
    'bucket-not-found',
    StorageErrorCode.BUCKET_NOT_FOUND,
    404,
    /storage could not be found.*tell the website’s developer/,
  ],
  [
    'quota-exceeded',
    StorageErrorCode.QUOTA_EXCEEDED,
    402,
    /library is full.*Delete photos you no longer need/,
  ],
  ['unauthenticated', StorageErrorCode.UNAUTHENTICATED, 401, /sign-in has run out.*Sign in again/],
  [
    'unauthorized',
    StorageErrorCode.UNAUTHORIZED,
    403,
    /not allowed to change the media library.*admin role/,
  ],
  [
    'unauthorized-app',
    StorageErrorCode.UNAUTHORIZED_APP,
    undefined,
    /not allowed to use the media library/,
  ],
  [
    'retry-limit-exceeded',
    StorageErrorCode.RETRY_LIMIT_EXCEEDED,
    undefined,
    /did not answer in time.*internet connection/,
  ],
  ['canceled', StorageErrorCode.CANCELED, undefined, /Upload cancelled: nothing was added/],
  ['invalid-url', StorageErrorCode.INVALID_URL, undefined, /does not point to a photo.*Copy link/],
  ['invalid-argument', StorageErrorCode.INVALID_ARGUMENT, undefined, /not valid.*try again/],
  ['other', StorageErrorCode.SERVER_FILE_WRONG_SIZE, undefined, /could not do that.*try again/],
];

describe('the storage error table', () => {
  it.each(CODES)('%s (storage/%s) reads as plain words', (kind, code, status, says) => {
    const described = describeStorageError(new StorageError(code, 'the SDK’s own message', status));
    expect(described.kind).toBe(kind);
    expect(described.message).toBe(STORAGE_ERRORS[kind].message);
    expect(described.message).toMatch(says);
    expect(described.message).not.toMatch(/storage\/|\b\d{3}\b/);
  });

  it('offers to sign in again for unauthenticated only, and treats canceled as an outcome only', () => {
    for (const [kind, code] of CODES) {
      const described = describeStorageError(new StorageError(code, ''));
      expect(described.signInAgain, kind).toBe(kind === 'unauthenticated');
      expect(described.outcome, kind).toBe(kind === 'canceled');
    }
  });

  it('has every storage error code and nothing else', () => {
    expect(Object.keys(STORAGE_ERRORS).sort()).toEqual(CODES.map(([kind]) => kind).sort());
  });

  it('maps every code the SDK can throw to one entry, and anything unrecognised to the fallbacks', () => {
    const codes = Object.values(STORAGE_ERRORS).flatMap((entry) => entry.codes);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of Object.values(StorageErrorCode))
      expect(describeStorageError({ code: `storage/${code}` }).message).not.toContain(code);
    expect(describeStorageError(new TypeError('Failed to fetch')).kind).toBe('unknown');
    expect(describeStorageError({ code: 'storage/something-new' }).kind).toBe('other');
  });
});
