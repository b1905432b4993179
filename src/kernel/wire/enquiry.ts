/**
 * A form submission as it is kept, and an enquiry as whoever reads one (the admin's view, a server
 * function) takes it: zod schemas made from the form's rules (enquiry-rules.ts). Netlify keeps
 * whatever was posted to a form it knows, so an enquiry sent without scripts may break a rule: the
 * schemas type it and leave it whole, and `enquiryProblems` says what is wrong with it.
 */
import { z } from 'zod';
import {
  ENQUIRY_FIELD_NAMES,
  ENQUIRY_FORM,
  enquiryProblems,
  type EnquiryFieldName,
} from './enquiry-rules.ts';

/**
 * One submission: locally, one JSON line of `.cache/forms/<form>.jsonl` (the local server's
 * Netlify Forms, src/generator/server/netlify-forms.ts); on Netlify, a submission of the
 * Submissions API as `submissionFromNetlify` reads it. `fields` holds only the fields the form
 * declares, without `form-name` and the honeypot, each as it was posted.
 */
export const StoredSubmissionSchema = z.strictObject({
  id: z.string().min(1),
  form: z.string().min(1),
  receivedAt: z.iso.datetime(),
  fields: z.record(z.string(), z.string()),
  /** Marked as spam by the owner (on Netlify, a submission of its spam list); absent when not. */
  spam: z.literal(true).optional(),
});
export type StoredSubmission = z.infer<typeof StoredSubmissionSchema>;

/** The enquiry form's fields, each a string ('' for one not given). */
const EnquiryFieldsShape = z.object(
  Object.fromEntries(ENQUIRY_FIELD_NAMES.map((name) => [name, z.string().default('')])) as Record<
    EnquiryFieldName,
    z.ZodDefault<z.ZodString>
  >,
);
export type EnquiryFields = z.infer<typeof EnquiryFieldsShape>;

/** A stored submission of the enquiry form: what the admin's view lists, rules broken or not. */
export const EnquirySchema = StoredSubmissionSchema.extend({
  form: z.literal(ENQUIRY_FORM),
  fields: EnquiryFieldsShape,
});
export type Enquiry = z.infer<typeof EnquirySchema>;

/**
 * The enquiry's fields, checked by the form's own rules, with the words the form shows, each at
 * its field: what the browser checks before sending, as a schema. `services`: the values the
 * service list offers (the site's service slugs and "not-sure").
 */
export const enquiryFieldsSchema = (services?: readonly string[]) =>
  EnquiryFieldsShape.superRefine((fields, ctx) => {
    for (const problem of enquiryProblems(fields, services))
      ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });

/** What Netlify's Submissions API (GET /forms/{form_id}/submissions) returns for a submission: the parts read here. */
export const NetlifySubmissionSchema = z.object({
  id: z.string().min(1),
  created_at: z.iso.datetime({ offset: true }),
  data: z.record(z.string(), z.unknown()),
});

/**
 * A submission of the API as it is kept: Netlify's `data` also carries the sender's IP address,
 * browser and referrer, which are left out with anything else the form does not declare.
 */
export function submissionFromNetlify(
  submission: z.input<typeof NetlifySubmissionSchema>,
  form: string,
  declared: readonly string[],
  spam = false,
): StoredSubmission {
  const { id, created_at, data } = NetlifySubmissionSchema.parse(submission);
  const fields = Object.fromEntries(
    declared
      .filter((name) => typeof data[name] === 'string')
      .map((name) => [name, data[name] as string]),
  );
  return StoredSubmissionSchema.parse({
    id,
    form,
    receivedAt: new Date(created_at).toISOString(),
    fields,
    ...(spam ? { spam: true } : {}),
  });
}

/** What Netlify's GET /sites/{site_id}/forms returns for a form: the parts read here (the enquiry form's id). */
export const NetlifyFormSchema = z.object({ id: z.string().min(1), name: z.string() });

/**
 * The enquiries API (netlify/functions/enquiries.mts, src/functions/enquiries/) that the admin's
 * Enquiries section calls, each call with the administrator's ID token; every failure an ApiError
 * (proposals.ts), in words. Its addresses: enquiry-paths.ts.
 *
 *   GET    /api/enquiries        → 200 { enquiries }, newest first, spam included (marked)
 *   PATCH  /api/enquiries/<id>   { spam } → 200 { id, spam }
 *   DELETE /api/enquiries/<id>   → 200 { deleted: id }
 */
export const EnquiryListSchema = z.strictObject({ enquiries: z.array(EnquirySchema) });
export type EnquiryList = z.infer<typeof EnquiryListSchema>;
export const MarkSpamRequestSchema = z.strictObject({ spam: z.boolean() });
export type MarkSpamRequest = z.infer<typeof MarkSpamRequestSchema>;
export const MarkedSchema = z.strictObject({ id: z.string().min(1), spam: z.boolean() });
export type Marked = z.infer<typeof MarkedSchema>;
export const DeletedSchema = z.strictObject({ deleted: z.string().min(1) });
