// The content folder as a commit holds it, written into a folder of its own for `npm run
// check:change` to build: through a temporary index (`git read-tree <ref>:content`, then
// `git checkout-index`), so the repository's own index, working tree and worktrees are never touched.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A base the command cannot use, said so that the person running it knows what to do. */
export class BaseProblem extends Error {
  override name = 'BaseProblem';
}

async function git(
  cwd: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<string> {
  const { stdout } = await run('git', args, {
    cwd,
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout.trim();
}

/**
 * Writes the files of `contentDir` (a folder of the repository at `projectRoot`) as `ref` holds
 * them into `into`, which is emptied first. Returns the commit `ref` names.
 */
export async function checkOutContent({
  projectRoot,
  contentDir,
  ref,
  into,
}: {
  projectRoot: string;
  contentDir: string;
  ref: string;
  into: string;
}): Promise<string> {
  let top: string;
  let commit: string;
  try {
    top = await git(projectRoot, ['rev-parse', '--show-toplevel']);
  } catch {
    throw new BaseProblem(
      `${projectRoot} is not in a git repository, so there is no base to compare the content with.`,
    );
  }
  try {
    commit = await git(projectRoot, [
      'rev-parse',
      '--verify',
      '--quiet',
      '--end-of-options',
      `${ref}^{commit}`,
    ]);
  } catch {
    throw new BaseProblem(
      `The base "${ref}" is not a commit this repository has. Give a branch, tag or commit it knows (git fetch it first if it is only on GitHub).`,
    );
  }
  const prefix = path.relative(top, contentDir).split(path.sep).join('/');
  const scratch = await mkdtemp(path.join(tmpdir(), 'ardent-base-index-'));
  try {
    const env = { GIT_INDEX_FILE: path.join(scratch, 'index') };
    await rm(into, { recursive: true, force: true });
    await mkdir(into, { recursive: true });
    try {
      await git(top, ['read-tree', `${commit}:${prefix}`], env);
    } catch {
      // The base has no content folder at all: every page of the change is new.
      return commit;
    }
    await git(top, ['checkout-index', '--all', `--prefix=${into}${path.sep}`], env);
    return commit;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
