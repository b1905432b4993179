// The proposals and history functions' setup, from their environment: the sign-in check (auth.ts) and the
// backend. On Netlify, GitHub; locally (the local server behind `npm start`), the project's own git
// repository, or PUBLISH_REPOSITORY_DIR's (the tests' temporary clones). PUBLISH_BACKEND=github
// tries GitHub from a local run; the local backend never runs on Netlify, which has no repository.
import { execFileSync } from 'node:child_process';
import { tokenVerifier } from '../auth.ts';
import { githubClient, githubSettingsFrom } from '../github/client.ts';
import { GitHubBackend } from '../github/github-backend.ts';
import { failure } from '../http.ts';
import { LocalBackend } from '../local/local-backend.ts';
import { onNetlify, type Env } from '../runtime.ts';
import type { Backend } from './backend.ts';
import { historyHandler } from '../history/handler.ts';
import { proposalsHandler, type ProposalsSetup } from './handler.ts';

/** One backend per repository and setting, for the life of the process: a local one keeps its queue of checks. */
const backends = new Map<string, Backend | Promise<Backend>>();

export function backendFrom(env: Env): Backend | Promise<Backend> {
  const which = env.PUBLISH_BACKEND?.trim() || (onNetlify(env) ? 'github' : 'local');
  if (which === 'github') {
    const settings = githubSettingsFrom(env);
    const key = JSON.stringify(settings);
    let backend = backends.get(key);
    if (!backend) {
      backend = githubClient(settings).then((octokit) => new GitHubBackend(octokit, settings));
      backends.set(key, backend);
      backend.catch(() => backends.delete(key));
    }
    return backend;
  }
  if (which !== 'local' || onNetlify(env)) throw failure('not-set-up', `PUBLISH_BACKEND is "${which}"; on Netlify it must be github (or unset).`);
  const dir = env.PUBLISH_REPOSITORY_DIR?.trim() || process.cwd();
  let backend = backends.get(dir);
  if (!backend) {
    let root: string;
    try {
      root = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
    } catch {
      throw failure('not-set-up', `${dir} is not in a git repository, which the local backend needs (PUBLISH_REPOSITORY_DIR names another).`);
    }
    backends.set(dir, (backend = new LocalBackend({ dir: root })));
  }
  return backend;
}

const setupFrom = (env: Env) => async (): Promise<ProposalsSetup> => ({ verify: tokenVerifier(env), backend: await backendFrom(env) });

/** The function's handler, its setup read from the environment on each request. */
export const proposalsFromEnv = (env: Env) => proposalsHandler(setupFrom(env));

/** The history function's handler: the same sign-in check and backend (one per repository, shared with the proposals function). */
export const historyFromEnv = (env: Env) => historyHandler(setupFrom(env));
