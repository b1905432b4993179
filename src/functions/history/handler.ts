// The history API (src/kernel/wire/history.ts), as the function answers it: who is calling (an
// administrator, or 401/403: the publishing function's own check, src/functions/auth.ts), which
// page's file (400 for anything the builder could not propose), then the backend the proposals
// function uses (src/functions/proposals/setup.ts): git locally, GitHub on Netlify.
import { isProblem, readEntry } from '../../kernel/content/read-entry.ts';
import { HistoryQuerySchema, isGitSha, type PageVersionFile } from '../../kernel/wire/history.ts';
import { adminCaller, type VerifyToken } from '../auth.ts';
import { answering, failure, json } from '../http.ts';
import type { Backend } from '../proposals/backend.ts';
import { pageKindOf } from '../proposals/check-proposal.ts';

export interface HistorySetup {
  verify: VerifyToken;
  backend: Backend;
}

/** The handler, for a setup made on each request (so that a missing setting is answered 503 in words, not a crash). */
export function historyHandler(setup: () => HistorySetup | Promise<HistorySetup>, log: (message: string) => void = console.error) {
  return (req: Request, params: Readonly<Record<string, string | undefined>> = {}): Promise<Response> => answering(req, () => route(req, params, setup), { log });
}

async function route(req: Request, params: Readonly<Record<string, string | undefined>>, setup: () => HistorySetup | Promise<HistorySetup>): Promise<Response> {
  const url = new URL(req.url);
  const [, , , segment, ...rest] = url.pathname.split('/');
  if (rest.length > 0 || segment === '') throw failure('not-found');
  if (req.method !== 'GET') throw failure('method-not-allowed', req.method, 'GET').with({}, { allow: 'GET' });

  const { verify, backend } = await setup();
  await adminCaller(req, verify);
  const query = HistoryQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) {
    const issue = query.error.issues[0]!;
    throw failure('bad-request', `"${issue.path.join('.')}": ${issue.message}.`);
  }
  const { path, page } = query.data;
  pageKindOf(path);
  if (segment === undefined) return json(200, await backend.history(path, page));
  const commit = params.commit ?? segment;
  if (!isGitSha(commit)) throw failure('no-such-version', path);
  const { text, blob } = await backend.version(path, commit);
  // Read as the build reads it, so the builder opens it as it opens the live page (its payload).
  const entry = readEntry(path, text);
  if (isProblem(entry)) throw failure('version-unreadable', path, `line ${entry.line}: ${entry.message}`);
  const file: PageVersionFile = { path, commit, blob, text, data: (entry.data ?? {}) as Record<string, unknown>, body: entry.body };
  return json(200, file);
}
