// The proposals API (src/kernel/wire/proposals.ts), as the function answers it: who is calling
// (an admin, or 401/403), what they send (pages' files: propose.ts), publishing, withdrawing and
// scheduling a change, then the backend. After publishing, whether the published commit is live
// yet. Every answer is JSON and never cached; every failure is in words
// (src/kernel/errors/api-errors.ts); the function's own time is in Server-Timing.
import type { z } from 'zod';
import type { LibrarySource } from '../../kernel/images/library-metadata.ts';
import { DeployQuerySchema, ListQuerySchema } from '../../kernel/wire/proposals.ts';
import { ScheduleRequestSchema } from '../../kernel/wire/schedule.ts';
import { isGitSha } from '../../kernel/wire/git-sha.ts';
import type { VerifyToken } from '../auth.ts';
import { failure, json, readJson } from '../http.ts';
import { routeHandler, type Route } from '../routes.ts';
import { scheduleFor } from '../schedule/schedule-time.ts';
import type { ProposalsBackend } from './backend.ts';
import { baseSite } from './base-site.ts';
import { propose } from './propose.ts';
import { scheduleRefusal } from './publish-rules.ts';

export interface ProposalsSetup {
  verify: VerifyToken;
  backend: ProposalsBackend;
  /** Where the media library is, to check the photos a proposed page uses; undefined when it is not set up. */
  library: LibrarySource | undefined;
  /** Now: a time to publish at must be after it (tests move it). */
  clock: () => Date;
}

/** The address's query, as the schema reads it; 400 in words otherwise. */
const queryOf = <S extends z.ZodType>(url: URL, schema: S): z.output<S> => {
  const query = schema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success)
    throw failure(
      'bad-request',
      `"${String(query.error.issues[0]!.path[0] ?? '')}": ${query.error.issues[0]!.message}.`,
    );
  return query.data;
};

/** The proposals API's routes: every one needs the admin role. */
export const PROPOSALS_ROUTES: readonly Route<ProposalsSetup>[] = [
  {
    method: 'GET',
    path: '/api/proposals',
    admin: true,
    async answer({ url, setup: { backend, clock } }) {
      const { state } = queryOf(url, ListQuerySchema);
      if (state === 'published') return json(200, { proposals: await backend.published() });
      warmUp(backend, clock());
      return json(200, { proposals: await backend.list() });
    },
  },
  {
    method: 'POST',
    path: '/api/proposals',
    admin: true,
    answer: ({ req, caller, setup }) => propose(req, caller, setup.backend, setup.library),
  },
  {
    method: 'GET',
    path: '/api/proposals/:id',
    admin: true,
    answer: async ({ params, setup }) =>
      json(200, { proposal: await setup.backend.status(params.id!) }),
  },
  {
    method: 'POST',
    path: '/api/proposals/:id/publish',
    admin: true,
    answer: async ({ params, caller, setup }) =>
      json(200, { proposal: await setup.backend.publish(params.id!, caller) }),
  },
  {
    method: 'POST',
    path: '/api/proposals/:id/withdraw',
    admin: true,
    answer: async ({ params, setup }) =>
      json(200, { proposal: await setup.backend.withdraw(params.id!) }),
  },
  {
    method: 'POST',
    path: '/api/proposals/:id/schedule',
    admin: true,
    async answer({ req, params, caller, setup: { backend, clock } }) {
      const wall = await readJson(req, 1024, ScheduleRequestSchema);
      const proposal = await backend.status(params.id!);
      const refusal = scheduleRefusal(proposal);
      if (refusal) throw refusal;
      return json(200, {
        proposal: await backend.schedule(proposal.id, scheduleFor(wall, clock(), caller)),
      });
    },
  },
  {
    method: 'DELETE',
    path: '/api/proposals/:id/schedule',
    admin: true,
    answer: async ({ params, setup }) =>
      json(200, { proposal: await setup.backend.schedule(params.id!, undefined) }),
  },
  {
    method: 'GET',
    path: '/api/deploys/:commit',
    admin: true,
    async answer({ url, params, setup }) {
      const query = queryOf(url, DeployQuerySchema);
      if (!isGitSha(params.commit!)) throw failure('no-such-commit');
      return json(200, { deploy: await setup.backend.deploy(params.commit!, query.live) });
    },
  },
];

/** The handler, for a setup made on each request (so that a missing setting is answered 503 in words, not a crash). */
export const proposalsHandler = (
  setup: () => ProposalsSetup | Promise<ProposalsSetup>,
  log: (message: string) => void = console.error,
) => routeHandler(PROPOSALS_ROUTES, setup, { log });

/** When each backend last derived the base site ahead of a proposal. */
const warmed = new WeakMap<ProposalsBackend, number>();

/**
 * The builder lists the proposals when it opens: the site at the base commit is derived then, in
 * the background (at most once a minute), so that the admin's first proposal need not wait for it.
 */
function warmUp(backend: ProposalsBackend, now: Date): void {
  if (now.getTime() - (warmed.get(backend) ?? 0) < 60_000) return;
  warmed.set(backend, now.getTime());
  void backend
    .snapshot()
    .then((snapshot) => baseSite(snapshot, (blobs) => backend.readBlobs(blobs)))
    .catch(() => {});
}
