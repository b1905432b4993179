// A temporary git repository holding a copy of the real content, for the publishing tests: they
// make branches and commits in it, never in the project's own repository.
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REAL_CONTENT } from './sites.ts';

export interface TestRepository {
  dir: string;
  git(...args: string[]): string;
  remove(): Promise<void>;
}

/** The repository, with all of the real content, or only these of its files ("content/pages/about.md"). */
export async function contentRepository(only?: readonly string[]): Promise<TestRepository> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ardent-publish-'));
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }).replace(/\n$/, '');
  git('init', '--quiet', '--initial-branch', 'main');
  git('config', 'user.name', 'Developer');
  git('config', 'user.email', 'developer@example.test');
  if (only)
    for (const file of only)
      await cp(path.join(REAL_CONTENT, '..', file), path.join(dir, file), { recursive: true });
  else await cp(REAL_CONTENT, path.join(dir, 'content'), { recursive: true });
  git('add', '--all');
  git('commit', '--quiet', '--message', 'The site as it is');
  return { dir, git, remove: () => rm(dir, { recursive: true, force: true }) };
}
