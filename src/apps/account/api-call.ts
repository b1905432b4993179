// How the browser calls the site's own API (the functions in src/functions/): with the signed-in
// administrator's ID token, JSON in and out, nothing cached (the answers hold personal data and
// change from one moment to the next). Every failure becomes an ApiCallFailure carrying the
// server's answer in words (src/kernel/errors/api-errors.ts), or ours when the site could not be
// reached. The answers' shapes are the API's own types, not parsed here: the functions are tested
// against their schemas, and the apps do not carry zod's parsers for them.
import type { AccountServices } from '../../kernel/components/account/services.ts';
import type { ApiError } from '../../kernel/wire/proposals.ts';

/** A call that failed: what the server said (or what we say when it could not be reached). */
export class ApiCallFailure extends Error {
  override name = 'ApiCallFailure';
  constructor(
    readonly status: number,
    readonly answer: ApiError,
  ) {
    super(answer.error.message);
  }
}

/** Who calls, and our words for a site that did not answer as it should. */
export interface ApiCaller {
  services: Pick<AccountServices, 'idToken'>;
  fetcher?: typeof fetch;
  /** What the call was for, as in "instead of the enquiries". */
  expected: string;
  /** What to do when the site could not be reached. */
  hint: string;
}

const unreachable = ({ expected, hint }: ApiCaller, status: number): ApiError => ({
  error: {
    code: 'unreachable',
    title: 'The site could not be reached',
    message: status
      ? `The site answered with an error (${status}) instead of ${expected}.`
      : 'The site did not answer: the connection may have dropped.',
    hint,
  },
});

/** Calls the API at `url`; resolves with its answer (typed by the caller), rejects with an ApiCallFailure. */
export async function apiCall<T>(
  caller: ApiCaller,
  url: string,
  init: RequestInit = {},
): Promise<T> {
  const token = await caller.services.idToken();
  let response: Response;
  try {
    response = await (caller.fetcher ?? fetch)(url, {
      ...init,
      cache: 'no-store',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
  } catch {
    throw new ApiCallFailure(0, unreachable(caller, 0));
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return body as T;
  const answer = body as Partial<ApiError> | null;
  throw new ApiCallFailure(
    response.status,
    answer?.error?.message ? (answer as ApiError) : unreachable(caller, response.status),
  );
}
