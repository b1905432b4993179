// Where the publishing API answers (its requests and answers: proposals.ts). Apart from the
// schemas, so that the builder, which only calls the API, carries the addresses and not zod's
// parsers of what the server is tested to send.
export const PROPOSALS_API = '/api/proposals';
export const proposalUrl = (id: string) => `${PROPOSALS_API}/${encodeURIComponent(id)}`;
export const publishUrl = (id: string) => `${proposalUrl(id)}/publish`;
export const withdrawUrl = (id: string) => `${proposalUrl(id)}/withdraw`;
export const DEPLOYS_API = '/api/deploys';
/** Whether a published commit is live, given the commit the live site's latest-build.json names. */
export const deployUrl = (commit: string, live?: string) =>
  `${DEPLOYS_API}/${encodeURIComponent(commit)}${live ? `?live=${encodeURIComponent(live)}` : ''}`;
/** Where a change's time to publish is set (POST) or cancelled (DELETE). */
export const scheduleUrl = (id: string) => `${proposalUrl(id)}/schedule`;
/** The changes published lately. */
export const PUBLISHED_API = `${PROPOSALS_API}?state=published`;
/** Where an open change is shown (the dashboard lists each, under this anchor), with Publish, Publish at… and Withdraw. */
export const changeAnchor = (id: string) => `change-${id}`;
export const changeUrl = (id: string) => `/test-builder-dashboard#${changeAnchor(id)}`;
/** The builder on a page: opened to add it to a change, what is proposed goes into that change. */
export const builderUrl = (route: string, change?: string) =>
  `/integrated-builder?route=${encodeURIComponent(route)}${change ? `&change=${encodeURIComponent(change)}` : ''}`;
