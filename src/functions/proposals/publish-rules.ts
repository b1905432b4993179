// When a change may be published, or given a time to be: the rules both backends (GitHub's and
// the local one), the proposals function and the scheduled run apply, written once. A change is
// published only while it is open and its checks passed on its head commit; what each backend
// checks besides, it checks in its own terms (GitHub: its merge, the pages unchanged on the base
// branch since; locally: the checked-out branch, uncommitted work, the pages unchanged since).
import type { Proposal } from '../../kernel/wire/proposals.ts';
import type { Schedule } from '../../kernel/wire/schedule.ts';
import { failure, type ApiFailure } from '../http.ts';

/** Why the change may not be published now, in words; undefined when it may. */
export function publishRefusal(proposal: Proposal): ApiFailure | undefined {
  if (proposal.state !== 'open') return failure('proposal-closed', proposal.state);
  if (proposal.checks.state === 'failed')
    return failure('checks-failed', proposal.checks.firstProblem ?? 'no problem was named.');
  if (proposal.checks.state !== 'passed') return failure('checks-waiting');
  return undefined;
}

/** Throws publishRefusal's answer, if there is one. */
export function assertMayPublish(proposal: Proposal): void {
  const refusal = publishRefusal(proposal);
  if (refusal) throw refusal;
}

/**
 * Why the change may not be given a time, in words; undefined when it may. A time is first set
 * once it may be published; a time already set may be changed whatever the checks say now.
 */
export function scheduleRefusal(proposal: Proposal): ApiFailure | undefined {
  if (proposal.schedule && proposal.state === 'open') return undefined;
  return publishRefusal(proposal);
}

/** Whether a change's time has come: from its time on, so a run that was missed is made up by the next. */
export const isDue = (change: { schedule?: Schedule }, now: Date): boolean =>
  change.schedule !== undefined && Date.parse(change.schedule.at) <= now.getTime();

/** The changes due now, the earliest first, at most `most` of them (the rest wait for the next run). */
export function dueChanges<C extends { schedule?: Schedule }>(
  changes: readonly C[],
  now: Date,
  most: number,
): C[] {
  return changes
    .filter((change) => isDue(change, now))
    .sort((a, b) => a.schedule!.at.localeCompare(b.schedule!.at))
    .slice(0, most);
}
