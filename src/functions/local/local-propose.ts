// Proposing in the local repository: a new change is a branch content/… with one commit of its
// pages' files (made with git's plumbing, commit-files.ts) and its record (records.ts), both
// created in one ref transaction; adding to an open change is a commit on its head as it was read,
// the branch and the record moved together from the values read. Either refuses in words when
// someone else got there first. Run one at a time by the backend (local-proposals.ts).
import type { Proposal } from '../../kernel/wire/proposals.ts';
import { failure } from '../http.ts';
import type { ContentSnapshot } from '../proposals/backend.ts';
import { moved, raced } from '../proposals/conflicts.ts';
import { branchName, commitMessage, pagesOf, type ChangeFacts } from '../proposals/describe.ts';
import { commitFiles } from './commit-files.ts';
import { localProposal, type LocalStore } from './local-store.ts';
import { againWhileOnlyTheRecordMoved, Raced } from './record-races.ts';
import { Records, type LocalRecord } from './records.ts';

type Proposed = { proposal: Proposal; added: boolean };

export async function proposeLocally(
  store: LocalStore,
  change: ChangeFacts,
  base: ContentSnapshot,
  onto: Proposal | undefined,
): Promise<Proposed> {
  const { git, records, checks } = store;
  const now = store.now().toISOString();
  // What does not depend on each other runs at once: each git command takes its time to start.
  const files = change.pages.map((page) => ({
    path: page.path,
    blob: page.blob ?? git.writeBlob(page.after),
  }));
  // Awaited below where they are needed; a failure before then must not go unhandled.
  for (const file of files) if (typeof file.blob !== 'string') file.blob.catch(() => {});
  const pages = pagesOf(change);
  const commit = (parent: string) =>
    commitFiles(git, {
      parents: [parent],
      files,
      message: commitMessage(change),
      author: change.author,
      committer: change.author,
    });
  const made = async (record: LocalRecord, tip: string, added: boolean): Promise<Proposed> => {
    const blobs = new Map(
      await Promise.all(files.map(async (file) => [file.path, await file.blob] as const)),
    );
    return { proposal: localProposal(checks, record, tip, blobs), added };
  };
  if (onto) {
    const added = await addTo(store, onto.id, onto.commit!, pages, commit, now);
    return made(added.record, added.tip, true);
  }
  const taken = (await records.all()).find(({ record }) =>
    record.pages.some((page) => pages.some((other) => other.path === page.path)),
  );
  if (taken) throw raced(taken.record.author);
  const branch = branchName(pages[0]!.path, store.now());
  const recordFor = (candidate: string): LocalRecord => ({
    id: candidate.slice('content/'.length),
    branch: candidate,
    pages,
    summary: change.summary,
    author: change.author.name,
    ...(change.author.email ? { authorEmail: change.author.email } : {}),
    created: now,
    updated: now,
    base: base.commit,
    results: {},
  });
  const [tip, first] = await Promise.all([commit(base.commit), records.write(recordFor(branch))]);
  for (const candidate of [branch, ...[2, 3, 4, 5].map((n) => `${branch}-${n}`)]) {
    const record = recordFor(candidate);
    const kept = candidate === branch ? first : await records.write(record);
    if (
      await git.updateRefs([
        `create refs/heads/${candidate} ${tip}`,
        `create ${Records.ref(record.id)} ${kept}`,
      ])
    )
      return made(record, tip, false);
  }
  throw failure('conflict', `Branches named ${branch} already exist.`);
}

/** A commit of the change's pages on the open change's head commit as it was read: refused when its branch moved since. */
async function addTo(
  { git, records, checks }: LocalStore,
  id: string,
  head: string,
  pages: LocalRecord['pages'],
  commit: (parent: string) => Promise<string>,
  now: string,
): Promise<{ record: LocalRecord; tip: string }> {
  const added = await againWhileOnlyTheRecordMoved(git, async () => {
    const open = await records.get(id);
    if (!open) throw failure('no-such-proposal');
    const record: LocalRecord = { ...open.record, updated: now, pages };
    const [tip, kept] = await Promise.all([commit(head), records.write(record)]);
    if (
      !(await git.updateRefs([
        `update refs/heads/${record.branch} ${tip} ${head}`,
        `update ${Records.ref(record.id)} ${kept} ${open.blob}`,
      ]))
    )
      return new Raced({ [`refs/heads/${record.branch}`]: head });
    // The change's checks are the new head's: the old one's are no longer wanted.
    checks.forget(head);
    return { record, tip };
  });
  if (!added) throw moved();
  return added;
}
