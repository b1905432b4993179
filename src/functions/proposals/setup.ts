// The proposals, history and scheduled functions' setup, from their environment: the sign-in check
// (auth.ts), the backend, the media library and the clock. On Netlify, GitHub; locally (the local server behind `npm
// start`), the project's own git repository, or PUBLISH_REPOSITORY_DIR's (the tests' temporary
// clones). PUBLISH_BACKEND=github tries GitHub from a local run; the local backend never runs on
// Netlify, which has no repository. The library is the project's bucket (FIREBASE_STORAGE_BUCKET)
// on Netlify; locally, the Storage emulator the local server runs, which it names in
// FIREBASE_STORAGE_EMULATOR_HOST ("127.0.0.1:<port>") once it answers.
import { execFileSync } from 'node:child_process';
import { librarySource } from '../../kernel/images/library-metadata.ts';
import { tokenVerifier } from '../auth.ts';
import { githubClient, githubSettingsFrom } from '../github/client.ts';
import { GitHubBackend } from '../github/github-backend.ts';
import { failure } from '../http.ts';
import { LocalBackend } from '../local/local-backend.ts';
import { clockFrom, onNetlify, type Env } from '../runtime.ts';
import { scheduledHandler } from '../schedule/handler.ts';
import type { Backend } from './backend.ts';
import { historyHandler, type HistorySetup } from '../history/handler.ts';
import { proposalsHandler, type ProposalsSetup } from './handler.ts';

/** The local Storage emulator's host, as the local server gives it; never on Netlify. */
const storageEmulatorOf = (env: Env): string | undefined =>
  onNetlify(env) ? undefined : env.FIREBASE_STORAGE_EMULATOR_HOST?.trim() || undefined;

/** One backend per repository and setting, for the life of the process: a local one keeps its queue of checks. */
const backends = new Map<string, Backend | Promise<Backend>>();

export function backendFrom(env: Env): Backend | Promise<Backend> {
  const which = env.PUBLISH_BACKEND?.trim() || (onNetlify(env) ? 'github' : 'local');
  if (which === 'github') {
    const settings = githubSettingsFrom(env);
    const key = JSON.stringify(settings);
    let backend = backends.get(key);
    if (!backend) {
      backend = githubClient(settings).then(
        (octokit) => new GitHubBackend(octokit, settings, console.error, clockFrom(env)),
      );
      backends.set(key, backend);
      backend.catch(() => backends.delete(key));
    }
    return backend;
  }
  if (which !== 'local' || onNetlify(env))
    throw failure(
      'not-set-up',
      `PUBLISH_BACKEND is "${which}"; on Netlify it must be github (or unset).`,
    );
  const dir = env.PUBLISH_REPOSITORY_DIR?.trim() || process.cwd();
  const emulator = storageEmulatorOf(env);
  const key = `${dir}\0${emulator ?? ''}`;
  let backend = backends.get(key);
  if (!backend) {
    let root: string;
    try {
      root = execFileSync('git', ['rev-parse', '--show-toplevel'], {
        cwd: dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }).trim();
    } catch {
      throw failure(
        'not-set-up',
        `${dir} is not in a git repository, which the local backend needs (PUBLISH_REPOSITORY_DIR names another).`,
      );
    }
    // Its checks read the media library this function reads: the local emulator, at the port it has.
    const checks = emulator
      ? {
          args: ['--local-library'],
          env: { STORAGE_EMULATOR_PORT: new URL(`http://${emulator}`).port },
        }
      : undefined;
    backends.set(key, (backend = new LocalBackend({ dir: root, checks, now: clockFrom(env) })));
  }
  return backend;
}

const setupFrom = (env: Env) => async (): Promise<HistorySetup> => ({
  verify: tokenVerifier(env),
  backend: await backendFrom(env),
});

/** The function's handler, its setup read from the environment on each request. */
export const proposalsFromEnv = (env: Env) =>
  proposalsHandler(async (): Promise<ProposalsSetup> => ({
    ...(await setupFrom(env)()),
    library: librarySource(env, storageEmulatorOf(env)),
    clock: clockFrom(env),
  }));

/** The history function's handler: the same sign-in check and backend (one per repository, shared with the proposals function). */
export const historyFromEnv = (env: Env) => historyHandler(setupFrom(env));

/** The scheduled function's handler: the same backend as the proposals function, with no caller (Netlify runs it on its schedule). */
export const scheduledFromEnv = (env: Env) =>
  scheduledHandler(async () => ({ backend: await backendFrom(env), clock: clockFrom(env) }));
