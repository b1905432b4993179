// The local backend's two moves of a change onto the checked-out branch (onto-branch.ts): publishing
// it, once the publish rules let it (publish-rules.ts), and bringing it up to date with that branch.
// Each is one ref transaction that names the values it expects, run again while only the change's
// record moved meanwhile (a check's result kept: record-races.ts); anything else that moved makes it
// fail whole, in words. local-proposals.ts runs them one at a time.
import type { Proposal } from '../../kernel/wire/proposals.ts';
import type { Caller } from '../auth.ts';
import { failure } from '../http.ts';
import { moved } from '../proposals/conflicts.ts';
import { assertMayPublish } from '../proposals/publish-rules.ts';
import { localProposal, openRecord, type LocalStore } from './local-store.ts';
import { blobsAt, bringUpToDate, publishOnBranch, publishTarget } from './onto-branch.ts';
import { againWhileOnlyTheRecordMoved, Raced } from './record-races.ts';

/** Commits the change's files on the checked-out branch as one commit, and moves its record to the published. */
export async function publishLocally(
  store: LocalStore,
  id: string,
  by: Caller,
  scheduled: boolean,
): Promise<Proposal> {
  const { git, records, checks } = store;
  const done = await againWhileOnlyTheRecordMoved(git, async () => {
    const { record, blob: recordBlob } = await openRecord(records, id);
    const tip = await git.resolve(`refs/heads/${record.branch}`);
    const blobs = tip ? await blobsAt(git, tip, record) : new Map<string, string>();
    if (!tip || blobs.size < record.pages.length) throw failure('no-such-proposal');
    const proposal = localProposal(checks, record, tip, blobs);
    assertMayPublish(proposal);
    const { branch, head } = await publishTarget(git, record);
    const kept = await publishOnBranch(git, records, {
      record,
      recordBlob,
      tip,
      blobs,
      branch,
      head,
      by,
      scheduled,
      at: store.now().toISOString(),
    });
    if (kept instanceof Raced) return kept;
    checks.forget(tip);
    return {
      ...proposal,
      state: 'published' as const,
      updated: kept.updated,
      published: kept.published!,
    };
  });
  if (!done)
    throw failure(
      'conflict',
      'The change or the branch it is published on moved while it was being published, so nothing was published. Look at the change again, then publish it.',
    );
  return done;
}

/** Brings the change's branch up to date with the checked-out branch, when it is behind, and checks its new head at once. */
export async function freshenLocally(store: LocalStore, id: string): Promise<void> {
  const { git, records, checks } = store;
  const upToDate = await againWhileOnlyTheRecordMoved(git, async () => {
    const { record, blob } = await openRecord(records, id);
    const [tip, head, branch] = await Promise.all([
      git.resolve(`refs/heads/${record.branch}`),
      git.resolve('HEAD'),
      git.run(['symbolic-ref', '--quiet', '--short', 'HEAD']).catch(() => 'HEAD'),
    ]);
    if (!tip || !head) throw failure('no-such-proposal');
    if (await git.contains(tip, head)) return tip;
    const commit = await bringUpToDate(git, records, {
      record,
      recordBlob: blob,
      tip,
      head,
      branch,
    });
    if (commit instanceof Raced) return commit;
    checks.forget(tip);
    // Checked at once, as GitHub runs the checks on a push: the next run finds their result.
    checks.enqueue(commit, head);
    return commit;
  });
  if (!upToDate) throw moved();
}
