// The proposals, history and scheduled functions' setup, from their environment: the sign-in check
// (auth.ts), the backends (the changes, proposals/backend.ts; the pages' published versions,
// history/backend.ts), the media library and the clock. On Netlify, GitHub; locally (the local
// server behind `npm start`), the project's own git repository, or PUBLISH_REPOSITORY_DIR's (the
// tests' temporary clones). PUBLISH_BACKEND=github tries GitHub from a local run; the local
// backends never run on Netlify, which has no repository. The library is the project's bucket
// (FIREBASE_STORAGE_BUCKET) on Netlify; locally, the Storage emulator the local server runs, which
// it names in FIREBASE_STORAGE_EMULATOR_HOST ("127.0.0.1:<port>") once it answers.
import { execFileSync } from 'node:child_process';
import { librarySource } from '../kernel/images/library-metadata.ts';
import { tokenVerifier } from './auth.ts';
import { githubClient, githubSettingsFrom } from './github/client.ts';
import { GitHubHistory } from './github/github-history.ts';
import { GitHubProposals } from './github/github-proposals.ts';
import type { HistoryBackend } from './history/backend.ts';
import { historyHandler } from './history/handler.ts';
import { failure } from './http.ts';
import type { CheckRunnerOptions } from './local/check-runner.ts';
import { LocalHistory } from './local/local-history.ts';
import { LocalProposals } from './local/local-proposals.ts';
import type { ProposalsBackend } from './proposals/backend.ts';
import { proposalsHandler, type ProposalsSetup } from './proposals/handler.ts';
import { clockFrom, onNetlify, type Env } from './runtime.ts';
import { scheduledHandler } from './schedule/handler.ts';

/** One repository's backends: its changes, and its pages' published versions. */
export interface Backends {
  proposals: ProposalsBackend;
  history: HistoryBackend;
}

/** The local Storage emulator's host, as the local server gives it; never on Netlify. */
const storageEmulatorOf = (env: Env): string | undefined =>
  onNetlify(env) ? undefined : env.FIREBASE_STORAGE_EMULATOR_HOST?.trim() || undefined;

/** One pair of backends per repository and setting, for the life of the process: a local one keeps its queue of checks. */
const made = new Map<string, Backends | Promise<Backends>>();

export function backendsFrom(env: Env): Backends | Promise<Backends> {
  const which = env.PUBLISH_BACKEND?.trim() || (onNetlify(env) ? 'github' : 'local');
  if (which === 'github') {
    const settings = githubSettingsFrom(env);
    const key = JSON.stringify(settings);
    let backends = made.get(key);
    if (!backends) {
      backends = githubClient(settings).then((octokit) => ({
        proposals: new GitHubProposals(octokit, settings, console.error, clockFrom(env)),
        history: new GitHubHistory(octokit, settings),
      }));
      made.set(key, backends);
      backends.catch(() => made.delete(key));
    }
    return backends;
  }
  if (which !== 'local' || onNetlify(env))
    throw failure(
      'not-set-up',
      `PUBLISH_BACKEND is "${which}"; on Netlify it must be github (or unset).`,
    );
  const dir = env.PUBLISH_REPOSITORY_DIR?.trim() || process.cwd();
  const checks = localChecksFrom(env);
  const key = JSON.stringify([dir, checks]);
  let backends = made.get(key);
  if (!backends) {
    const root = repositoryRoot(dir);
    backends = {
      proposals: new LocalProposals({ dir: root, checks, now: clockFrom(env) }),
      history: new LocalHistory(root),
    };
    made.set(key, backends);
  }
  return backends;
}

/**
 * What the local backend adds to its checks' command: the media library this function reads (the
 * local emulator, at the port it has); and LOCAL_CHECKS_SKIP ("axe,lighthouse"), gates left out, as
 * `npm run check:change -- --skip` does, for the browser tests whose subject is not the checks.
 */
export function localChecksFrom(env: Env): Omit<CheckRunnerOptions, 'onResult'> {
  const emulator = storageEmulatorOf(env);
  const skip = env.LOCAL_CHECKS_SKIP?.trim();
  return {
    args: [...(emulator ? ['--local-library'] : []), ...(skip ? ['--skip', skip] : [])],
    ...(emulator ? { env: { STORAGE_EMULATOR_PORT: new URL(`http://${emulator}`).port } } : {}),
  };
}

/** The top of the git repository `dir` is in; 503 in words when it is in none. */
function repositoryRoot(dir: string): string {
  try {
    return execFileSync('git', ['rev-parse', '--show-toplevel'], {
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
}

/** The proposals function's handler, its setup read from the environment on each request. */
export const proposalsFromEnv = (env: Env) =>
  proposalsHandler(async (): Promise<ProposalsSetup> => ({
    verify: tokenVerifier(env),
    backend: (await backendsFrom(env)).proposals,
    library: librarySource(env, storageEmulatorOf(env)),
    clock: clockFrom(env),
  }));

/** The history function's handler: the same sign-in check, and the history of the repository the proposals function uses. */
export const historyFromEnv = (env: Env) =>
  historyHandler(async () => ({
    verify: tokenVerifier(env),
    backend: (await backendsFrom(env)).history,
  }));

/** The scheduled function's handler: the same backend as the proposals function, with no caller (Netlify runs it on its schedule). */
export const scheduledFromEnv = (env: Env) =>
  scheduledHandler(async () => ({
    backend: (await backendsFrom(env)).proposals,
    clock: clockFrom(env),
  }));
