// A page's published versions in the local repository: `git log` of its file on the checked-out
// branch (the branch publishing commits to), and each version's file by `git cat-file`, one
// process for all.
import { VERSIONS_PER_PAGE, type PageHistory } from '../../kernel/wire/history.ts';
import type { HistoryBackend } from '../history/backend.ts';
import { historyPage, type FileCommit } from '../history/versions.ts';
import { failure } from '../http.ts';
import { Git, onGit } from './git.ts';

export async function localHistory(git: Git, path: string, page: number): Promise<PageHistory> {
  // The page's versions and the one before them, from the checked-out branch (what publishing commits to).
  const log = await git.run([
    'log',
    '--format=%H%x1f%cI%x1f%an%x1f%B%x1e',
    `--skip=${(page - 1) * VERSIONS_PER_PAGE}`,
    `--max-count=${VERSIONS_PER_PAGE + 1}`,
    'HEAD',
    '--',
    path,
  ]);
  const entries = log
    .split('\x1e')
    .map((entry) => entry.replace(/^\n/, ''))
    .filter(Boolean)
    .map((entry) => entry.split('\x1f') as [string, string, string, string]);
  const files = await git.objects(entries.map(([commit]) => `${commit}:${path}`));
  const texts = new Map<string, string>();
  const commits = entries.map(([commit, when, author, message]): FileCommit => {
    const file = files.get(`${commit}:${path}`);
    if (file) texts.set(file.sha, file.bytes.toString('utf8'));
    return { commit, when, author, message, ...(file ? { blob: file.sha } : {}) };
  });
  return historyPage(path, page, commits, texts);
}

export async function localVersion(
  git: Git,
  path: string,
  commit: string,
): Promise<{ text: string; blob: string }> {
  const file = (await git.objects([`${commit}:${path}`])).get(`${commit}:${path}`);
  if (!file) throw failure('no-such-version', path);
  return { text: file.bytes.toString('utf8'), blob: file.sha };
}

/** The history backend locally: the checked-out branch's commits of each page's file. */
export class LocalHistory implements HistoryBackend {
  readonly #git: Git;

  constructor(dir: string) {
    this.#git = new Git(dir);
  }

  history(path: string, page: number): Promise<PageHistory> {
    return onGit(() => localHistory(this.#git, path, page));
  }

  version(path: string, commit: string): Promise<{ text: string; blob: string }> {
    return onGit(() => localVersion(this.#git, path, commit));
  }
}
