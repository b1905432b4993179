// The GitHub backend: a change is a branch content/<file>-<yyyymmdd-hhmm> from the base branch's
// head, commits of its pages' files, and a pull request labelled "content" whose body says which
// pages changed, how, and who proposed it, and carries its facts and schedule (describe.ts). Its
// checks and preview are those of the pull request's head commit (pulls.ts, checks.ts).
// Publishing squash-merges that head commit (one commit of all its pages) once its checks passed
// and GitHub agrees, and only while no page changed on the base branch since. Nothing half-done
// is left: a branch whose pull request could not be opened is deleted again, and a branch of that
// name left without a pull request is reused; of two changes of one page opened at the same
// moment, the first pull request stays and the other is closed again.
import type { Octokit } from 'octokit';
import type { PageHistory } from '../../kernel/wire/history.ts';
import type { Deploy, Proposal } from '../../kernel/wire/proposals.ts';
import type { Schedule } from '../../kernel/wire/schedule.ts';
import type { Caller } from '../auth.ts';
import { failure, type ApiFailure } from '../http.ts';
import {
  PUBLISHED_LISTED,
  type Backend,
  type ContentSnapshot,
  type OpenChange,
} from '../proposals/backend.ts';
import {
  branchName,
  commitMessage,
  publishMessage,
  pullRequestBody,
  readMarker,
  withMarker,
  type ChangeFacts,
  type ProposalMarker,
} from '../proposals/describe.ts';
import { deployOf, type CommitStatus } from './checks.ts';
import type { GitHubSettings } from './client.ts';
import { githubFailure, githubMessage, onGitHub, statusOf } from './failures.ts';
import { githubHistory, githubVersion } from './github-history.ts';
import {
  proposalOf,
  pullOf,
  pullsOf,
  stateOf,
  withStatus,
  type Found,
  type Pull,
} from './pulls.ts';
import { GitHubRepository } from './repository.ts';

export const CONTENT_LABEL = 'content';

const raced = (who: string) =>
  failure(
    'conflict',
    `${who} proposed a change to one of these pages at the same moment, so yours was not proposed. Propose it again: it is joined with theirs when the two touch different lines.`,
  );
const moved = () =>
  failure(
    'conflict',
    'Someone added to this change at the same moment, so your version was not added. Propose it again: it is joined with theirs when the two touch different lines.',
  );

export class GitHubBackend implements Backend {
  readonly local = false;
  readonly #repository: GitHubRepository;

  constructor(
    octokit: Octokit,
    private readonly settings: Pick<GitHubSettings, 'owner' | 'repo' | 'base'>,
    private readonly log: (message: string) => void = console.error,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.#repository = new GitHubRepository(octokit, settings, log);
  }

