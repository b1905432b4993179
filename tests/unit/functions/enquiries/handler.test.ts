// The enquiries API as the admin's Enquiries section meets it: the real function module
// (netlify/functions/enquiries.mts) served by the local server, firebase-admin checking tokens from
// the local Auth emulator (tests/support/functions-server.ts); locally the file the local server writes, on Netlify a stand-in of
// Netlify's Submissions API (tests/support/netlify-submissions-stand-in.ts) with its failures.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NetlifyEnquiries } from '../../../../src/functions/enquiries/netlify-enquiries.ts';
import { isApiFailure } from '../../../../src/functions/http.ts';
import {
  DeletedSchema,
  EnquiryListSchema,
  MarkedSchema,
  StoredSubmissionSchema,
  type StoredSubmission,
} from '../../../../src/kernel/wire/enquiry.ts';
import { ENQUIRIES_API, enquiryUrl } from '../../../../src/kernel/wire/enquiry-paths.ts';
import { ApiErrorSchema } from '../../../../src/kernel/wire/proposals.ts';
import {
  answer,
  startFunctionsServer,
  withClaims,
  type FunctionsServer,
} from '../../../support/functions-server.ts';
import {
  submissionsStandIn,
  type SubmissionsStandIn,
} from '../../../support/netlify-submissions-stand-in.ts';

let functions: FunctionsServer;
let call: FunctionsServer['call'];
let tokens: FunctionsServer['tokens'];
let netlify: SubmissionsStandIn;

const submission = (id: string, name: string, receivedAt: string): StoredSubmission => ({
  id,
  form: 'enquiry',
  receivedAt,
  fields: {
    name,
    phone: '07700 900 123',
    email: '',
    postcode: 'BR6 0AA',
    service: 'oven-cleaning-services',
    message: 'Two ovens.',
    callback: 'Mornings',
  },
});
const older = submission('a-older', 'Ann Older', '2026-03-01T09:00:00.000Z');
const newer = submission('b-newer', 'Ben Newer', '2026-03-02T09:00:00.000Z');
const file = () => path.join(functions.root, 'enquiry.jsonl');

beforeAll(async () => {
  [functions, netlify] = await Promise.all([
    startFunctionsServer('enquiries-api-'),
    submissionsStandIn(),
  ]);
  ({ call, tokens } = functions);
  // The local server writes its enquiries to this folder, and the function reads them there.
  process.env.ENQUIRIES_DIR = functions.root;
}, 90_000);

afterAll(async () => {
  delete process.env.ENQUIRIES_DIR;
  await functions?.close();
  await netlify?.close();
});

const refusal = (response: Response) => answer(response, ApiErrorSchema);

describe('who may call', () => {
  it('answers 401 in words without a token, or with one that is not valid', async () => {
    const none = await refusal(await call('GET', ENQUIRIES_API));
    expect(none).toMatchObject({
      status: 401,
      body: { error: { code: 'signed-out', title: 'You are not signed in' } },
    });
    expect(none.body.error.message).toContain('Reading the enquiries needs you to be signed in');
    expect(none.body.error.hint).not.toContain('draft');
    expect(
      await refusal(await call('DELETE', enquiryUrl(older.id), { token: 'not-a-token' })),
    ).toMatchObject({ status: 401, body: { error: { code: 'signed-out' } } });
  });

  it('answers 403 in words to an account without the admin role', async () => {
    expect(await refusal(await call('GET', ENQUIRIES_API, { token: tokens.member }))).toMatchObject(
      {
        status: 403,
        body: { error: { code: 'not-admin', title: 'Your account cannot read the enquiries' } },
      },
    );
  });

  // Locally the emulator's tokens are unsigned: the role is the account's, not the token's.
  it('answers 401 to a token whose role was changed by hand: a member made admin, an admin made member', async () => {
    const forged = await refusal(
      await call('GET', ENQUIRIES_API, { token: withClaims(tokens.member, { admin: true }) }),
    );
    expect(forged).toMatchObject({
      status: 401,
      body: {
        error: {
          code: 'claims-disagree',
          title: 'Your sign-in no longer matches your account',
          hint: 'Sign in again, then try once more.',
        },
      },
    });
    expect(
      await refusal(
        await call('GET', ENQUIRIES_API, { token: withClaims(tokens.admin, { admin: false }) }),
      ),
    ).toMatchObject({ status: 401, body: { error: { code: 'claims-disagree' } } });
    // The tokens as the emulator issued them still answer as before.
    expect((await call('GET', ENQUIRIES_API, { token: tokens.admin })).status).toBe(200);
  });
});

