// The GitHub backend of proposals: a change is a branch content/… and a pull request labelled
// "content" whose body carries its facts and schedule (describe.ts); proposing is
// github-propose.ts, publishing github-publish.ts. Its checks and preview are those of the pull
// request's head commit (pulls.ts, checks.ts). A page's published versions are
// github-history.ts's.
import type { Octokit } from 'octokit';
import type { Deploy, Proposal } from '../../kernel/wire/proposals.ts';
import type { Schedule } from '../../kernel/wire/schedule.ts';
import type { Caller } from '../auth.ts';
import { failure } from '../http.ts';
import {
  PUBLISHED_LISTED,
  openChangeOf,
  type ContentSnapshot,
  type OpenChange,
  type ProposalsBackend,
} from '../proposals/backend.ts';
import { moved } from '../proposals/conflicts.ts';
import { withMarker, type ChangeFacts, type ProposalMarker } from '../proposals/describe.ts';
import { deployOf, type CommitStatus } from './checks.ts';
import type { GitHubSettings } from './client.ts';
import { onGitHub, statusOf } from './failures.ts';
import { addToPull, openPull } from './github-propose.ts';
import { mergePull } from './github-publish.ts';
import { proposalOf, pullOf, pullsOf, stateOf, withStatus, type Found } from './pulls.ts';
import { GitHubRepository } from './repository.ts';

export class GitHubProposals implements ProposalsBackend {
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
      (await pullsOf(this.#repository, 'open')).map(({ pull, marker }) =>
        openChangeOf(String(pull.number), pull.title, marker),
      ),
    );
  }

  propose(
    change: ChangeFacts,
    base: ContentSnapshot,
    onto?: Proposal,
  ): Promise<{ proposal: Proposal; added: boolean }> {
    return onGitHub(() =>
      onto
        ? addToPull(this.#repository, onto, change)
        : openPull(this.#repository, change, base, { log: this.log, now: this.now() }),
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
    return onGitHub(() => mergePull(this.#repository, id, by, scheduled, this.now));
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
        ).data.statuses;
      } catch (error) {
        if (statusOf(error) === 404 || statusOf(error) === 422) throw failure('no-such-commit');
        throw error;
      }
      // Netlify's own commit status on the published commit: its deploy, and the link to its log.
      return { commit, ...deployOf(statuses) };
    });
  }
}
