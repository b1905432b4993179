/**
 * Every storage error code, in one table: the Firebase Storage codes behind it and what
 * the administrator reads, in plain en-GB that says what to do. A raw `storage/…` code is never
 * shown: a code not in the table gets the `other` message. `canceled` is an outcome, not an
 * error; `unauthenticated` offers to sign in again.
 */
export interface StorageErrorEntry {
  codes: readonly string[];
  message: string;
  /** The screen offers "Sign in again" next to the message. */
  signInAgain?: true;
  /** A normal outcome (the administrator cancelled), announced politely rather than as an error. */
  outcome?: true;
}

export const STORAGE_ERRORS = {
  unknown: {
    codes: ['storage/unknown'],
    message:
      'Something went wrong with the media library. Please try again in a minute; if it keeps happening, tell the website’s developer.',
  },
  'object-not-found': {
    codes: ['storage/object-not-found'],
    message:
      'This photo is no longer in the media library: someone may have deleted it. Reload the page to see what the library holds now.',
  },
  'bucket-not-found': {
    codes: [
      'storage/bucket-not-found',
      'storage/project-not-found',
      'storage/no-default-bucket',
      'storage/invalid-default-bucket',
    ],
    message:
      'The media library’s storage could not be found, so the website’s storage settings are probably wrong. Please tell the website’s developer (FIREBASE_STORAGE_BUCKET).',
  },
  'quota-exceeded': {
    codes: ['storage/quota-exceeded'],
    message:
      'The media library is full: the storage plan’s limit has been reached. Delete photos you no longer need, or ask whoever looks after the Firebase account to raise the limit, then try again.',
  },
  unauthenticated: {
    codes: ['storage/unauthenticated'],
    message:
      'Your sign-in has run out, so the media library did not accept this. Sign in again, then try once more: nothing was changed.',
    signInAgain: true,
  },
  unauthorized: {
    codes: ['storage/unauthorized'],
    message:
      'Your account is not allowed to change the media library: only administrators can add, change or delete photos. If you should be one, ask an administrator to give your account the admin role, then sign in again.',
  },
  'unauthorized-app': {
    codes: ['storage/unauthorized-app'],
    message:
      'This copy of the website is not allowed to use the media library (the service’s app check refused it). Please tell the website’s developer.',
  },
  'retry-limit-exceeded': {
    codes: ['storage/retry-limit-exceeded'],
    message:
      'The media library did not answer in time, even after trying again for a while. Check your internet connection, then try again.',
  },
  canceled: {
    codes: ['storage/canceled'],
    message: 'Upload cancelled: nothing was added to the library.',
    outcome: true,
  },
  'invalid-url': {
    codes: ['storage/invalid-url'],
    message:
      'That address does not point to a photo in the media library. Use “Copy link” or “Copy for Markdown” in the photo’s details to get one that does.',
  },
  'invalid-argument': {
    codes: [
      'storage/invalid-argument',
      'storage/invalid-argument-count',
      'storage/invalid-root-operation',
      'storage/invalid-format',
      'storage/no-download-url',
    ],
    message:
      'The media library could not accept that: a file name or a value is not valid. Check the file’s name and the fields you filled in, then try again.',
  },
  other: {
    codes: [],
    message:
      'The media library could not do that. Please try again; if it keeps happening, tell the website’s developer what you were doing.',
  },
} as const satisfies Record<string, StorageErrorEntry>;

export type StorageErrorKind = keyof typeof STORAGE_ERRORS;

export interface DescribedStorageError {
  kind: StorageErrorKind;
  message: string;
  signInAgain: boolean;
  outcome: boolean;
}

const kindByCode = new Map<string, StorageErrorKind>(
  Object.entries(STORAGE_ERRORS).flatMap(([kind, entry]) =>
    entry.codes.map((code) => [code, kind as StorageErrorKind] as const),
  ),
);

/** The table's entry for whatever a storage call threw (a StorageError has a `code`). */
export function describeStorageError(error: unknown): DescribedStorageError {
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const kind = kindByCode.get(code) ?? (code ? 'other' : 'unknown');
  const entry: StorageErrorEntry = STORAGE_ERRORS[kind];
  return {
    kind,
    message: entry.message,
    signInAgain: entry.signInAgain === true,
    outcome: entry.outcome === true,
  };
}
