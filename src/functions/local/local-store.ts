// What the local backend's parts share (local-proposals.ts, local-propose.ts, local-publish.ts): the
// repository, the changes' records, the queue of checks and the clock; a change's record by its id;
// and a change as the API shows it.
import type { Proposal } from '../../kernel/wire/proposals.ts';
import { failure } from '../http.ts';
import type { CheckRunner } from './check-runner.ts';
import type { Git } from './git.ts';
import type { LocalRecord, Records } from './records.ts';

export interface LocalStore {
  git: Git;
  records: Records;
  checks: CheckRunner;
  now: () => Date;
}

/** A change's record and the blob that holds it, by the change's id: no such proposal when there is none. */
export async function openRecord(
  records: Records,
  id: string,
): Promise<{ record: LocalRecord; blob: string }> {
  const found = /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id) ? await records.get(id) : undefined;
  if (!found) throw failure('no-such-proposal');
  return found;
}

/**
 * The change as the API shows it: its checks those of its branch's head commit, `tip`, which are
 * asked for (in the background) when nothing has checked it yet: a new commit, or one this
 * process has not seen. A published change's checks passed.
 */
export function localProposal(
  checks: CheckRunner,
  record: LocalRecord,
  tip: string | undefined,
  blobs: ReadonlyMap<string, string>,
): Proposal {
  let state: Proposal['checks'] = { state: record.published ? 'passed' : 'waiting' };
  if (tip && !record.published) {
    const result = record.results[tip];
    const running = checks.stateOf(tip);
    if (result) state = result;
    else if (running) state = { state: running };
    else checks.enqueue(tip, record.base);
  }
  const { id, branch, summary, author, created, updated, published, schedule } = record;
  const pages = record.pages.map((page) => ({
    ...page,
    ...(blobs.has(page.path) ? { blob: blobs.get(page.path)! } : {}),
  }));
  return {
    id,
    branch,
    pages,
    summary,
    author,
    created,
    updated,
    url: null,
    state: published ? 'published' : 'open',
    checks: state,
    preview: { state: 'none' },
    local: true,
    ...(tip && !published ? { commit: tip } : {}),
    ...(published ? { published } : {}),
    ...(schedule ? { schedule } : {}),
  };
}
