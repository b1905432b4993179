// The repository the proposal benches propose into: a temporary git repository holding the real
// content, one commit, so that no branch is made in this one. Its checks (`npm run check` on each
// proposal's commit) cannot run there and fail at once, so no check competes with the timings.
import { execFileSync } from 'node:child_process';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from './measure.ts';

/** The five service pages proposed, one each, in this order. */
export const PROPOSED_PAGES = [
  'deep-cleaning-services',
  'carpet-cleaning-services',
  'domestic-cleaning-services',
  'end-of-tenancy-cleaning-services',
  'cleaning-services-senior-citizens',
];

export interface ProposalRepository {
  dir: string;
  git(...args: string[]): string;
}

/** Makes the repository in `dir` (which must not exist yet). */
export async function proposalRepository(dir: string): Promise<ProposalRepository> {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
  await cp(path.join(projectRoot, 'content'), path.join(dir, 'content'), { recursive: true });
  git('init', '--quiet', '--initial-branch', 'main');
  git('add', '--all');
  git(
    '-c',
    'user.name=Bench',
    '-c',
    'user.email=bench@example.test',
    'commit',
    '--quiet',
    '--message',
    'The site as it is',
  );
  return { dir, git };
}

/** A Server-Timing header's duration, in milliseconds (NaN when there is none). */
export const serverTiming = (header: string | null | undefined) =>
  Number(/dur=([\d.]+)/.exec(header ?? '')?.[1]);
