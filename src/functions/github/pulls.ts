// The builder's pull requests, as the GitHub backend reads them: a change is a pull request whose
// branch is content/… and whose body carries the change's facts (describe.ts's marker: its pages,
// who proposed it, its schedule); its checks and preview are those of its head commit (checks.ts).
import type { Proposal } from '../../kernel/wire/proposals.ts';
import { failure } from '../http.ts';
import { readMarker, type ProposalMarker } from '../proposals/describe.ts';
import { checksOf, failedRun, previewOf, type Annotation } from './checks.ts';
import { statusOf } from './failures.ts';
import type { GitHubRepository } from './repository.ts';

/** What the backend reads of a pull request. */
export interface Pull {
  number: number;
  title: string;
  body?: string | null;
  state: string;
  merged_at?: string | null;
  merged?: boolean;
  merge_commit_sha?: string | null;
  html_url: string;
  created_at: string;
  updated_at: string;
  mergeable?: boolean | null;
  head: { ref: string; sha: string };
}

export interface Found {
  pull: Pull;
  marker: ProposalMarker;
}

const markerOfPull = (pull: Pull) =>
  pull.head.ref.startsWith('content/') ? readMarker(pull.body) : undefined;

/** The builder's pull requests into the base branch, open or (lately) closed. */
export async function pullsOf(
  repository: GitHubRepository,
  state: 'open' | 'closed',
): Promise<Found[]> {
  const { data } = await repository.octokit.rest.pulls.list({
    ...repository.repo,
    state,
    base: repository.settings.base,
    per_page: 100,
    ...(state === 'closed' ? { sort: 'updated' as const, direction: 'desc' as const } : {}),
  });
  return data.flatMap((pull) => {
    const marker = markerOfPull(pull);
    return marker ? [{ pull, marker }] : [];
  });
}

export async function pullOf(repository: GitHubRepository, id: string): Promise<Found> {
  if (!/^\d{1,9}$/.test(id)) throw failure('no-such-proposal');
  let pull: Pull;
  try {
    ({ data: pull } = await repository.octokit.rest.pulls.get({
      ...repository.repo,
      pull_number: Number(id),
    }));
  } catch (error) {
    if (statusOf(error) === 404) throw failure('no-such-proposal');
    throw error;
  }
  const marker = markerOfPull(pull);
  if (!marker) throw failure('no-such-proposal');
  return { pull, marker };
}

export const stateOf = (pull: Pull): Proposal['state'] =>
  pull.merged_at || pull.merged ? 'published' : pull.state === 'open' ? 'open' : 'withdrawn';

/** The change as the API shows it, with its head commit and each page's blob there while it is open. */
export async function proposalOf(
  repository: GitHubRepository,
  { pull, marker }: Found,
  checks: Proposal['checks'],
  preview: Proposal['preview'],
): Promise<Proposal> {
  const state = stateOf(pull);
  const pages = await Promise.all(
    marker.pages.map(async (page) => {
      const blob = state === 'open' ? await repository.fileAt(page.path, pull.head.sha) : null;
      return { ...page, ...(blob ? { blob } : {}) };
    }),
  );
  return {
    id: String(pull.number),
    branch: pull.head.ref,
    pages,
    summary: pull.title,
    author: marker.author,
    created: pull.created_at,
    updated: pull.updated_at,
    url: pull.html_url,
    state,
    checks,
    preview,
    local: false,
    ...(state === 'open' ? { commit: pull.head.sha } : {}),
    ...(state === 'published' && pull.merge_commit_sha && pull.merged_at
      ? { published: { commit: pull.merge_commit_sha, at: pull.merged_at } }
      : {}),
    ...(marker.schedule ? { schedule: marker.schedule } : {}),
  };
}

/** The change with its head commit's checks and preview. */
export async function withStatus(repository: GitHubRepository, found: Found): Promise<Proposal> {
  const { octokit, repo } = repository;
  const ref = found.pull.head.sha;
  const [{ data: runs }, { data: combined }] = await Promise.all([
    octokit.rest.checks.listForRef({ ...repo, ref, per_page: 100 }),
    octokit.rest.repos.getCombinedStatusForRef({ ...repo, ref, per_page: 100 }),
  ]);
  const failed = failedRun(runs.check_runs);
  const annotations = failed
    ? ((
        await octokit.rest.checks.listAnnotations({
          ...repo,
          check_run_id: failed.id,
          per_page: 50,
        })
      ).data as Annotation[])
    : [];
  return proposalOf(
    repository,
    found,
    checksOf(runs.check_runs, annotations),
    previewOf(combined.statuses),
  );
}
