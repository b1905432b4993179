// The GitHub client: octokit with its own retries (5xx and time-outs, twice) and rate-limit
// handling (a short wait is taken; a long one is answered 429 with the time, since a function
// cannot wait an hour), authenticated as a GitHub App installation (whose pull requests start the
// repository's workflows: one opened with a workflow's own GITHUB_TOKEN would not) or with a
// fine-grained token. The settings come from the function's environment variables, which never
// reach the browser.
import { App, Octokit } from 'octokit';
import { failure } from '../http.ts';
import type { Env } from '../runtime.ts';

export interface GitHubSettings {
  owner: string;
  repo: string;
  /** The branch proposals start from and are merged into. */
  base: string;
  auth: { token: string } | { appId: string; privateKey: string; installationId: number };
  /** GitHub's API; the tests' stand-in's in tests. */
  baseUrl?: string;
  /** How long one request may take before it is given up (and retried). */
  timeoutMs?: number;
  /** The unit of octokit's waits before a retry, in ms (1000); the tests make it short. */
  retryAfterBaseValue?: number;
}

/** The longest wait for a rate limit that a request takes before retrying, in seconds: longer ones are answered 429. */
const LONGEST_WAIT = 3;

/** The settings, from GITHUB_REPOSITORY (owner/name), GITHUB_BASE_BRANCH and the App's or the token's variables; 503 in words when incomplete. */
export function githubSettingsFrom(env: Env): GitHubSettings {
  const [owner, repo, ...rest] = (env.GITHUB_REPOSITORY ?? '').trim().split('/');
  if (!owner || !repo || rest.length > 0)
    throw failure('not-set-up', 'GITHUB_REPOSITORY is not set to the repository, as owner/name.');
  const base = env.GITHUB_BASE_BRANCH?.trim() || 'main';
  const {
    GITHUB_APP_ID: appId,
    GITHUB_APP_PRIVATE_KEY: key,
    GITHUB_APP_INSTALLATION_ID: installation,
    GITHUB_TOKEN: token,
  } = env;
  if (appId && key && installation) {
    if (!/^\d+$/.test(installation.trim()))
      throw failure('not-set-up', 'GITHUB_APP_INSTALLATION_ID is not a number.');
    // Netlify's variables hold one line: a key pasted with "\n" for its line breaks is read back.
    return {
      owner,
      repo,
      base,
      auth: {
        appId: appId.trim(),
        privateKey: key.includes('\\n') ? key.replace(/\\n/g, '\n') : key,
        installationId: Number(installation),
      },
    };
  }
  if (token?.trim()) return { owner, repo, base, auth: { token: token.trim() } };
  throw failure(
    'not-set-up',
    'neither the GitHub App (GITHUB_APP_ID, GITHUB_APP_PRIVATE_KEY, GITHUB_APP_INSTALLATION_ID) nor a token (GITHUB_TOKEN) is set.',
  );
}

/** `throttle: false` only where nothing has limits to respect (the tests' stand-in): GitHub asks for a second between writes. */
export async function githubClient(
  settings: GitHubSettings,
  { throttle = true } = {},
): Promise<Octokit> {
  const timeoutMs = settings.timeoutMs ?? 10_000;
  const retryAfterBaseValue = settings.retryAfterBaseValue ?? 1000;
  const waitBriefly = (
    retryAfter: number,
    _options: unknown,
    _octokit: unknown,
    retryCount: number,
  ) => retryCount === 0 && retryAfter <= LONGEST_WAIT;
  const ClientClass = Octokit.defaults({
    ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
    request: {
      // Each request given up after the time-out: octokit then retries it like a 5xx.
      fetch: (url: string | URL, init: RequestInit = {}) =>
        fetch(url, {
          ...init,
          signal: init.signal
            ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)])
            : AbortSignal.timeout(timeoutMs),
        }),
    },
    // Rate limits (403, 429) are the throttling's to wait for, not the retries'.
    retry: {
      retries: 2,
      retryAfterBaseValue,
      doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451],
    },
    throttle: {
      enabled: throttle,
      onRateLimit: waitBriefly,
      onSecondaryRateLimit: waitBriefly,
      retryAfterBaseValue,
    },
  });
  if ('token' in settings.auth) return new ClientClass({ auth: settings.auth.token });
  const app = new App({
    appId: settings.auth.appId,
    privateKey: settings.auth.privateKey,
    Octokit: ClientClass,
  });
  return app.getInstallationOctokit(settings.auth.installationId);
}
