// The admin screen's side of the enquiries API (src/kernel/wire/enquiry.ts), called as every API
// call from the browser is (src/apps/account/api-call.ts). Nothing is cached: the answers hold
// personal data.
import { apiCall, type ApiCaller } from '../../account/api-call.ts';
import type { EnquiryList, Enquiry, MarkSpamRequest } from '../../../kernel/wire/enquiry.ts';
import { ENQUIRIES_API, enquiryUrl } from '../../../kernel/wire/enquiry-paths.ts';

export interface EnquiriesClient {
  list: () => Promise<Enquiry[]>;
  markSpam: (id: string, spam: boolean) => Promise<void>;
  remove: (id: string) => Promise<void>;
}

export function enquiriesClient(
  services: ApiCaller['services'],
  fetcher?: typeof fetch,
): EnquiriesClient {
  const caller: ApiCaller = {
    services,
    fetcher,
    expected: 'the enquiries',
    hint: 'Check your connection, then try again.',
  };
  return {
    list: async () => (await apiCall<EnquiryList>(caller, ENQUIRIES_API)).enquiries,
    markSpam: async (id, spam) =>
      void (await apiCall(caller, enquiryUrl(id), {
        method: 'PATCH',
        body: JSON.stringify({ spam } satisfies MarkSpamRequest),
      })),
    remove: async (id) => void (await apiCall(caller, enquiryUrl(id), { method: 'DELETE' })),
  };
}
