import { CHANGE_ERRORS } from './change-errors.ts';

/**
 * The catalogue of every failure the site's API answers (the proposals function,
 * src/functions/), modelled on the problem catalogue beside it: each code has its HTTP status, a
 * title, a message and a hint, in plain en-GB words for the admin using the builder, saying what
 * to do next. A message that depends on the case takes what it needs. Codes never change once
 * published: the builder may act on them.
 */

export interface ApiErrorEntry<A extends unknown[] = []> {
  status: number;
  /** What went wrong, in a few words, with no full stop. */
  title: string;
  message: string | ((...args: A) => string);
  /** What to do next. */
  hint?: string;
}

const KEPT = 'Your draft is kept in the builder.';

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
  'bad-path': {
    status: 400,
    title: 'This file cannot be proposed',
    message: (why: string) => why,
    hint: 'Only pages, services and areas can be proposed from the builder.',
  },
  'content-problems': {
    status: 422,
    title: 'The page has problems',
    message: (count: number) =>
      `The site's checks found ${count === 1 ? 'a problem' : `${count} problems`} in this page, so it was not proposed.`,
    hint: 'Correct each problem listed, then propose the page again.',
  },
  'library-unreachable': {
    status: 503,
    title: 'The media library could not be reached',
    message: (detail: string) =>
      `The page uses photos from the media library, and the library could not be asked whether they are there and have alt text, so the page was not proposed. ${detail}`,
    hint: `This is usually brief: try again in a minute. ${KEPT}`,
  },
  'no-change': {
    status: 409,
    title: 'Nothing has changed',
    message: 'The page is exactly as it is on the site, so there is nothing to propose.',
    hint: 'Make your change in the builder first.',
  },
  'page-exists': {
    status: 409,
    title: 'This page already exists',
    message: (path: string) =>
      `There is already a file ${path} on the site, so a new page cannot take its name.`,
    hint: 'Give the new page another name, or open the existing page in the builder and edit it there.',
  },
  'page-changed': {
    status: 409,
    title: 'This page has changed since you opened it',
    message:
      'Someone changed this page on the site after you opened it in the builder, on the same lines as you or next to them, so the two changes cannot be joined. Proposing yours would undo theirs.',
    hint: `Look at what they changed (below), then start again from the newer version and make your change there. ${KEPT}`,
  },
  'proposal-changed': {
    status: 409,
    title: 'Someone else has a change of this page waiting',
    message: (who: string, summary: string) =>
      `${who} proposed a change to this page (“${summary}”) that is waiting to be published, on the same lines as yours or next to them, so the two changes cannot be joined. Proposing yours as it is would undo theirs.`,
    hint: `Look at what they changed (below), then start again from their version and make your change there, or talk to them first. ${KEPT}`,
  },
  'unknown-version': {
    status: 409,
    title: 'The builder could not say which version you started from',
    message: (path: string) =>
      `Your change names a version of ${path} that this page never had, so it cannot be compared with the page as it is now. Nothing was proposed.`,
    hint: `Open the page again in the builder, which offers your draft back, and propose it from there. ${KEPT}`,
  },
  'page-removed': {
    status: 409,
    title: 'This page has been removed since you opened it',
    message: (path: string) => `${path} is no longer on the site.`,
    hint: `Ask whoever removed it, or start a new page from your draft. ${KEPT}`,
  },
  'site-has-problems': {
    status: 409,
    title: 'The site itself has problems',
    message: (first: string) =>
      `The site's content on the live branch does not pass its own checks, so no page can be checked against it. The first problem: ${first}`,
    hint: 'A developer needs to fix the live branch first (npm run check shows every problem).',
  },
  'no-such-proposal': {
    status: 404,
    title: 'There is no such proposal',
    message: 'This proposal does not exist: it may have been published or withdrawn already.',
    hint: 'Reload the list of proposals.',
  },
  'no-such-commit': {
    status: 404,
    title: 'There is no such published change',
    message: "The site's history has no such commit: it may have been rewritten since.",
    hint: 'Open the page on the site to see what is live.',
  },
  'no-such-version': {
    status: 404,
    title: 'There is no such version of this page',
    message: (path: string) =>
      `This version of ${path} could not be found in the site's history: it may belong to another page, or the history may have been rewritten.`,
    hint: 'Close the history and open it again: it lists the versions there are.',
  },
  'version-unreadable': {
    status: 422,
    title: 'This version cannot be opened in the builder',
    message: (path: string, why: string) =>
      `This version of ${path} is not a file the builder can read (${why}).`,
    hint: 'Choose another version, or ask a developer to restore this one.',
  },
  'proposal-closed': {
    status: 409,
    title: 'This proposal is closed',
    message: (state: string) => `This proposal has already been ${state}.`,
    hint: 'Reload the list of proposals.',
  },
  'checks-waiting': {
    status: 409,
    title: 'The checks have not finished',
    message:
      "The site's checks on this proposal are still waiting or running. It can be published once they have passed.",
    hint: 'Wait a minute, then try again.',
  },
  'checks-failed': {
    status: 409,
    title: 'The checks failed',
    message: (first: string) =>
      `The site's checks failed on this proposal, so it cannot be published. The first problem: ${first}`,
    hint: 'Correct the page in the builder and propose it again: the new version is added to this proposal.',
  },
  'review-required': {
    status: 409,
    title: 'A review is needed first',
    message: (reason: string) =>
      `The repository asks for someone to review this change before it is published. GitHub says: ${reason}`,
    hint: 'Ask a reviewer to approve the pull request (the link is below); publish it once they have.',
  },
  'not-mergeable': {
    status: 409,
    title: 'GitHub cannot publish this proposal',
    message: (reason: string) => `GitHub refused to merge it. It says: ${reason}`,
    hint: 'Open the pull request on GitHub to see why, or withdraw this proposal and propose the page again.',
  },
  conflict: {
    status: 409,
    title: 'Someone else changed this at the same time',
    message: (what: string) => what,
    hint: `Reload, then try again. ${KEPT}`,
  },
  'uncommitted-change': {
    status: 409,
    title: 'The file has unsaved work in this checkout',
    message: (path: string) =>
      `${path} has changes in this checkout that are not committed. Publishing would mix them with the proposal.`,
    hint: 'Commit or discard your own changes to that file (git status shows them), then publish again.',
  },
  'changed-on-branch': {
    status: 409,
    title: 'The page has changed on this branch',
    message: (path: string, branch: string) =>
      `${path} was changed on ${branch} after this proposal was made, so publishing it would undo that change.`,
    hint: 'Withdraw this proposal, open the page again in the builder and propose it anew.',
  },
  'no-branch': {
    status: 409,
    title: 'No branch is checked out',
    message:
      'This checkout is not on a branch (its HEAD is detached), so there is nowhere to publish to.',
    hint: 'Check out a branch (git switch main), then publish again.',
  },
  'rate-limited': {
    status: 429,
    title: 'GitHub asks us to slow down',
    message: (seconds: number | undefined) =>
      seconds === undefined
        ? 'GitHub has had too many requests from this site for now.'
        : `GitHub has had too many requests from this site for now, and will take more in ${waitWords(seconds)}.`,
    hint: `Try again then. ${KEPT}`,
  },
  'github-unreachable': {
    status: 502,
    title: 'GitHub could not be reached',
    message: (detail: string) => `GitHub did not answer as it should (${detail}).`,
    hint: `This is usually brief: try again in a minute. ${KEPT}`,
  },
  'github-refused': {
    status: 502,
    title: "GitHub refused the site's access",
    message: (detail: string) =>
      `GitHub did not let the site do this (${detail}). The site's GitHub App may be missing a permission, or its key may have changed.`,
    hint:
      'A developer needs to check the GitHub App and the environment variables (docs/deploying.md, "Setting it up on GitHub and Netlify"). ' +
      KEPT,
  },
  'git-failed': {
    status: 500,
    title: 'The local repository could not be used',
    message: (detail: string) => `git failed: ${detail}`,
    hint: 'Check the repository with git status, then try again.',
  },
  'no-such-enquiry': {
    status: 404,
    title: 'There is no such enquiry',
    message: 'This enquiry does not exist: it may have been deleted already.',
    hint: 'Reload the enquiries.',
  },
  'netlify-refused': {
    status: 502,
    title: "Netlify refused the site's access",
    message: (detail: string) =>
      `Netlify did not let the site read its form submissions (${detail}). The access token may have expired or been revoked.`,
    hint: 'A developer needs to make a new personal access token on Netlify and set NETLIFY_API_TOKEN (docs/deploying.md, "Environment variables"). The enquiries are safe on Netlify meanwhile.',
  },
  'netlify-failed': {
    status: 502,
    title: 'Netlify could not answer',
    message: (detail: string) =>
      `Netlify's form submissions service did not answer as it should (${detail}).`,
    hint: 'This is usually brief: try again in a minute. The enquiries are safe on Netlify meanwhile.',
  },
  'netlify-unreachable': {
    status: 503,
    title: 'Netlify could not be reached',
    message: (detail: string) =>
      `Netlify's form submissions service could not be reached (${detail}).`,
    hint: 'This is usually brief: try again in a minute. The enquiries are safe on Netlify meanwhile.',
  },
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

/** "2 minutes", "45 seconds": how long to wait. */
export function waitWords(seconds: number): string {
  if (seconds >= 90) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} minutes`;
  }
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}
