// The enquiries API's words for the catalogue's failures (api-errors.ts) it shares with publishing.
import type { ApiErrorCode } from './api-errors.ts';

/**
 * The enquiries API's words for the failures it shares with publishing (the same token check, the
 * same codes): an administrator reading enquiries has no draft to keep. A message given as a
 * function rewrites the one answered.
 */
export const ENQUIRY_WORDS: Partial<
  Record<
    ApiErrorCode,
    { title?: string; message?: string | ((said: string) => string); hint?: string }
  >
> = {
  'signed-out': {
    message:
      'Reading the enquiries needs you to be signed in as an administrator, and this request did not say who you are.',
    hint: 'Sign in again, then try once more.',
  },
  'session-expired': { hint: 'Sign in again, then try once more.' },
  'claims-disagree': { hint: 'Sign in again, then try once more.' },
  'not-admin': {
    title: 'Your account cannot read the enquiries',
    message:
      'Only administrators can read and manage the enquiries sent through the quote form, and your account does not have the admin role.',
  },
  'not-set-up': {
    title: 'Enquiries are not set up here',
    message: (said) =>
      said.replace(
        /^This server cannot publish yet: /,
        'This server cannot read the enquiries yet: ',
      ),
    hint: 'A developer needs to finish the set-up described in docs/deploying.md, under "Enquiries: Netlify Forms".',
  },
  'bad-request': {
    message: (said) => said.replace(/^The builder sent/, 'The admin screen sent'),
    hint: 'Reload the page and try again.',
  },
  'server-fault': {
    message:
      'The server failed while answering. Reload the enquiries to see whether anything changed.',
    hint: 'Try again in a moment.',
  },
};
