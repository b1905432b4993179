// The proposals API (src/kernel/wire/proposals.ts), as the function answers it: who is calling
// (an admin, or 401/403), what they send (a page's file, or 400/413), the version it was made
// from (merged onto a newer one, or 409 with the other change: onto-current.ts), whether it passes
// the build's checks, its media library photos included (422, or 503 when the library cannot
// say), then the backend. After publishing, whether the published commit is live yet. Every answer is JSON and never cached; every
// failure is in words (src/kernel/errors/api-errors.ts); the function's own time is in Server-Timing.
import type { LibrarySource } from '../../kernel/images/library-metadata.ts';
import { DeployQuerySchema, MAX_PROPOSAL_BYTES, ProposeRequestSchema, type ProposeRequest } from '../../kernel/wire/proposals.ts';
import { isGitSha } from '../../kernel/wire/git-sha.ts';
import type { Caller, VerifyToken } from '../auth.ts';
import { failure, json, readJson } from '../http.ts';
import { routeHandler, type Route } from '../routes.ts';
import type { Backend } from './backend.ts';
import { baseSite } from './base-site.ts';
import { checkProposedFile, pageKindOf } from './check-proposal.ts';
import { textToPropose } from './onto-current.ts';

export interface ProposalsSetup {
  verify: VerifyToken;
  backend: Backend;
  /** Where the media library is, to check the photos a proposed page uses; undefined when it is not set up. */
  library: LibrarySource | undefined;
}

/** The proposals API's routes: every one needs the admin role. */
export const PROPOSALS_ROUTES: readonly Route<ProposalsSetup>[] = [
  {
    method: 'GET',
    path: '/api/proposals',
    admin: true,
    async answer({ setup: { backend } }) {
      warmUp(backend);
      return json(200, { proposals: await backend.list() });
    },
  },
  { method: 'POST', path: '/api/proposals', admin: true, answer: ({ req, caller, setup }) => propose(req, caller, setup.backend, setup.library) },
  { method: 'GET', path: '/api/proposals/:id', admin: true, answer: async ({ params, setup }) => json(200, { proposal: await setup.backend.status(params.id!) }) },
  { method: 'POST', path: '/api/proposals/:id/publish', admin: true, answer: async ({ params, caller, setup }) => json(200, { proposal: await setup.backend.publish(params.id!, caller) }) },
  { method: 'POST', path: '/api/proposals/:id/withdraw', admin: true, answer: async ({ params, setup }) => json(200, { proposal: await setup.backend.withdraw(params.id!) }) },
  {
    method: 'GET',
    path: '/api/deploys/:commit',
    admin: true,
    async answer({ url, params, setup }) {
      const query = DeployQuerySchema.safeParse(Object.fromEntries(url.searchParams));
      if (!query.success) throw failure('bad-request', `"live": ${query.error.issues[0]!.message}.`);
      if (!isGitSha(params.commit!)) throw failure('no-such-commit');
      return json(200, { deploy: await setup.backend.deploy(params.commit!, query.data.live) });
    },
  },
];

/** The handler, for a setup made on each request (so that a missing setting is answered 503 in words, not a crash). */
export const proposalsHandler = (setup: () => ProposalsSetup | Promise<ProposalsSetup>, log: (message: string) => void = console.error) => routeHandler(PROPOSALS_ROUTES, setup, { log });

/** When each backend last derived the base site ahead of a proposal. */
const warmed = new WeakMap<Backend, number>();

/**
 * The builder lists the proposals when it opens: the site at the base commit is derived then, in
 * the background (at most once a minute), so that the admin's first proposal need not wait for it.
 */
function warmUp(backend: Backend): void {
  if (Date.now() - (warmed.get(backend) ?? 0) < 60_000) return;
  warmed.set(backend, Date.now());
  void backend
    .snapshot()
    .then((snapshot) => baseSite(snapshot, (blobs) => backend.readBlobs(blobs)))
    .catch(() => {});
}

async function propose(req: Request, caller: Caller, backend: Backend, library: LibrarySource | undefined): Promise<Response> {
  const request: ProposeRequest = await readJson(req, MAX_PROPOSAL_BYTES, ProposeRequestSchema);
  const { path, text, summary, blob } = request;
  const kind = pageKindOf(path);
  const [snapshot, open] = await Promise.all([backend.snapshot(), backend.openProposal(path)]);
  const live = snapshot.files.get(path);
  const texts = await backend.readBlobs([live, open?.blob, blob].filter((sha) => sha !== undefined));
  const before = live === undefined ? undefined : texts.get(live);
  if (live !== undefined && before === undefined) throw new Error(`The blob ${live} of ${path} could not be read.`);
  const { after, merged } = textToPropose({ path, text, blob, live: { commit: snapshot.commit, blob: live }, open, texts });
  if (!open && after === before) throw failure('no-change');
  const page = await checkProposedFile(await baseSite(snapshot, (blobs) => backend.readBlobs(blobs)), path, after, kind, library);
  // Nothing to add once checked again (a photo may have gone since): the open proposal already says it.
  if (open && after === texts.get(open.blob)) return json(200, { proposal: await backend.status(open.id), ...(merged ? { merged } : {}) });
  const { proposal, added } = await backend.propose({ path, page: page.breadcrumb, route: page.route, summary, author: caller, before, after }, snapshot, open);
  return json(added ? 200 : 201, { proposal, ...(merged ? { merged } : {}) });
}
