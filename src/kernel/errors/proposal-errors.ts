// The failures of proposing a page and of publishing a change, in the catalogue (api-errors.ts):
// a file that cannot be proposed or has problems, a page changed or held meanwhile, a change
// closed, unchecked or refused, and a page's version that cannot be found or opened.

/** Said wherever a failure leaves the admin's work where it was. */
export const KEPT = 'Your draft is kept in the builder.';

export const PROPOSAL_ERRORS = {
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
} as const;
