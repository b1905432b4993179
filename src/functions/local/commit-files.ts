// git commit of files' blobs onto a commit, through a temporary index: the repository's own index
// and working tree are never touched. With a second parent, a merge commit (a change brought up to
// date with the live branch: its tree is that branch's, with the change's files on it).
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Caller } from '../auth.ts';
import type { Git } from './git.ts';

export interface CommitFiles {
  /** The commit's parents: the first is the branch it moves. */
  parents: readonly [string, ...string[]];
  /** The commit whose tree the files go onto: the first parent, unless another is named (the live branch's head a change is brought up to date with). */
  from?: string;
  files: readonly { path: string; blob: string | Promise<string> }[];
  message: string;
  author: Caller;
  committer: Caller;
}

export async function commitFiles(
  git: Git,
  { parents, from = parents[0], files, message, author, committer }: CommitFiles,
): Promise<string> {
  const index = path.join(
    tmpdir(),
    `ardent-index-${process.pid}-${Math.random().toString(36).slice(2)}`,
  );
  try {
    const env = { GIT_INDEX_FILE: index };
    const [, blobs] = await Promise.all([
      git.run(['read-tree', from], { env }),
      // A blob already written is a name; one being written, its promise.
      Promise.all(files.map((file) => Promise.resolve(file.blob))),
    ]);
    const entries = files.map((file, i) => `100644 ${blobs[i]}\t${file.path}`).join('\n');
    await git.run(['update-index', '--add', '--index-info'], { env, input: `${entries}\n` });
    const tree = await git.run(['write-tree'], { env });
    const email = (caller: Caller) => caller.email ?? 'builder@localhost';
    const who = {
      GIT_AUTHOR_NAME: author.name,
      GIT_AUTHOR_EMAIL: email(author),
      GIT_COMMITTER_NAME: committer.name,
      GIT_COMMITTER_EMAIL: email(committer),
    };
    return await git.run(
      ['commit-tree', tree, ...parents.flatMap((parent) => ['-p', parent]), '-F', '-'],
      { input: message, env: who },
    );
  } finally {
    await rm(index, { force: true });
  }
}
