// The history API (src/kernel/wire/history.ts), as the function answers it: who is calling (an
// administrator, or 401/403: the publishing function's own check, src/functions/auth.ts), which
// page's file (400 for anything the builder could not propose), then the history backend
// (backend.ts; made in src/functions/setup.ts): git locally, GitHub on Netlify.
import { isProblem, readEntry } from '../../kernel/content/read-entry.ts';
import { isGitSha } from '../../kernel/wire/git-sha.ts';
import { HistoryQuerySchema, type PageVersionFile } from '../../kernel/wire/history.ts';
import type { VerifyToken } from '../auth.ts';
import { failure, json } from '../http.ts';
import { routeHandler, type Route } from '../routes.ts';
import { pageKindOf } from '../proposals/check-proposal.ts';
import type { HistoryBackend } from './backend.ts';

export interface HistorySetup {
  verify: VerifyToken;
  backend: HistoryBackend;
}

/** The page's path (and page of versions) the query names, or 400 in words. */
function queryOf(url: URL) {
  const query = HistoryQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) {
    const issue = query.error.issues[0]!;
    throw failure('bad-request', `"${issue.path.join('.')}": ${issue.message}.`);
  }
  pageKindOf(query.data.path);
  return query.data;
}

/** The history API's routes: both need the admin role. */
export const HISTORY_ROUTES: readonly Route<HistorySetup>[] = [
  {
    method: 'GET',
    path: '/api/history',
    admin: true,
    async answer({ url, setup }) {
      const { path, page } = queryOf(url);
      return json(200, await setup.backend.history(path, page));
    },
  },
  {
    method: 'GET',
    path: '/api/history/:commit',
    admin: true,
    async answer({ url, params, setup }) {
      const { path } = queryOf(url);
      const commit = params.commit!;
      if (!isGitSha(commit)) throw failure('no-such-version', path);
      const { text, blob } = await setup.backend.version(path, commit);
      // Read as the build reads it, so the builder opens it as it opens the live page (its payload).
      const entry = readEntry(path, text);
      if (isProblem(entry))
        throw failure('version-unreadable', path, `line ${entry.line}: ${entry.message}`);
      const file: PageVersionFile = {
        path,
        commit,
        blob,
        text,
        data: (entry.data ?? {}) as Record<string, unknown>,
        body: entry.body,
      };
      return json(200, file);
    },
  },
];

/** The handler, for a setup made on each request (so that a missing setting is answered 503 in words, not a crash). */
export const historyHandler = (
  setup: () => HistorySetup | Promise<HistorySetup>,
  log: (message: string) => void = console.error,
) => routeHandler(HISTORY_ROUTES, setup, { log });
