// The builder's side of the publishing API (src/kernel/wire/proposals.ts): every call carries the
// administrator's ID token, and every failure becomes a ProposalFailure in the server's words (or,
// when the site cannot be reached at all, in ours), with what to do next. The answers' shapes are
// the API's own types; the function that gives them is tested against its schemas, and the builder
// does not carry zod's parsers for them. The draft is never touched here: it stays in its store.
import type { AccountServices } from '../../../kernel/components/account/services.ts';
import { type ApiError, type Proposal, type ProposalAnswer, type ProposalList, type ProposeRequest } from '../../../kernel/wire/proposals.ts';
import { proposalUrl, PROPOSALS_API, publishUrl, withdrawUrl } from '../../../kernel/wire/proposal-paths.ts';

/** A call that failed: what the server said (or what we say when it could not be reached). */
export class ProposalFailure extends Error {
  constructor(
    readonly status: number,
    readonly answer: ApiError,
  ) {
    super(answer.error.message);
  }
}

const unreachable = (status: number): ApiError => ({
  error: {
    code: 'unreachable',
    title: 'The site could not be reached',
    message: status ? `The site answered with an error (${status}) instead of the proposal.` : 'The site did not answer: the connection may have dropped.',
    hint: 'Your draft is safe in this browser. Check your connection, then try again.',
  },
});

export interface ProposalsClient {
  propose(request: ProposeRequest): Promise<Proposal>;
  list(): Promise<Proposal[]>;
  get(id: string): Promise<Proposal>;
  publish(id: string): Promise<Proposal>;
  withdraw(id: string): Promise<Proposal>;
}

export function proposalsClient(services: Pick<AccountServices, 'idToken'>, fetcher: typeof fetch = fetch): ProposalsClient {
  async function call(url: string, init: RequestInit = {}): Promise<unknown> {
    const token = await services.idToken();
    let response: Response;
    try {
      response = await fetcher(url, { ...init, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}) } });
    } catch {
      throw new ProposalFailure(0, unreachable(0));
    }
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) return body;
    const answer = body as Partial<ApiError> | null;
    throw new ProposalFailure(response.status, answer?.error?.message ? (answer as ApiError) : unreachable(response.status));
  }
  const proposal = async (url: string, init?: RequestInit) => ((await call(url, init)) as ProposalAnswer).proposal;
  return {
    propose: (request) => proposal(PROPOSALS_API, { method: 'POST', body: JSON.stringify(request) }),
    list: async () => ((await call(PROPOSALS_API)) as ProposalList).proposals,
    get: (id) => proposal(proposalUrl(id)),
    publish: (id) => proposal(publishUrl(id), { method: 'POST' }),
    withdraw: (id) => proposal(withdrawUrl(id), { method: 'POST' }),
  };
}
