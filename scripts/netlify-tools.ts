// Netlify's own CLI and Deno (tools/netlify/, with its own lock file), for the platform smoke:
// installed from the npm registry by `npm ci` in that folder, only when this step needs them and
// the lock file changed since the last install (a stamp beside them), never by the project's own
// `npm ci`. The CLI runs on the project's Node 24; Deno is for its local edge layer, which would
// otherwise try to download one.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const NETLIFY_TOOLS_DIR = 'tools/netlify';

const stampOf = (dir: string) => path.join(dir, 'node_modules', '.installed-lock');
const lockHash = (dir: string) =>
  createHash('sha256')
    .update(readFileSync(path.join(dir, 'package-lock.json')))
    .digest('hex');

/** The tools' bin folder, installed first when missing or out of date; undefined (having said why) when the install failed. */
export function ensureNetlifyTools(projectRoot: string): string | undefined {
  const dir = path.join(projectRoot, NETLIFY_TOOLS_DIR);
  const bin = path.join(dir, 'node_modules', '.bin');
  const want = lockHash(dir);
  if (
    existsSync(path.join(bin, 'netlify')) &&
    existsSync(path.join(bin, 'deno')) &&
    existsSync(stampOf(dir)) &&
    readFileSync(stampOf(dir), 'utf8') === want
  )
    return bin;
  console.log(
    `Installing Netlify's CLI and Deno into ${NETLIFY_TOOLS_DIR}/ from its lock file (npm ci)…`,
  );
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: dir,
    stdio: 'inherit',
  });
  if (install.status !== 0) {
    console.error(
      `npm ci in ${NETLIFY_TOOLS_DIR}/ failed: the platform smoke needs Netlify's CLI from the npm registry.`,
    );
    return undefined;
  }
  writeFileSync(stampOf(dir), want);
  return bin;
}
