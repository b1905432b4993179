// The enquiries API (src/kernel/wire/enquiry.ts), as the function answers it: who is calling (an
// administrator, or 401/403: the publishing function's own check, src/functions/auth.ts), then the
// backend. Every answer is JSON and never cached (personal data); every failure is in words.
import { ENQUIRY_WORDS } from '../../kernel/errors/api-errors.ts';
import { MarkSpamRequestSchema } from '../../kernel/wire/enquiry.ts';
import { adminCaller, type VerifyToken } from '../auth.ts';
import { answering, failure, json, readJson } from '../http.ts';
import type { EnquiriesBackend } from './backend.ts';

export interface EnquiriesSetup {
  verify: VerifyToken;
  backend: EnquiriesBackend;
}

/** The handler, for a setup made on each request (so that a missing setting is answered 503 in words, not a crash). */
export function enquiriesHandler(setup: () => EnquiriesSetup | Promise<EnquiriesSetup>, log: (message: string) => void = console.error) {
  return (req: Request, params: Readonly<Record<string, string | undefined>> = {}): Promise<Response> => answering(req, () => route(req, params, setup), { log, words: ENQUIRY_WORDS });
}

async function route(req: Request, params: Readonly<Record<string, string | undefined>>, setup: () => EnquiriesSetup | Promise<EnquiriesSetup>): Promise<Response> {
  const [, , , segment, ...rest] = new URL(req.url).pathname.split('/');
  if (rest.length > 0 || segment === '') throw failure('not-found');
  const allowed = segment === undefined ? 'GET' : 'PATCH, DELETE';
  if (!allowed.split(', ').includes(req.method)) throw failure('method-not-allowed', req.method, allowed).with({}, { allow: allowed });

  const { verify, backend } = await setup();
  await adminCaller(req, verify);
  if (segment === undefined) return json(200, { enquiries: await backend.list() });
  const id = params.id ?? segment;
  if (req.method === 'DELETE') {
    await backend.remove(id);
    return json(200, { deleted: id });
  }
  const { spam } = await readJson(req, 1024, MarkSpamRequestSchema);
  await backend.markSpam(id, spam);
  return json(200, { id, spam });
}
