// One run of the schedule: every change whose time has come is published, once the checks passed
// on the version that is live now, and never otherwise. The same code runs on Netlify (the
// scheduled function, netlify/functions/publish-scheduled.mts) and in `npm start` (its timer,
// src/generator/server/schedule.ts), with the clock given.
//
// A due change whose checks failed is not published, and says why in words; one whose checks are
// still running waits. One whose checks passed on an older version of the site (the live branch
// moved since) is brought up to date with it, its checks run again, and a later run publishes it
// once they pass. A run that was missed (the site was down) is made up by the next: a change is
// due from its time on, and one published well after it says so (LATE_AFTER_MS). Two runs at once
// never publish twice: publishing itself lets only one through (a ref transaction locally,
// GitHub's merge of the head commit), and the other finds the change published and leaves it.
import type { Proposal } from '../../kernel/wire/proposals.ts';
import type { Schedule } from '../../kernel/wire/schedule.ts';
import type { ScheduleRun } from '../../kernel/wire/schedule-run.ts';
import { failure, isApiFailure, type ApiFailure } from '../http.ts';
import type { ProposalsBackend } from '../proposals/backend.ts';
import { dueChanges, publishRefusal } from '../proposals/publish-rules.ts';

/** What a run of the schedule asks of the backend. */
export type ScheduleBackend = Pick<
  ProposalsBackend,
  'openChanges' | 'status' | 'noteSchedule' | 'onLiveNow' | 'freshen' | 'publish'
>;

/**
 * At most this many due changes in one run: a scheduled function has 30 seconds on Netlify, and
 * publishing one on GitHub takes a few (writes are spaced a second apart). The rest are due still,
 * and go at the next run.
 */
export const MOST_PER_RUN = 4;

/** A failure that says the change is no longer open: published or withdrawn by someone else (another run) a moment ago. */
const goneMeanwhile = (error: ApiFailure) =>
  ['proposal-closed', 'no-such-proposal', 'conflict'].includes(error.body.error.code);

export async function publishDue(
  backend: ScheduleBackend,
  now: Date,
  log: (message: string) => void = console.error,
): Promise<ScheduleRun> {
  const report: ScheduleRun = { published: [], waiting: [], notPublished: [] };
  const due = dueChanges(await backend.openChanges(), now, MOST_PER_RUN);
  for (const { id } of due) {
    try {
      const outcome = await publishOne(backend, await backend.status(id), now);
      if (outcome === 'waiting') report.waiting.push(id);
      else if (outcome === 'not-published') report.notPublished.push(id);
      else if (outcome !== 'gone') report.published.push(outcome);
    } catch (error) {
      if (isApiFailure(error) && goneMeanwhile(error)) continue;
      // GitHub unreachable, git failing: the change stays due, and the next run tries again.
      log(
        `The scheduled change ${id} could not be published now; the next run tries again: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return report;
}

type Outcome = Proposal | 'waiting' | 'not-published' | 'gone';

async function publishOne(backend: ScheduleBackend, change: Proposal, now: Date): Promise<Outcome> {
  const schedule = change.schedule;
  if (change.state !== 'open' || !schedule) return 'gone';
  const note = async (
    state: NonNullable<Schedule['note']>['state'],
    why: ApiFailure,
  ): Promise<Outcome> => {
    const { error } = why.body;
    // Said once: a run that finds the same leaves the note as it is.
    if (
      schedule.note?.state !== state ||
      schedule.note.error.code !== error.code ||
      schedule.note.error.message !== error.message
    ) {
      await backend.noteSchedule(change.id, { state, at: now.toISOString(), error });
    }
    return state;
  };
  // The rules publishing applies: failed checks are said on the change; checks still running wait.
  const refusal = publishRefusal(change);
  if (refusal?.body.error.code === 'checks-waiting')
    return note('waiting', failure('schedule-waits'));
  if (refusal) return note('not-published', refusal);
  try {
    if (!(await backend.onLiveNow(change))) {
      await backend.freshen(change.id);
      return await note('waiting', failure('checks-again'));
    }
    return await backend.publish(change.id, { uid: '', name: schedule.by }, true);
  } catch (error) {
    if (!isApiFailure(error) || error.status !== 409 || goneMeanwhile(error)) throw error;
    // Its head moved a moment ago (a page added): its new checks are awaited.
    if (error.body.error.code === 'checks-waiting')
      return note('waiting', failure('schedule-waits'));
    // Publishing refused in words (a page changed on the site since, a review GitHub wants): said on the change.
    return note('not-published', error);
  }
}
