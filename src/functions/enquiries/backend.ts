// Where the enquiries live: one small interface, two implementations. On Netlify, Netlify Forms
// (its Submissions API, netlify-enquiries.ts); locally, the file the local server writes
// (local-enquiries.ts). The enquiries function knows only this.
import type { Enquiry } from '../../kernel/wire/enquiry.ts';

export interface EnquiriesBackend {
  /** The enquiry form's submissions, spam included (marked), newest first. */
  list(): Promise<Enquiry[]>;
  /** Deletes one for good; 404 (no-such-enquiry) when there is none. */
  remove(id: string): Promise<void>;
  /** Marks one as spam, or as not spam; 404 when there is none. */
  markSpam(id: string, spam: boolean): Promise<void>;
}

export const newestFirst = (a: Enquiry, b: Enquiry) => b.receivedAt.localeCompare(a.receivedAt);
