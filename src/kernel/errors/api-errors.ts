import { CHANGE_ERRORS } from './change-errors.ts';
import { KEPT, PROPOSAL_ERRORS } from './proposal-errors.ts';
import { SERVICE_ERRORS } from './service-errors.ts';

/**
 * The catalogue of every failure the site's API answers (the functions, src/functions/), modelled
 * on the problem catalogue beside it: each code has its HTTP status, a title, a message and a hint,
 * in plain en-GB words for the admin using the builder, saying what to do next. A message that
 * depends on the case takes what it needs. Codes never change once published: the builder may act
 * on them. Here, signing in, the requests and the addresses; the failures of proposing and
 * publishing are in proposal-errors.ts and change-errors.ts, those of the services the functions
 * use (GitHub, git, Netlify) in service-errors.ts.
 */

export interface ApiErrorEntry<A extends unknown[] = []> {
  status: number;
  /** What went wrong, in a few words, with no full stop. */
  title: string;
  message: string | ((...args: A) => string);
  /** What to do next. */
  hint?: string;
}

export const API_ERRORS = {
  ...CHANGE_ERRORS,
  'signed-out': {
    status: 401,
    title: 'You are not signed in',
    message:
      'Publishing needs you to be signed in as an administrator, and this request did not say who you are.',
    hint: `Sign in again, then try once more. ${KEPT}`,
  },
  'session-expired': {
    status: 401,
    title: 'Your sign-in has expired',
    message: 'Your sign-in is no longer valid: it has expired, or you were signed out everywhere.',
    hint: `Sign in again, then try once more. ${KEPT}`,
  },
  // Locally only: the Auth emulator's unsigned token says something about the role that its account does not (src/functions/auth.ts).
  'claims-disagree': {
    status: 401,
    title: 'Your sign-in no longer matches your account',
    message:
      'Your sign-in says something about your role that your account does not: the role was changed since you signed in, or the sign-in was altered.',
    hint: `Sign in again, then try once more. ${KEPT}`,
  },
  'not-admin': {
    status: 403,
    title: 'Your account cannot publish',
    message:
      'Only administrators can propose and publish changes to the site, and your account does not have the admin role.',
    hint: "Ask the site's owner to give your account the admin role, then sign in again.",
  },
  'not-set-up': {
    status: 503,
    title: 'Publishing is not set up here',
    message: (what: string) => `This server cannot publish yet: ${what}`,
    hint:
      'A developer needs to finish the set-up described in docs/deploying.md, under "Setting it up on GitHub and Netlify". ' +
      KEPT,
  },
  'bad-request': {
    status: 400,
    title: 'The request was not understood',
    message: (why: string) => `The builder sent something this server does not understand: ${why}`,
    hint: `Reload the builder and try again. ${KEPT}`,
  },
  'too-large': {
    status: 413,
    title: 'The page is too large to publish',
    message: (limit: number) =>
      `A proposal may be at most ${Math.round(limit / 1024)} KB, and this one is larger.`,
    hint: 'Shorten the page, or split it into two pages.',
  },
  ...PROPOSAL_ERRORS,
  ...SERVICE_ERRORS,
  'method-not-allowed': {
    status: 405,
    title: 'This address does not take that request',
    message: (method: string, allowed: string) => `${method} is not used here; ${allowed} is.`,
  },
  'not-found': {
    status: 404,
    title: 'There is nothing at this address',
    message: 'The API has no such address.',
  },
  'server-fault': {
    status: 500,
    title: 'Something went wrong on the server',
    message:
      'The server failed while answering. Nothing was changed by this request unless the list of proposals shows it.',
    hint: `Try again in a moment. ${KEPT}`,
  },
} as const satisfies Record<string, ApiErrorEntry<never[]>>;

export type ApiErrorCode = keyof typeof API_ERRORS;

export { waitWords } from './service-errors.ts';
