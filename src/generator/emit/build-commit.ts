// The commit a build is made from, for the build manifest and latest-build.json: on Netlify its
// COMMIT_REF build variable; elsewhere the HEAD of the git repository holding the content (npm
// start builds the repository the builder publishes into, so that a publish's commit is the one
// named once it is live). Undefined outside git: the files then name none.
import { execFileSync } from 'node:child_process';

const SHA = /^[0-9a-f]{40}$/;

export function buildCommit(
  env: Readonly<Record<string, string | undefined>>,
  contentDir: string,
): string | undefined {
  const given = env.COMMIT_REF?.trim();
  if (given && SHA.test(given)) return given;
  try {
    const head = execFileSync('git', ['rev-parse', '--verify', '--quiet', 'HEAD'], {
      cwd: contentDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return SHA.test(head) ? head : undefined;
  } catch {
    return undefined;
  }
}
