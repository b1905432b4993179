// Where the history API answers (its requests and answers: history.ts). Apart from the schemas, so
// that the builder, which only calls the API, carries the addresses and not zod's parsers.
export const HISTORY_API = '/api/history';
/** Versions a page of the history holds. */
export const VERSIONS_PER_PAGE = 20;
export const historyUrl = (path: string, page: number) =>
  `${HISTORY_API}?path=${encodeURIComponent(path)}&page=${page}`;
export const versionUrl = (path: string, commit: string) =>
  `${HISTORY_API}/${encodeURIComponent(commit)}?path=${encodeURIComponent(path)}`;
