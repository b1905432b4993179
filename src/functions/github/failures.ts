// GitHub's failures, in the API's words: rate limits 429 with the time GitHub gave, time-outs and
// 5xx (after octokit's own retries) 502, refusals of the site's access 502 with what to check,
// conflicts 409. The cases a call expects (a branch that exists, a pull request that does not)
// are handled where the call is made.
import { RequestError } from 'octokit';
import { failure } from '../http.ts';

export const statusOf = (error: unknown): number | undefined =>
  error instanceof RequestError ? error.status : undefined;

/** GitHub's own words for a failure: its answer's message, without the link to its documentation. */
export function githubMessage(error: unknown): string {
  const data =
    error instanceof RequestError
      ? (error.response?.data as { message?: unknown } | undefined)
      : undefined;
  return typeof data?.message === 'string'
    ? data.message
    : error instanceof Error
      ? error.message
      : String(error);
}

/** Seconds until GitHub takes requests again: its retry-after, else its rate limit's reset time. */
export function retryAfterOf(
  headers: Readonly<Record<string, string | number | undefined>>,
  now = Date.now(),
): number | undefined {
  const after = Number(headers['retry-after']);
  if (headers['retry-after'] !== undefined && Number.isFinite(after))
    return Math.max(0, Math.ceil(after));
  const reset = Number(headers['x-ratelimit-reset']);
  if (headers['x-ratelimit-reset'] !== undefined && Number.isFinite(reset))
    return Math.max(0, Math.ceil(reset - now / 1000));
  return undefined;
}

/** The failure to answer for an error of a GitHub request; anything else is thrown on as it is. */
export function githubFailure(error: unknown): unknown {
  if (!(error instanceof RequestError)) return error;
  const headers = (error.response?.headers ?? {}) as Record<string, string | number | undefined>;
  const { status } = error;
  const limited =
    status === 429 ||
    (status === 403 &&
      (headers['x-ratelimit-remaining'] === '0' ||
        headers['retry-after'] !== undefined ||
        /rate limit/i.test(error.message)));
  if (limited) {
    const seconds = retryAfterOf(headers);
    return seconds === undefined
      ? failure('rate-limited', undefined)
      : failure('rate-limited', seconds).with(
          { retryAfter: seconds },
          { 'retry-after': String(seconds) },
        );
  }
  if (!error.response)
    return failure(
      'github-unreachable',
      /timeout|timed out|aborted/i.test(error.message)
        ? 'it did not answer in time'
        : `no answer: ${error.message}`,
    );
  if (status >= 500) return failure('github-unreachable', `it answered ${status}`);
  if (status === 409) return failure('conflict', `GitHub says: ${githubMessage(error)}`);
  return failure('github-refused', `${status}: ${githubMessage(error)}`);
}

/** Runs a GitHub call, its failures answered in words. */
export async function onGitHub<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw githubFailure(error);
  }
}
