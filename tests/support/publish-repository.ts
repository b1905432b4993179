// Publishing from the builder makes real branches and commits (the local backend, src/functions/local/):
// the browser tests' server proposes into a clone of this repository, holding the content the site
// under test was built from, never into the repository itself. Made once per run by the Playwright
// config, which hands it to the server as PUBLISH_REPOSITORY_DIR; a test that runs its own server
// makes its own (`dir`).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';

export function publishRepository(
  projectRoot: string,
  dir = path.join(projectRoot, 'test-results', 'publish-repository'),
): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.dirname(dir), { recursive: true });
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  execFileSync('git', ['clone', '--quiet', '--local', '--no-hardlinks', projectRoot, dir], {
    stdio: 'ignore',
  });
  git('config', 'user.name', 'Browser tests');
  git('config', 'user.email', 'browser-tests@ardent.example');
  // The content as the site was built from it (a working tree may hold changes not yet committed).
  rmSync(path.join(dir, 'content'), { recursive: true, force: true });
  cpSync(path.join(projectRoot, 'content'), path.join(dir, 'content'), { recursive: true });
  git('add', '--all', 'content');
  if (git('status', '--porcelain'))
    git('commit', '--quiet', '--message', 'The content the site under test was built from');
  // Its checks run `npm run check:change` with the project's packages.
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}
