// What the local backend writes onto the checked-out branch, or from it: publishing a change (its
// files in one commit on the branch, its own branch deleted and its record moved to the published
// ones, in one ref transaction) and bringing a change up to date with the branch (a merge commit of
// the branch into it, so that its checks run again on the version that is live now). Both refuse,
// in words, a change one of whose pages changed on the branch since the change's base; when their
// ref transaction fails, they say what they read (Raced), and the backend decides whether to try
// again (record-races.ts).
import type { Caller } from '../auth.ts';
import { failure } from '../http.ts';
import { publishMessage } from '../proposals/describe.ts';
import { commitFiles } from './commit-files.ts';
import type { Git } from './git.ts';
import { Raced } from './record-races.ts';
import { Records, type LocalRecord } from './records.ts';

/** Published changes' records kept (the newest): the list shows fewer. */
const PUBLISHED_KEPT = 20;

/** Each page's file's blob at a commit. */
export async function blobsAt(
  git: Git,
  commit: string,
  record: LocalRecord,
): Promise<Map<string, string>> {
  const shas = await git.shas(record.pages.map((page) => `${commit}:${page.path}`));
  return new Map(
    record.pages.flatMap((page) =>
      shas.has(`${commit}:${page.path}`) ? [[page.path, shas.get(`${commit}:${page.path}`)!]] : [],
    ),
  );
}

/** The checked-out branch publishing commits to, and its head; 409 in words when none is checked out, or when a page's file has work not committed in this checkout. */
export async function publishTarget(
  git: Git,
  record: LocalRecord,
): Promise<{ branch: string; head: string }> {
  const branch = await git
    .run(['symbolic-ref', '--quiet', '--short', 'HEAD'])
    .catch(() => undefined);
  if (!branch) throw failure('no-branch');
  const status = await git.run([
    'status',
    '--porcelain',
    '-z',
    '--untracked-files=all',
    '--',
    ...record.pages.map((page) => page.path),
  ]);
  if (status !== '') throw failure('uncommitted-change', status.split('\0')[0]!.slice(3));
  return { branch, head: (await git.resolve('HEAD'))! };
}

/** 409 in words when a page of the change changed on the branch since the change's base. */
export async function unchangedSince(
  git: Git,
  record: LocalRecord,
  head: string,
  branch: string,
): Promise<void> {
  const shas = await git.shas(
    record.pages.flatMap((page) => [`${head}:${page.path}`, `${record.base}:${page.path}`]),
  );
  const changed = record.pages.find(
    (page) => shas.get(`${head}:${page.path}`) !== shas.get(`${record.base}:${page.path}`),
  );
  if (changed) throw failure('changed-on-branch', changed.path, branch);
}

const proposerOf = (record: LocalRecord): Caller => ({
  uid: '',
  name: record.author,
  ...(record.authorEmail ? { email: record.authorEmail } : {}),
});

export interface Publishing {
  record: LocalRecord;
  /** The record's blob, and the change's head commit, as checked. */
  recordBlob: string;
  tip: string;
  /** Each page's blob at the head commit. */
  blobs: ReadonlyMap<string, string>;
  branch: string;
  head: string;
  by: Caller;
  scheduled: boolean;
  at: string;
}

/** The change's files, as its checks passed on its head commit, in one commit on the branch; its record, published. */
export async function publishOnBranch(
  git: Git,
  records: Records,
  { record, recordBlob, tip, blobs, branch, head, by, scheduled, at }: Publishing,
): Promise<LocalRecord | Raced> {
  await unchangedSince(git, record, head, branch);
  const files = record.pages.map((page) => ({ path: page.path, blob: blobs.get(page.path)! }));
  const commit = await commitFiles(git, {
    parents: [head],
    files,
    message: publishMessage(record, record.author, by, scheduled),
    author: proposerOf(record),
    committer: by,
  });
  const done: LocalRecord = { ...record, updated: at, published: { commit, at } };
  const kept = await records.write(done);
  // The oldest published records go as this one comes: a short list is all that is shown.
  const old = (await records.published())
    .filter((one) => one.record.id !== record.id)
    .sort((a, b) => (b.record.published?.at ?? '').localeCompare(a.record.published?.at ?? ''))
    .slice(PUBLISHED_KEPT - 1);
  // The branch moves, the change's branch goes and its record becomes a published one, at once or not at all.
  const ok = await git.updateRefs([
    `update refs/heads/${branch} ${commit} ${head}`,
    `delete refs/heads/${record.branch} ${tip}`,
    `delete ${Records.ref(record.id)} ${recordBlob}`,
    `update ${Records.publishedRef(record.id)} ${kept}`,
    ...old.map((one) => `delete ${Records.publishedRef(one.record.id)} ${one.blob}`),
  ]);
  if (!ok)
    return new Raced({ [`refs/heads/${branch}`]: head, [`refs/heads/${record.branch}`]: tip });
  // The checkout follows its branch for these files: the index and the working tree now hold the published versions.
  await git.run(['update-index', '--add', '--index-info'], {
    input: `${files.map((file) => `100644 ${file.blob}\t${file.path}`).join('\n')}\n`,
  });
  await git.run(['checkout-index', '--force', '--', ...files.map((file) => file.path)]);
  return done;
}

/**
 * The change's branch with the branch's head merged into it: the branch's tree with the change's
 * files on it, its base now that head: the new commit, or Raced when the change's branch or
 * record moved meanwhile.
 */
export async function bringUpToDate(
  git: Git,
  records: Records,
  {
    record,
    recordBlob,
    tip,
    head,
    branch,
  }: Pick<Publishing, 'record' | 'recordBlob' | 'tip' | 'head' | 'branch'>,
): Promise<string | Raced> {
  await unchangedSince(git, record, head, branch);
  const blobs = await blobsAt(git, tip, record);
  const files = record.pages.map((page) => ({ path: page.path, blob: blobs.get(page.path)! }));
  const message = `Bring “${record.summary}” up to date with ${branch}\n\nIts checks run again on the version that is live now, before it is published at its time.\n`;
  const commit = await commitFiles(git, {
    parents: [tip, head],
    from: head,
    files,
    message,
    author: proposerOf(record),
    committer: proposerOf(record),
  });
  const kept = await records.write({ ...record, base: head });
  const ok = await git.updateRefs([
    `update refs/heads/${record.branch} ${commit} ${tip}`,
    `update ${Records.ref(record.id)} ${kept} ${recordBlob}`,
  ]);
  return ok ? commit : new Raced({ [`refs/heads/${record.branch}`]: tip, HEAD: head });
}