  get #octokit() {
    return this.#repository.octokit;
  }

  get #repo() {
    return this.#repository.repo;
  }

  snapshot(): Promise<ContentSnapshot> {
    return this.#repository.snapshot();
  }

  readBlobs(names: readonly string[]): Promise<Map<string, string>> {
    return this.#repository.readBlobs(names);
  }

  openChanges(): Promise<OpenChange[]> {
    return onGitHub(async () =>
      (await pullsOf(this.#repository, 'open')).map(({ pull, marker }) => ({
        id: String(pull.number),
        summary: pull.title,
        paths: marker.pages.map((page) => page.path),
        ...(marker.schedule ? { schedule: marker.schedule } : {}),
      })),
    );
  }

  propose(
    change: ChangeFacts,
    base: ContentSnapshot,
    onto?: Proposal,
  ): Promise<{ proposal: Proposal; added: boolean }> {
    return onGitHub(async () => {
      if (onto) return { proposal: await this.#addTo(onto, change), added: true };
      const paths = change.pages.map((page) => page.path);
      const samePages = async () =>
        (await pullsOf(this.#repository, 'open')).filter(({ marker }) =>
          marker.pages.some((page) => paths.includes(page.path)),
        );
      const [first] = await samePages();
      if (first) throw raced(first.marker.author);
      const commit = await this.#repository.commitPages(
        base.commit,
        change.pages,
        commitMessage(change),
        change.author,
      );
      const branch = await this.#repository.newBranch(branchName(paths[0]!, this.now()), commit);
      let pull: Pull;
      try {
        ({ data: pull } = await this.#octokit.rest.pulls.create({
          ...this.#repo,
          title: change.summary,
          head: branch,
          base: this.settings.base,
          body: pullRequestBody(change, { author: change.author.name }),
        }));
      } catch (error) {
        await this.#repository.deleteBranch(branch);
        throw error;
      }
      // Two changes of one page opened at the same moment: the first stays, this one goes.
      const earlier = (await samePages()).find(({ pull: other }) => other.number < pull.number);
      if (earlier) {
        await this.#octokit.rest.pulls.update({
          ...this.#repo,
          pull_number: pull.number,
          state: 'closed',
        });
        await this.#repository.deleteBranch(branch);
        throw raced(earlier.marker.author);
      }
      try {
        await this.#octokit.rest.issues.addLabels({
          ...this.#repo,
          issue_number: pull.number,
          labels: [CONTENT_LABEL],
        });
      } catch (error) {
        // The pull request stands without its label, which is for people: it is still a change.
        this.log(
          `The pull request #${pull.number} could not be labelled "${CONTENT_LABEL}": ${String(error)}`,
        );
      }
      return {
        proposal: await proposalOf(
          this.#repository,
          { pull, marker: readMarker(pull.body)! },
          { state: 'waiting' },
          { state: 'none' },
        ),
        added: false,
      };
    });
  }

  /** The open change's branch, with a commit of its pages on its head as it was read (refused when the branch moved since); its body says what it now changes. */
  async #addTo(onto: Proposal, change: ChangeFacts): Promise<Proposal> {
    const found = await pullOf(this.#repository, onto.id);
    const { pull, marker } = found;
    if (pull.state !== 'open')
      throw failure('proposal-closed', pull.merged_at ? 'published' : 'withdrawn');
    if (pull.head.sha !== onto.commit) throw moved();
    const commit = await this.#repository.commitPages(
      onto.commit,
      change.pages,
      commitMessage(change),
      change.author,
    );
    if (commit === onto.commit) return withStatus(this.#repository, found);
    try {
      // Not forced: GitHub moves the branch only from the commit this one was made on.
      await this.#octokit.rest.git.updateRef({
        ...this.#repo,
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
    const { data: updated } = await this.#octokit.rest.pulls.update({
      ...this.#repo,
      pull_number: pull.number,
      body,
    });
    return proposalOf(
      this.#repository,
      { pull: updated, marker: readMarker(updated.body) ?? marker },
      { state: 'waiting' },
      { state: 'none' },
    );
  }

  list(): Promise<Proposal[]> {
    return onGitHub(async () => {
      const proposals = await Promise.all(
        (await pullsOf(this.#repository, 'open')).map((found) =>
          withStatus(this.#repository, found),
        ),
      );
      return proposals.sort((a, b) => b.created.localeCompare(a.created));
    });
  }

  published(): Promise<Proposal[]> {
    return onGitHub(async () => {
      const merged = (await pullsOf(this.#repository, 'closed'))
        .filter(({ pull }) => pull.merged_at)
        .sort((a, b) => b.pull.merged_at!.localeCompare(a.pull.merged_at!));
      return Promise.all(
        merged
          .slice(0, PUBLISHED_LISTED)
          .map((found) =>
            proposalOf(this.#repository, found, { state: 'passed' }, { state: 'none' }),
          ),
      );
    });
  }

  status(id: string): Promise<Proposal> {
    return onGitHub(async () => withStatus(this.#repository, await pullOf(this.#repository, id)));
  }

  publish(id: string, by: Caller, scheduled = false): Promise<Proposal> {
    return onGitHub(async () => {
      const found = await pullOf(this.#repository, id);
      const { pull, marker } = found;
      const proposal = await withStatus(this.#repository, found);
      if (proposal.state !== 'open') throw failure('proposal-closed', proposal.state);
      if (proposal.checks.state === 'failed')
        throw failure('checks-failed', proposal.checks.firstProblem ?? 'no problem was named.');
      if (proposal.checks.state !== 'passed') throw failure('checks-waiting');
      if (pull.mergeable === false)
        throw failure(
          'not-mergeable',
          'it conflicts with changes made to the site since it was proposed.',
        ).with({ url: pull.html_url });
      // Every page on the base branch as the change found it, or publishing would undo a change made since.
      await this.#repository.unchangedSince(
        pull.head.sha,
        marker.pages.map((page) => page.path),
        pull.html_url,
      );
      let merged: { sha?: string };
      try {
        // Only the head commit the checks passed on: GitHub refuses (409) if the branch moved since.
        ({ data: merged } = await this.#octokit.rest.pulls.merge({
          ...this.#repo,
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
          (await this.#octokit.rest.pulls.get({ ...this.#repo, pull_number: pull.number })).data
            .merged
        )
          throw failure('proposal-closed', 'published');
        throw mergeFailure(error, pull);
      }
      await this.#repository.deleteBranch(pull.head.ref);
      const at = this.now().toISOString();
      const { commit: _merged, ...closed } = proposal;
      return {
        ...closed,
        state: 'published',
        updated: at,
        ...(merged.sha ? { published: { commit: merged.sha, at } } : {}),
      };
    });
  }

  withdraw(id: string): Promise<Proposal> {
    return onGitHub(async () => {
      const { pull, marker } = await pullOf(this.#repository, id);
      if (pull.state !== 'open')
        throw failure('proposal-closed', pull.merged_at ? 'published' : 'withdrawn');
      const { data: closed } = await this.#octokit.rest.pulls.update({
        ...this.#repo,
        pull_number: pull.number,
        state: 'closed',
      });
      await this.#repository.deleteBranch(pull.head.ref);
      return proposalOf(
        this.#repository,
        { pull: closed, marker },
        { state: 'waiting' },
        { state: 'none' },
      );
    });
  }

  schedule(id: string, schedule: Schedule | undefined): Promise<Proposal> {
    return onGitHub(async () => {
      const found = await pullOf(this.#repository, id);
      if (stateOf(found.pull) !== 'open') throw failure('proposal-closed', stateOf(found.pull));
      const { schedule: _old, ...marker } = found.marker;
      return withStatus(
        this.#repository,
        await this.#remark(found, { ...marker, ...(schedule ? { schedule } : {}) }),
      );
    });
  }

  noteSchedule(id: string, note: NonNullable<Schedule['note']>): Promise<void> {
    return onGitHub(async () => {
      const found = await pullOf(this.#repository, id);
      if (stateOf(found.pull) === 'open' && found.marker.schedule)
        await this.#remark(found, {
          ...found.marker,
          schedule: { ...found.marker.schedule, note },
        });
    });
  }

  /** The pull request with other facts in its body's marker: its time, or what the scheduled run found. */
  async #remark({ pull }: Found, marker: ProposalMarker): Promise<Found> {
    const { data: updated } = await this.#octokit.rest.pulls.update({
      ...this.#repo,
      pull_number: pull.number,
      body: withMarker(pull.body, marker),
    });
    return { pull: updated, marker };
  }

  onLiveNow(proposal: Proposal): Promise<boolean> {
    return onGitHub(
      async () =>
        Boolean(proposal.commit) && this.#repository.contains(proposal.commit!, this.settings.base),
    );
  }

  freshen(id: string): Promise<void> {
    return onGitHub(async () => {
      const { pull, marker } = await pullOf(this.#repository, id);
      if (stateOf(pull) !== 'open') throw failure('proposal-closed', stateOf(pull));
      await this.#repository.unchangedSince(
        pull.head.sha,
        marker.pages.map((page) => page.path),
        pull.html_url,
      );
      try {
        // GitHub's "Update branch": the base branch merged into the change's, from the head as read; its checks run again on the result.
        await this.#octokit.rest.pulls.updateBranch({
          ...this.#repo,
          pull_number: pull.number,
          expected_head_sha: pull.head.sha,
        });
      } catch (error) {
        if (statusOf(error) === 422) throw moved();
        throw error;
      }
    });
  }

  history(path: string, page: number): Promise<PageHistory> {
    return onGitHub(() => githubHistory(this.#repository, path, page));
  }

  version(path: string, commit: string): Promise<{ text: string; blob: string }> {
    return onGitHub(() => githubVersion(this.#repository, path, commit));
  }

  deploy(commit: string, live: string | undefined): Promise<Deploy> {
    return onGitHub(async () => {
      if (live && (live === commit || (await this.#repository.contains(live, commit))))
        return { commit, state: 'live' };
      let statuses: CommitStatus[];
      try {
        statuses = (
          await this.#octokit.rest.repos.getCombinedStatusForRef({
            ...this.#repo,
            ref: commit,
            per_page: 100,
          })
        ).data.statuses as CommitStatus[];
      } catch (error) {
        if (statusOf(error) === 404 || statusOf(error) === 422) throw failure('no-such-commit');
        throw error;
      }
      // Netlify's own commit status on the published commit: its deploy, and the link to its log.
      return { commit, ...deployOf(statuses) };
    });
  }
}

/** GitHub's refusal to merge, in words: a review the repository requires, or its own reason. */
function mergeFailure(error: unknown, pull: Pull): ApiFailure | unknown {
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
