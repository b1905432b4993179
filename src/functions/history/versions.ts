// A page's history as both backends answer it: each reads the commits that changed the file (git
// log locally, GitHub's commits for that path on Netlify), a page of them and the one before, and
// the file's blob and text at each; the versions, their words and their diffs are made here, once.
import {
  VERSIONS_PER_PAGE,
  type PageHistory,
  type PageVersion,
} from '../../kernel/wire/history.ts';
import { proposerIn, shortDiff } from '../proposals/describe.ts';

/** A commit that changed the file, as a backend read it. */
export interface FileCommit {
  commit: string;
  /** The commit's time (when the branch got it), ISO 8601. */
  when: string;
  /** The commit's author's name. */
  author: string;
  message: string;
  /** The file's blob at that commit; undefined when the commit removed it. */
  blob?: string;
}

/**
 * One page of the history: `commits` are the page's (newest first) and, when older ones follow,
 * the next one, which the page's last version is compared with. `texts` holds the file's text by blob.
 */
export function historyPage(
  path: string,
  page: number,
  commits: readonly FileCommit[],
  texts: ReadonlyMap<string, string>,
): PageHistory {
  const textOf = (commit: FileCommit | undefined) =>
    commit?.blob === undefined ? undefined : texts.get(commit.blob);
  const versions = commits.slice(0, VERSIONS_PER_PAGE).map((commit, i): PageVersion => {
    const before = commits[i + 1];
    const change =
      commit.blob === undefined ? 'removed' : before?.blob === undefined ? 'added' : 'changed';
    return {
      commit: commit.commit,
      when: commit.when,
      by: proposerIn(commit.message) ?? commit.author,
      summary: commit.message.split('\n', 1)[0]!.trim(),
      change,
      ...(commit.blob ? { blob: commit.blob } : {}),
      diff: shortDiff(path, textOf(before) ?? '', textOf(commit) ?? ''),
    };
  });
  return { path, page, versions, more: commits.length > VERSIONS_PER_PAGE };
}
