// Proposing on GitHub: a new change is a branch content/<file>-<yyyymmdd-hhmm> from the base
// branch's head with one commit of its pages' files, and a pull request labelled "content" whose
// body says which pages changed, how, and who proposed it (describe.ts). Nothing half-done is
// left: a branch whose pull request could not be opened is deleted again; of two changes of one
// page opened at the same moment, the first pull request stays and the other is closed again.
// Adding to an open change is a commit on its head as it was read, never forced.
import type { Proposal } from '../../kernel/wire/proposals.ts';
import { failure } from '../http.ts';
import type { ContentSnapshot } from '../proposals/backend.ts';
import { moved, raced } from '../proposals/conflicts.ts';
import {
  branchName,
  commitMessage,
  pullRequestBody,
  readMarker,
  type ChangeFacts,
} from '../proposals/describe.ts';
import { statusOf } from './failures.ts';
import { proposalOf, pullOf, pullsOf, withStatus, type Pull } from './pulls.ts';
import type { GitHubRepository } from './repository.ts';

export const CONTENT_LABEL = 'content';

/** A new change's pull request, from the snapshot its pages were checked against. */
export async function openPull(
  repository: GitHubRepository,
  change: ChangeFacts,
  base: ContentSnapshot,
  { log, now }: { log: (message: string) => void; now: Date },
): Promise<{ proposal: Proposal; added: boolean }> {
  const { octokit, repo, settings } = repository;
  const paths = change.pages.map((page) => page.path);
  const samePages = async () =>
    (await pullsOf(repository, 'open')).filter(({ marker }) =>
      marker.pages.some((page) => paths.includes(page.path)),
    );
  const [first] = await samePages();
  if (first) throw raced(first.marker.author);
  const commit = await repository.commitPages(
    base.commit,
    change.pages,
    commitMessage(change),
    change.author,
  );
  const branch = await repository.newBranch(branchName(paths[0]!, now), commit);
  let pull: Pull;
  try {
    ({ data: pull } = await octokit.rest.pulls.create({
      ...repo,
      title: change.summary,
      head: branch,
      base: settings.base,
      body: pullRequestBody(change, { author: change.author.name }),
    }));
  } catch (error) {
    await repository.deleteBranch(branch);
    throw error;
  }
  // Two changes of one page opened at the same moment: the first stays, this one goes.
  const earlier = (await samePages()).find(({ pull: other }) => other.number < pull.number);
  if (earlier) {
    await octokit.rest.pulls.update({ ...repo, pull_number: pull.number, state: 'closed' });
    await repository.deleteBranch(branch);
    throw raced(earlier.marker.author);
  }
  try {
    await octokit.rest.issues.addLabels({
      ...repo,
      issue_number: pull.number,
      labels: [CONTENT_LABEL],
    });
  } catch (error) {
    // The pull request stands without its label, which is for people: it is still a change.
    log(
      `The pull request #${pull.number} could not be labelled "${CONTENT_LABEL}": ${String(error)}`,
    );
  }
  return {
    proposal: await proposalOf(
      repository,
      { pull, marker: readMarker(pull.body)! },
      { state: 'waiting' },
      { state: 'none' },
    ),
    added: false,
  };
}

/** The open change's branch, with a commit of its pages on its head as it was read (refused when the branch moved since); its body says what it now changes. */
export async function addToPull(
  repository: GitHubRepository,
  onto: Proposal,
  change: ChangeFacts,
): Promise<{ proposal: Proposal; added: boolean }> {
  const { octokit, repo } = repository;
  const found = await pullOf(repository, onto.id);
  const { pull, marker } = found;
  if (pull.state !== 'open')
    throw failure('proposal-closed', pull.merged_at ? 'published' : 'withdrawn');
  if (pull.head.sha !== onto.commit) throw moved();
  const commit = await repository.commitPages(
    onto.commit,
    change.pages,
    commitMessage(change),
    change.author,
  );
  if (commit === onto.commit) return { proposal: await withStatus(repository, found), added: true };
  try {
    // Not forced: GitHub moves the branch only from the commit this one was made on.
    await octokit.rest.git.updateRef({
      ...repo,
      ref: `heads/${pull.head.ref}`,
      sha: commit,
      force: false,
    });
  } catch (error) {
    if (statusOf(error) === 422) throw moved();
    throw error;
  }
  // Still the first proposer's pull request (each commit names who added it), saying what it now changes, its schedule kept.
  const body = pullRequestBody(
    { ...change, author: { uid: '', name: marker.author } },
    { author: marker.author, ...(marker.schedule ? { schedule: marker.schedule } : {}) },
  );
  const { data: updated } = await octokit.rest.pulls.update({
    ...repo,
    pull_number: pull.number,
    body,
  });
  const proposal = await proposalOf(
    repository,
    { pull: updated, marker: readMarker(updated.body) ?? marker },
    { state: 'waiting' },
    { state: 'none' },
  );
  return { proposal, added: true };
}