describe('locally, the file the local server writes', () => {
  afterEach(() => rm(file(), { force: true }));

  it('lists the enquiries newest first; marks one as spam and not spam, and deletes one, in the file', async () => {
    await writeFile(file(), `${JSON.stringify(older)}\n${JSON.stringify(newer)}\n`);
    const list = async () =>
      (await answer(await call('GET', ENQUIRIES_API, { token: tokens.admin }), EnquiryListSchema))
        .body.enquiries;
    expect((await list()).map((enquiry) => [enquiry.fields.name, enquiry.spam])).toEqual([
      ['Ben Newer', undefined],
      ['Ann Older', undefined],
    ]);

    expect(
      await answer(
        await call('PATCH', enquiryUrl(older.id), { token: tokens.admin, body: { spam: true } }),
        MarkedSchema,
      ),
    ).toEqual({ status: 200, body: { id: older.id, spam: true } });
    expect((await list()).map((enquiry) => enquiry.spam)).toEqual([undefined, true]);
    await call('PATCH', enquiryUrl(older.id), { token: tokens.admin, body: { spam: false } });
    expect((await list()).map((enquiry) => enquiry.spam)).toEqual([undefined, undefined]);

    expect(
      await answer(
        await call('DELETE', enquiryUrl(newer.id), { token: tokens.admin }),
        DeletedSchema,
      ),
    ).toEqual({ status: 200, body: { deleted: newer.id } });
    const kept = (await readFile(file(), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => StoredSubmissionSchema.parse(JSON.parse(line)));
    expect(kept).toEqual([older]);
    expect(
      await refusal(await call('DELETE', enquiryUrl(newer.id), { token: tokens.admin })),
    ).toMatchObject({ status: 404, body: { error: { code: 'no-such-enquiry' } } });
  });

  it('lists nothing before the first submission, and refuses what it does not take', async () => {
    expect(
      await answer(await call('GET', ENQUIRIES_API, { token: tokens.admin }), EnquiryListSchema),
    ).toEqual({ status: 200, body: { enquiries: [] } });
    expect(
      await refusal(
        await call('PATCH', enquiryUrl('x'), { token: tokens.admin, body: { spam: 'yes' } }),
      ),
    ).toMatchObject({ status: 400, body: { error: { code: 'bad-request' } } });
    expect(await refusal(await call('POST', ENQUIRIES_API, { token: tokens.admin }))).toMatchObject(
      { status: 405 },
    );
  });
});

describe('on Netlify, its Submissions API', () => {
  beforeAll(() =>
    Object.assign(process.env, {
      NETLIFY_API_TOKEN: netlify.token,
      SITE_ID: netlify.siteId,
      NETLIFY_API_URL: netlify.url,
    }),
  );
  afterAll(() => {
    for (const name of ['NETLIFY_API_TOKEN', 'SITE_ID', 'NETLIFY_API_URL'])
      delete process.env[name];
  });

  it('lists the verified and spam submissions newest first, without what the form does not declare; marks and deletes them on Netlify', async () => {
    netlify.submissions.set('n1', {
      id: 'n1',
      created_at: '2026-03-01T09:00:00.000+00:00',
      data: {
        ...older.fields,
        ip: '203.0.113.9',
        user_agent: 'Robot',
        referrer: 'https://example.com',
      },
      spam: false,
    });
    netlify.submissions.set('n2', {
      id: 'n2',
      created_at: '2026-03-03T10:00:00.000+00:00',
      data: { name: 'Cat Spam', email: 'cat@example.com', postcode: 'BR6 0AA' },
      spam: true,
    });
    const { body } = await answer(
      await call('GET', ENQUIRIES_API, { token: tokens.admin }),
      EnquiryListSchema,
    );
    expect(body.enquiries).toEqual([
      {
        id: 'n2',
        form: 'enquiry',
        receivedAt: '2026-03-03T10:00:00.000Z',
        spam: true,
        fields: {
          name: 'Cat Spam',
          phone: '',
          email: 'cat@example.com',
          postcode: 'BR6 0AA',
          service: '',
          message: '',
          callback: '',
        },
      },
      { id: 'n1', form: 'enquiry', receivedAt: '2026-03-01T09:00:00.000Z', fields: older.fields },
    ]);

    await call('PATCH', enquiryUrl('n2'), { token: tokens.admin, body: { spam: false } });
    expect(netlify.submissions.get('n2')!.spam).toBe(false);
    await call('PATCH', enquiryUrl('n1'), { token: tokens.admin, body: { spam: true } });
    expect(netlify.submissions.get('n1')!.spam).toBe(true);
    expect((await call('DELETE', enquiryUrl('n1'), { token: tokens.admin })).status).toBe(200);
    expect([...netlify.submissions.keys()]).toEqual(['n2']);
    expect(
      await refusal(await call('DELETE', enquiryUrl('n1'), { token: tokens.admin })),
    ).toMatchObject({ status: 404, body: { error: { code: 'no-such-enquiry' } } });
  });

  it.each([
    [401, 502, 'netlify-refused', 'NETLIFY_API_TOKEN'],
    [500, 502, 'netlify-failed', 'try again in a minute'],
    [503, 502, 'netlify-failed', 'try again in a minute'],
  ])("answers Netlify's %i with %i in words", async (netlifyStatus, status, code, hint) => {
    netlify.failNext(netlifyStatus);
    const refused = await refusal(await call('GET', ENQUIRIES_API, { token: tokens.admin }));
    expect(refused).toMatchObject({ status, body: { error: { code } } });
    expect(refused.body.error.hint).toContain(hint);
  });

  it('answers 503 in words when Netlify does not answer in time', async () => {
    netlify.failNext(0);
    const backend = new NetlifyEnquiries({
      token: netlify.token,
      siteId: netlify.siteId,
      api: netlify.url,
      timeoutMs: 300,
    });
    const failed = await backend.list().catch((error: unknown) => error);
    expect(
      isApiFailure(failed) && [failed.status, failed.body.error.code, failed.body.error.message],
    ).toEqual([
      503,
      'netlify-unreachable',
      "Netlify's form submissions service could not be reached (no answer within 0.3 seconds).",
    ]);
  });
});
