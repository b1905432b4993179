// Calling the site's API from the browser: the administrator's ID token goes with every call, and
// every failure reads as words, the server's own or, when the site did not answer as it should,
// ours with what to do (each client saying what the call was for).
import { describe, expect, it } from 'vitest';
import { enquiriesClient } from '../../../../src/apps/admin/enquiries/client.ts';
import { ApiCallFailure } from '../../../../src/apps/account/api-call.ts';
import { proposalsClient } from '../../../../src/apps/shared/proposals-client.ts';

const services = { idToken: async () => 'the-token' };
const answering = (status: number, body: string) => async () => new Response(body, { status });
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (caught: unknown) => caught as ApiCallFailure,
  );

describe("a call to the site's API", () => {
  it('carries the ID token and its JSON, is never cached, and resolves with the answer', async () => {
    const seen: [string, RequestInit][] = [];
    const fetcher = async (url: string | URL | Request, init?: RequestInit) => {
      seen.push([String(url), init ?? {}]);
      return new Response('{"marked":true}', { status: 200 });
    };
    await enquiriesClient(services, fetcher).markSpam('e1', true);
    expect(seen).toEqual([
      [
        '/api/enquiries/e1',
        {
          method: 'PATCH',
          body: '{"spam":true}',
          cache: 'no-store',
          headers: { authorization: 'Bearer the-token', 'content-type': 'application/json' },
        },
      ],
    ]);
  });

  it("fails in the server's words when it answers with an error", async () => {
    const said = {
      error: {
        code: 'not-admin',
        title: 'Your account cannot publish',
        message: 'Only administrators can propose.',
        hint: 'Ask the owner.',
      },
    };
    const failure = await failureOf(
      proposalsClient(services, answering(403, JSON.stringify(said))).list(),
    );
    expect(failure).toBeInstanceOf(ApiCallFailure);
    expect([failure?.status, failure?.answer, failure?.message]).toEqual([
      403,
      said,
      'Only administrators can propose.',
    ]);
  });

  it('fails in our words, saying what the call was for, when the site does not answer as it should', async () => {
    const broken = await failureOf(
      enquiriesClient(services, answering(502, '<html>Bad gateway</html>')).list(),
    );
    expect(broken?.answer.error).toEqual({
      code: 'unreachable',
      title: 'The site could not be reached',
      message: 'The site answered with an error (502) instead of the enquiries.',
      hint: 'Check your connection, then try again.',
    });
    const gone = await failureOf(
      proposalsClient(services, async () => Promise.reject(new TypeError('Failed to fetch'))).get(
        'p1',
      ),
    );
    expect([gone?.status, gone?.answer.error.message, gone?.answer.error.hint]).toEqual([
      0,
      'The site did not answer: the connection may have dropped.',
      'Your draft is safe in this browser. Check your connection, then try again.',
    ]);
  });
});
