// Where the publishing API answers (its requests and answers: proposals.ts). Apart from the
// schemas, so that the builder, which only calls the API, carries the addresses and not zod's
// parsers of what the server is tested to send.
export const PROPOSALS_API = '/api/proposals';
export const proposalUrl = (id: string) => `${PROPOSALS_API}/${encodeURIComponent(id)}`;
export const publishUrl = (id: string) => `${proposalUrl(id)}/publish`;
export const withdrawUrl = (id: string) => `${proposalUrl(id)}/withdraw`;
export const DEPLOYS_API = '/api/deploys';
/** Whether a published commit is live, given the commit the live site's latest-build.json names. */
export const deployUrl = (commit: string, live?: string) => `${DEPLOYS_API}/${encodeURIComponent(commit)}${live ? `?live=${encodeURIComponent(live)}` : ''}`;
