// The builder's side of the publishing API (src/kernel/wire/proposals.ts) and of a page's history
// (src/kernel/wire/history.ts), called as every API call from the browser is
// (src/apps/account/api-call.ts). The draft is never touched here: it stays in its store.
import { apiCall, type ApiCaller } from '../account/api-call.ts';
import type { PageHistory, PageVersionFile } from '../../kernel/wire/history.ts';
import { historyUrl, versionUrl } from '../../kernel/wire/history-paths.ts';
import type {
  Deploy,
  DeployAnswer,
  Proposal,
  ProposalAnswer,
  ProposalList,
  ProposeRequest,
} from '../../kernel/wire/proposals.ts';
import {
  deployUrl,
  proposalUrl,
  PROPOSALS_API,
  PUBLISHED_API,
  publishUrl,
  scheduleUrl,
  withdrawUrl,
} from '../../kernel/wire/proposal-paths.ts';
import type { ScheduleRequest } from '../../kernel/wire/schedule.ts';

export interface ProposalsClient {
  /** The change, and whether a page's text was merged with changes made since its version (the change then holds both). */
  propose: (request: ProposeRequest) => Promise<ProposalAnswer>;
  list: () => Promise<Proposal[]>;
  /** The changes published lately, newest first. */
  published: () => Promise<Proposal[]>;
  get: (id: string) => Promise<Proposal>;
  publish: (id: string) => Promise<Proposal>;
  withdraw: (id: string) => Promise<Proposal>;
  /** Publishes it at a date and time in London (replacing any), or (undefined) not by itself. */
  schedule: (id: string, when: ScheduleRequest | undefined) => Promise<Proposal>;
  /** One page of a file's published versions, newest first (page 1 the newest). */
  history: (path: string, page: number) => Promise<PageHistory>;
  /** A version's file, to open as a draft. */
  version: (path: string, commit: string) => Promise<PageVersionFile>;
  /** Whether a published commit is live in the build `live` names (the live site's latest-build.json), building, or failed. */
  deploy: (commit: string, live: string | undefined) => Promise<Deploy>;
}

export function proposalsClient(
  services: ApiCaller['services'],
  fetcher?: typeof fetch,
): ProposalsClient {
  const caller: ApiCaller = {
    services,
    fetcher,
    expected: 'the proposal',
    hint: 'Your draft is safe in this browser. Check your connection, then try again.',
  };
  const proposal = async (url: string, init?: RequestInit) =>
    (await apiCall<ProposalAnswer>(caller, url, init)).proposal;
  return {
    propose: (request) =>
      apiCall<ProposalAnswer>(caller, PROPOSALS_API, {
        method: 'POST',
        body: JSON.stringify(request),
      }),
    list: async () => (await apiCall<ProposalList>(caller, PROPOSALS_API)).proposals,
    published: async () => (await apiCall<ProposalList>(caller, PUBLISHED_API)).proposals,
    get: (id) => proposal(proposalUrl(id)),
    publish: (id) => proposal(publishUrl(id), { method: 'POST' }),
    withdraw: (id) => proposal(withdrawUrl(id), { method: 'POST' }),
    schedule: (id, when) =>
      proposal(
        scheduleUrl(id),
        when ? { method: 'POST', body: JSON.stringify(when) } : { method: 'DELETE' },
      ),
    history: (path, page) =>
      apiCall<PageHistory>({ ...caller, expected: "the page's history" }, historyUrl(path, page)),
    version: (path, commit) =>
      apiCall<PageVersionFile>(
        { ...caller, expected: 'that version of the page' },
        versionUrl(path, commit),
      ),
    deploy: async (commit, live) =>
      (
        await apiCall<DeployAnswer>(
          { ...caller, expected: 'whether the change is live' },
          deployUrl(commit, live),
        )
      ).deploy,
  };
}
