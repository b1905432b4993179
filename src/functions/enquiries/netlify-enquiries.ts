// The enquiries on Netlify: Netlify Forms' Submissions API for this site, with a personal access
// token. The enquiry form is found by its name among the site's forms; its submissions are read
// twice, the verified ones and the spam ones (Netlify keeps them apart), and each is taken as the
// local server keeps one (submissionFromNetlify: the declared fields only, not the sender's IP
// address or browser). Netlify's failures are answered in words: a refused token 502, a fault 502,
// no answer (within 10 s) 503.
import { z } from 'zod';
import {
  NetlifyFormSchema,
  NetlifySubmissionSchema,
  submissionFromNetlify,
  EnquirySchema,
  type Enquiry,
} from '../../kernel/wire/enquiry.ts';
import { ENQUIRY_FIELD_NAMES, ENQUIRY_FORM } from '../../kernel/wire/enquiry-rules.ts';
import { failure } from '../http.ts';
import { newestFirst, type EnquiriesBackend } from './backend.ts';

export const NETLIFY_API = 'https://api.netlify.com/api/v1';
/** How long Netlify may take to answer one request. */
export const NETLIFY_TIMEOUT_MS = 10_000;
/** The most submissions read of each kind (Netlify's largest page). */
const PER_PAGE = 100;

export interface NetlifySettings {
  token: string;
  siteId: string;
  /** The API's address: Netlify's, or a test's stand-in. */
  api?: string;
  timeoutMs?: number;
}

export class NetlifyEnquiries implements EnquiriesBackend {
  constructor(
    private readonly settings: NetlifySettings,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  async list(): Promise<Enquiry[]> {
    const forms = shaped(
      z.array(NetlifyFormSchema),
      await this.call('GET', `/sites/${encodeURIComponent(this.settings.siteId)}/forms`, 'site'),
    );
    const form = forms.find((candidate) => candidate.name === ENQUIRY_FORM);
    // No enquiry form yet: form detection is off, or no deploy since it was switched on.
    if (!form) return [];
    const submissions = `/forms/${encodeURIComponent(form.id)}/submissions?per_page=${PER_PAGE}`;
    const [verified, spam] = await Promise.all([
      this.call('GET', submissions, 'site'),
      this.call('GET', `${submissions}&state=spam`, 'site'),
    ]);
    const read = (answer: unknown, isSpam: boolean) =>
      shaped(z.array(NetlifySubmissionSchema), answer).map((submission) =>
        EnquirySchema.parse(
          submissionFromNetlify(submission, ENQUIRY_FORM, ENQUIRY_FIELD_NAMES, isSpam),
        ),
      );
    return [...read(verified, false), ...read(spam, true)].sort(newestFirst);
  }

  async remove(id: string): Promise<void> {
    await this.call('DELETE', `/submissions/${encodeURIComponent(id)}`, 'submission');
  }

  async markSpam(id: string, spam: boolean): Promise<void> {
    await this.call(
      'PUT',
      `/submissions/${encodeURIComponent(id)}/${spam ? 'spam' : 'ham'}`,
      'submission',
    );
  }

  /** One request: its JSON answer (null when it has none), or the failure in words. */
  private async call(
    method: string,
    address: string,
    about: 'site' | 'submission',
  ): Promise<unknown> {
    const timeout = this.settings.timeoutMs ?? NETLIFY_TIMEOUT_MS;
    let response: Response;
    try {
      response = await this.fetcher(`${this.settings.api ?? NETLIFY_API}${address}`, {
        method,
        headers: {
          authorization: `Bearer ${this.settings.token}`,
          accept: 'application/json',
          'user-agent': 'ardent-site-enquiries',
        },
        signal: AbortSignal.timeout(timeout),
      });
    } catch (error) {
      const timedOut = (error as { name?: string }).name === 'TimeoutError';
      throw failure(
        'netlify-unreachable',
        timedOut ? `no answer within ${timeout / 1000} seconds` : 'the connection failed',
      );
    }
    if (response.status === 401 || response.status === 403)
      throw failure('netlify-refused', `it answered ${response.status} to the access token`);
    if (response.status === 404)
      throw about === 'submission'
        ? failure('no-such-enquiry')
        : failure(
            'netlify-refused',
            `it does not know the site ${this.settings.siteId}, or the token cannot see it`,
          );
    if (response.status === 429)
      throw failure('netlify-unreachable', 'it has had too many requests for now');
    if (!response.ok) throw failure('netlify-failed', `it answered ${response.status}`);
    const text = await response.text();
    if (!text.trim()) return null;
    try {
      return JSON.parse(text);
    } catch {
      throw failure('netlify-failed', 'its answer was not JSON');
    }
  }
}

/** Netlify's answer in the shape it documents, or a fault in words. */
function shaped<T>(schema: z.ZodType<T>, answer: unknown): T {
  const parsed = schema.safeParse(answer);
  if (!parsed.success)
    throw failure(
      'netlify-failed',
      `its answer was not the list it documents: ${parsed.error.issues[0]!.path.join('.')} ${parsed.error.issues[0]!.message}`,
    );
  return parsed.data;
}
