// The failures of changes and of publishing at a time, in the catalogue (api-errors.ts) like every
// other: a change of too many pages or of one named twice, a page held by another change, a time
// to publish at that the calendar or the clocks do not have, and what the scheduled run says on a
// change it could not publish yet. The catalogue's own type holds each entry to its shape.
const KEPT = 'Your draft is kept in the builder.';

export const CHANGE_ERRORS = {
  'too-many-pages': {
    status: 400,
    title: 'Too many pages in one change',
    message: (count: number, most: number) =>
      `A change may hold at most ${most} pages, and this one names ${count}.`,
    hint: `Propose the pages as two changes or more. ${KEPT}`,
  },
  'page-twice': {
    status: 400,
    title: 'A page is named twice',
    message: (path: string) =>
      `The change names ${path} twice, so it is not clear which version to propose.`,
    hint: 'Name each page once, with the version you want.',
  },
  'page-in-another-change': {
    status: 409,
    title: 'This page is in another change',
    message: (path: string, summary: string) =>
      `${path} is already in another change waiting to be published (“${summary}”), so it cannot be added to this one.`,
    hint: `Add your edit to that change instead, or publish or withdraw it first. ${KEPT}`,
  },
  'no-such-time': {
    status: 400,
    title: 'There is no such date or time',
    message: (what: string) => `${what} is not a date and time of the calendar.`,
    hint: 'Choose the day and the time again.',
  },
  'time-passed': {
    status: 400,
    title: 'That time has passed',
    message: (words: string) => `${words} is already past, on the clocks in the UK.`,
    hint: 'Choose a time from now on, or publish the change now.',
  },
  'time-too-far': {
    status: 400,
    title: 'That time is too far ahead',
    message: (words: string) => `${words} is more than a year from now.`,
    hint: 'Choose a time within the next year.',
  },
  'clocks-skip': {
    status: 400,
    title: 'The clocks skip that time',
    message: (words: string) =>
      `${words} does not happen in the UK: that night the clocks go forward from 01:00 to 02:00.`,
    hint: 'Choose a time before 01:00, or from 02:00.',
  },
  'clocks-repeat': {
    status: 400,
    title: 'The clocks show that time twice',
    message: (words: string) =>
      `${words} happens twice in the UK: that night the clocks go back from 02:00 to 01:00, so it could mean either.`,
    hint: 'Choose a time before 01:00, or from 02:00.',
  },
  'schedule-waits': {
    status: 409,
    title: 'Waiting for the checks',
    message:
      'Its time has come, but the site’s checks on this change have not finished. It is published at the first run after they pass.',
  },
  'checks-again': {
    status: 409,
    title: 'The checks are running again',
    message:
      'The site has changed since this change’s checks ran, so they run again on the version that is live now. It is published at the first run after they pass.',
  },
} as const;
