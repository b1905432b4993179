// Publishing a change on GitHub: its pull request squash-merged (one commit of all its pages) at
// the head commit its checks passed on, once the publish rules let it (publish-rules.ts), GitHub
// finds it mergeable, and no page of it changed on the base branch since; then its branch deleted.
import type { Proposal } from '../../kernel/wire/proposals.ts';
import type { Caller } from '../auth.ts';
import { failure } from '../http.ts';
import { publishMessage } from '../proposals/describe.ts';
import { assertMayPublish } from '../proposals/publish-rules.ts';
import { githubFailure, githubMessage, statusOf } from './failures.ts';
import { pullOf, withStatus, type Pull } from './pulls.ts';
import type { GitHubRepository } from './repository.ts';

export async function mergePull(
  repository: GitHubRepository,
  id: string,
  by: Caller,
  scheduled: boolean,
  now: () => Date,
): Promise<Proposal> {
  const { octokit, repo } = repository;
  const found = await pullOf(repository, id);
  const { pull, marker } = found;
  const proposal = await withStatus(repository, found);
  assertMayPublish(proposal);
  if (pull.mergeable === false)
    throw failure(
      'not-mergeable',
      'it conflicts with changes made to the site since it was proposed.',
    ).with({ url: pull.html_url });
  // Every page on the base branch as the change found it, or publishing would undo a change made since.
  await repository.unchangedSince(
    pull.head.sha,
    marker.pages.map((page) => page.path),
    pull.html_url,
  );
  let merged: { sha?: string };
  try {
    // Only the head commit the checks passed on: GitHub refuses (409) if the branch moved since.
    ({ data: merged } = await octokit.rest.pulls.merge({
      ...repo,
      pull_number: pull.number,
      merge_method: 'squash',
      sha: pull.head.sha,
      commit_title: `${pull.title} (#${pull.number})`,
      commit_message: publishMessage(
        { summary: pull.title, pages: marker.pages },
        marker.author,
        by,
        scheduled,
      ),
    }));
  } catch (error) {
    // Published by someone else a moment ago (another scheduled run): say so rather than GitHub's "not mergeable".
    if (
      statusOf(error) === 405 &&
      (await octokit.rest.pulls.get({ ...repo, pull_number: pull.number })).data.merged
    )
      throw failure('proposal-closed', 'published');
    throw mergeFailure(error, pull);
  }
  await repository.deleteBranch(pull.head.ref);
  const at = now().toISOString();
  const { commit: _merged, ...closed } = proposal;
  return {
    ...closed,
    state: 'published',
    updated: at,
    ...(merged.sha ? { published: { commit: merged.sha, at } } : {}),
  };
}

/** GitHub's refusal to merge, in words: a review the repository requires, or its own reason; anything else as githubFailure answers it. */
function mergeFailure(error: unknown, pull: Pull): unknown {
  const status = statusOf(error);
  const reason = githubMessage(error);
  if (status === 405 && /review/i.test(reason))
    return failure('review-required', reason).with({ reviewRequired: true, url: pull.html_url });
  if (status === 405) return failure('not-mergeable', reason).with({ url: pull.html_url });
  if (status === 409)
    return failure(
      'conflict',
      `The change moved while it was being published. GitHub says: ${reason}`,
    );
  return githubFailure(error);
}
