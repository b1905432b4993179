// Where a page's published versions are read: one interface, two implementations. On Netlify,
// GitHub's commits for the file on the base branch (src/functions/github/github-history.ts);
// locally, `git log` of the checked-out branch (src/functions/local/local-history.ts). The history
// function knows only this.
import type { PageHistory } from '../../kernel/wire/history.ts';

export interface HistoryBackend {
  /** A page's file's published versions on the base branch, newest first: one page of them (1 the newest), each with its diff against the one before. */
  history(path: string, page: number): Promise<PageHistory>;
  /** The file as it was at a commit, and its blob; 404 in words when that commit does not have it. */
  version(path: string, commit: string): Promise<{ text: string; blob: string }>;
}
