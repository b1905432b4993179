// The admin screen's side of the enquiries API (src/kernel/wire/enquiry.ts): every call carries the
// administrator's ID token, and every failure becomes an EnquiryFailure in the server's words (or,
// when the site cannot be reached at all, in ours). The answers' shapes are the API's own types;
// the function that gives them is tested against its schemas, and the admin screen does not carry
// zod's parsers for them. Nothing is cached: the answers hold personal data.
import type { AccountServices } from '../../../kernel/components/account/services.ts';
import type { EnquiryList, Enquiry, MarkSpamRequest } from '../../../kernel/wire/enquiry.ts';
import { ENQUIRIES_API, enquiryUrl } from '../../../kernel/wire/enquiry-paths.ts';
import type { ApiError } from '../../../kernel/wire/proposals.ts';

/** A call that failed: what the server said (or what we say when it could not be reached). */
export class EnquiryFailure extends Error {
  constructor(
    readonly status: number,
    readonly answer: ApiError,
  ) {
    super(answer.error.message);
  }
}

const unreachable = (status: number): ApiError => ({
  error: {
    code: 'unreachable',
    title: 'The site could not be reached',
    message: status ? `The site answered with an error (${status}) instead of the enquiries.` : 'The site did not answer: the connection may have dropped.',
    hint: 'Check your connection, then try again.',
  },
});

export interface EnquiriesClient {
  list(): Promise<Enquiry[]>;
  markSpam(id: string, spam: boolean): Promise<void>;
  remove(id: string): Promise<void>;
}

export function enquiriesClient(services: Pick<AccountServices, 'idToken'>, fetcher: typeof fetch = fetch): EnquiriesClient {
  async function call(url: string, init: RequestInit = {}): Promise<unknown> {
    const token = await services.idToken();
    let response: Response;
    try {
      response = await fetcher(url, { ...init, cache: 'no-store', headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}) } });
    } catch {
      throw new EnquiryFailure(0, unreachable(0));
    }
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) return body;
    const answer = body as Partial<ApiError> | null;
    throw new EnquiryFailure(response.status, answer?.error?.message ? (answer as ApiError) : unreachable(response.status));
  }
  return {
    list: async () => ((await call(ENQUIRIES_API)) as EnquiryList).enquiries,
    markSpam: async (id, spam) => void (await call(enquiryUrl(id), { method: 'PATCH', body: JSON.stringify({ spam } satisfies MarkSpamRequest) })),
    remove: async (id) => void (await call(enquiryUrl(id), { method: 'DELETE' })),
  };
}
