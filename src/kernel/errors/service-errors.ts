// The failures of the services the functions use, in the catalogue (api-errors.ts): GitHub (its
// rate limit, no answer, a refusal of the site's access), the local git repository, and the
// enquiries (one deleted already; Netlify's form submissions refusing, failing or out of reach).
import { KEPT } from './proposal-errors.ts';

export const SERVICE_ERRORS = {
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
} as const;

/** "2 minutes", "45 seconds": how long to wait. */
export function waitWords(seconds: number): string {
  if (seconds >= 90) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} minutes`;
  }
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}
