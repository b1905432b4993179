// The proposals API (src/kernel/wire/proposals.ts), as the function answers it: who is calling
// (an admin, or 401/403), what they send (a page's file, or 400/413), whether it is the version
// they opened (409) and passes the build's checks, its media library photos included (422, or 503
// when the library cannot say), then the backend. Every answer is JSON and never cached; every
// failure is in words (src/kernel/errors/api-errors.ts); the function's own time is in Server-Timing.
import type { LibrarySource } from '../../kernel/images/library-metadata.ts';
import { MAX_PROPOSAL_BYTES, ProposeRequestSchema, type ProposeRequest } from '../../kernel/wire/proposals.ts';
import { adminCaller, type Caller, type VerifyToken } from '../auth.ts';
import { answering, failure, json, readJson } from '../http.ts';
import type { Backend } from './backend.ts';
import { baseSite } from './base-site.ts';
import { checkProposedFile, pageKindOf } from './check-proposal.ts';
import { shortDiff } from './describe.ts';

export interface ProposalsSetup {
  verify: VerifyToken;
  backend: Backend;
  /** Where the media library is, to check the photos a proposed page uses; undefined when it is not set up. */
  library: LibrarySource | undefined;
}

/** The handler, for a setup made on each request (so that a missing setting is answered 503 in words, not a crash). */
export function proposalsHandler(setup: () => ProposalsSetup | Promise<ProposalsSetup>, log: (message: string) => void = console.error) {
  return (req: Request, params: Readonly<Record<string, string | undefined>> = {}): Promise<Response> => answering(req, () => route(req, params, setup), { log });
}

async function route(req: Request, params: Readonly<Record<string, string | undefined>>, setup: () => ProposalsSetup | Promise<ProposalsSetup>): Promise<Response> {
  const [, , , id, action, ...rest] = new URL(req.url).pathname.split('/');
  if (rest.length > 0 || (action !== undefined && action !== 'publish' && action !== 'withdraw') || id === '') throw failure('not-found');
  const allowed = id === undefined ? 'GET, POST' : action === undefined ? 'GET' : 'POST';
  if (!allowed.split(', ').includes(req.method)) throw failure('method-not-allowed', req.method, allowed).with({}, { allow: allowed });

  const { verify, backend, library } = await setup();
  const caller = await adminCaller(req, verify);
  if (id === undefined) {
    if (req.method === 'GET') {
      warmUp(backend);
      return json(200, { proposals: await backend.list() });
    }
    return propose(req, caller, backend, library);
  }
  const proposalId = params.id ?? decoded(id);
  if (action === 'publish') return json(200, { proposal: await backend.publish(proposalId, caller) });
  if (action === 'withdraw') return json(200, { proposal: await backend.withdraw(proposalId) });
  return json(200, { proposal: await backend.status(proposalId) });
}

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
  const snapshot = await backend.snapshot();
  const live = snapshot.files.get(path);
  if (live !== undefined && blob === undefined) throw failure('page-exists', path);
  if (live === undefined && blob !== undefined) throw failure('page-removed', path);
  const texts = await backend.readBlobs([live, blob].filter((sha) => sha !== undefined));
  const before = live === undefined ? undefined : texts.get(live);
  if (live !== undefined && before === undefined) throw new Error(`The blob ${live} of ${path} could not be read.`);
  if (blob !== undefined && blob !== live) {
    // What changed on the site since the page was opened; or, if that version cannot be read, between it and the proposal.
    const opened = texts.get(blob);
    throw failure('page-changed').with({ diff: opened === undefined ? shortDiff(path, text, before!) : shortDiff(path, opened, before!) });
  }
  if (before === text) throw failure('no-change');
  const page = await checkProposedFile(await baseSite(snapshot, (blobs) => backend.readBlobs(blobs)), path, text, kind, library);
  const { proposal, added } = await backend.propose({ path, page: page.breadcrumb, route: page.route, summary, author: caller, before, after: text }, snapshot);
  return json(added ? 200 : 201, { proposal });
}

/** A path segment as written, its escapes decoded; as it is when they are malformed (no proposal has such an id). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
