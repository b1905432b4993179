// A page's published versions on GitHub: the commits API for its file on the base branch
// (GET /repos/{owner}/{repo}/commits?path=&sha=), and each version's file by the contents API at
// that commit, kept for the function's life since a commit never changes.
import type { Octokit } from 'octokit';
import { VERSIONS_PER_PAGE, type PageHistory } from '../../kernel/wire/history.ts';
import type { HistoryBackend } from '../history/backend.ts';
import { historyPage, type FileCommit } from '../history/versions.ts';
import { failure } from '../http.ts';
import type { GitHubSettings } from './client.ts';
import { onGitHub } from './failures.ts';
import { GitHubRepository } from './repository.ts';

export async function githubHistory(
  repository: GitHubRepository,
  path: string,
  page: number,
): Promise<PageHistory> {
  const { octokit, repo, settings } = repository;
  // The commits that changed the file on the base branch (GitHub's, for that path), and the one before the page's last.
  const query = { ...repo, sha: settings.base, path };
  const { data } = await octokit.rest.repos.listCommits({
    ...query,
    per_page: VERSIONS_PER_PAGE,
    page,
  });
  const next =
    data.length === VERSIONS_PER_PAGE
      ? (
          await octokit.rest.repos.listCommits({
            ...query,
            per_page: 1,
            page: page * VERSIONS_PER_PAGE + 1,
          })
        ).data
      : [];
  const listed = [...data, ...next];
  const blobsAt = await Promise.all(listed.map(({ sha }) => repository.fileAt(path, sha)));
  const texts = await repository.readBlobs(blobsAt.filter((blob): blob is string => blob !== null));
  const commits = listed.map(({ sha, commit, author }, i): FileCommit => ({
    commit: sha,
    when: commit.committer?.date ?? commit.author?.date ?? '',
    author: commit.author?.name ?? author?.login ?? 'someone',
    message: commit.message,
    ...(blobsAt[i] ? { blob: blobsAt[i] } : {}),
  }));
  return historyPage(path, page, commits, texts);
}

export async function githubVersion(
  repository: GitHubRepository,
  path: string,
  commit: string,
): Promise<{ text: string; blob: string }> {
  const blob = await repository.fileAt(path, commit);
  const text = blob === null ? undefined : (await repository.readBlobs([blob])).get(blob);
  if (blob === null || text === undefined) throw failure('no-such-version', path);
  return { text, blob };
}

/** The history backend on GitHub: the base branch's commits of each page's file. */
export class GitHubHistory implements HistoryBackend {
  readonly #repository: GitHubRepository;

  constructor(
    octokit: Octokit,
    settings: Pick<GitHubSettings, 'owner' | 'repo' | 'base'>,
    log: (message: string) => void = console.error,
  ) {
    this.#repository = new GitHubRepository(octokit, settings, log);
  }

  history(path: string, page: number): Promise<PageHistory> {
    return onGitHub(() => githubHistory(this.#repository, path, page));
  }

  version(path: string, commit: string): Promise<{ text: string; blob: string }> {
    return onGitHub(() => githubVersion(this.#repository, path, commit));
  }
}
