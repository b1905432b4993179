// The enquiries API (src/kernel/wire/enquiry.ts), as the function answers it: who is calling (an
// administrator, or 401/403: the publishing function's own check, src/functions/auth.ts), then the
// backend. Every answer is JSON and never cached (personal data); every failure is in words.
import { ENQUIRY_WORDS } from '../../kernel/errors/enquiry-words.ts';
import { MarkSpamRequestSchema } from '../../kernel/wire/enquiry.ts';
import type { VerifyToken } from '../auth.ts';
import { json, readJson } from '../http.ts';
import { routeHandler, type Route } from '../routes.ts';
import type { EnquiriesBackend } from './backend.ts';

export interface EnquiriesSetup {
  verify: VerifyToken;
  backend: EnquiriesBackend;
}

/** The enquiries API's routes: every one needs the admin role (the enquiries are personal data). */
export const ENQUIRIES_ROUTES: readonly Route<EnquiriesSetup>[] = [
  {
    method: 'GET',
    path: '/api/enquiries',
    admin: true,
    answer: async ({ setup }) => json(200, { enquiries: await setup.backend.list() }),
  },
  {
    method: 'PATCH',
    path: '/api/enquiries/:id',
    admin: true,
    async answer({ req, params, setup }) {
      const { spam } = await readJson(req, 1024, MarkSpamRequestSchema);
      await setup.backend.markSpam(params.id!, spam);
      return json(200, { id: params.id, spam });
    },
  },
  {
    method: 'DELETE',
    path: '/api/enquiries/:id',
    admin: true,
    async answer({ params, setup }) {
      await setup.backend.remove(params.id!);
      return json(200, { deleted: params.id });
    },
  },
];

/** The handler, for a setup made on each request from the site's id (so that a missing setting is answered 503 in words, not a crash). */
export const enquiriesHandler = (
  setup: (siteId?: string) => EnquiriesSetup | Promise<EnquiriesSetup>,
  log: (message: string) => void = console.error,
) => routeHandler(ENQUIRIES_ROUTES, setup, { log, words: ENQUIRY_WORDS });
