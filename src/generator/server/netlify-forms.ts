// Netlify Forms, locally: the local server takes a form post as Netlify does, from what the built HTML
// declares. Netlify finds the forms at deploy (a `name` and `data-netlify="true"`, or `netlify`), keeps
// only the fields a form declares, and drops a post whose honeypot (the field `data-netlify-honeypot`,
// or `netlify-honeypot` as its docs spell it, names) is filled while answering it as any other. It checks nothing else: what was posted is what is kept, so the rules are the browser's
// (src/apps/islands/enquiry-form.ts), and a submission sent without scripts may break them, here as
// there. The cases, for both, are one table: tests/support/netlify-form-cases.ts.
import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, readdir, readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { parse } from 'node-html-parser';
import { StoredSubmissionSchema, type StoredSubmission } from '../../kernel/wire/enquiry.ts';
import { submissionsFileName } from '../../kernel/wire/enquiry-paths.ts';

/** A form as the built HTML declares it. */
export interface FormDeclaration {
  name: string;
  /** Every named field, in the order of the markup (`form-name` and the honeypot among them). */
  fields: string[];
  /** The honeypot field's name (`data-netlify-honeypot` or `netlify-honeypot`), if the form has one. */
  honeypot?: string;
  /** Where a post without scripts leads (`action`): the thank-you page. */
  action?: string;
}

/** The field Netlify reads a submission's form from, which a scripted post must carry. */
export const FORM_NAME_FIELD = 'form-name';
/** A bigger post is refused (413): forms of words only. */
export const MAX_FORM_BYTES = 1_000_000;

/**
 * Every form the HTML files under `root` declare for Netlify, by name. Forms of one name on several
 * pages are one form, with all their fields.
 */
export async function declaredForms(root: string): Promise<Map<string, FormDeclaration>> {
  const forms = new Map<string, FormDeclaration>();
  const files = (await readdir(root, { recursive: true })).filter((file) => file.endsWith('.html'));
  for (const file of files) {
    const html = await readFile(path.join(root, file), 'utf8');
    if (!html.includes('netlify')) continue;
    for (const form of parse(html).querySelectorAll('form')) {
      const name = form.getAttribute('name');
      if (!name || !(form.hasAttribute('netlify') || form.getAttribute('data-netlify') === 'true'))
        continue;
      const known = forms.get(name) ?? { name, fields: [] };
      for (const field of form.querySelectorAll(
        'input[name], select[name], textarea[name], button[name]',
      )) {
        const fieldName = field.getAttribute('name')!;
        if (!known.fields.includes(fieldName)) known.fields.push(fieldName);
      }
      known.honeypot ??=
        form.getAttribute('netlify-honeypot') ??
        form.getAttribute('data-netlify-honeypot') ??
        undefined;
      known.action ??= form.getAttribute('action') || undefined;
      forms.set(name, known);
    }
  }
  return forms;
}

export type FormPostOutcome =
  /** No `form-name`: not a form submission. */
  | { kind: 'not-a-form' }
  /** A `form-name` no built page declares: Netlify answers 404. */
  | { kind: 'unknown-form'; name: string }
  /** The honeypot is filled: answered as a success, kept nowhere. */
  | { kind: 'spam'; form: FormDeclaration }
  | { kind: 'accepted'; form: FormDeclaration; submission: StoredSubmission };

/** What becomes of a post's fields: the decision, without the request or the disk. */
export function formPostOutcome(
  forms: ReadonlyMap<string, FormDeclaration>,
  body: URLSearchParams,
  received = new Date(),
  id: string = randomUUID(),
): FormPostOutcome {
  const name = body.get(FORM_NAME_FIELD);
  if (name === null) return { kind: 'not-a-form' };
  const form = forms.get(name);
  if (!form) return { kind: 'unknown-form', name };
  if (form.honeypot && body.get(form.honeypot)) return { kind: 'spam', form };
  const kept = form.fields.filter(
    (field) => field !== FORM_NAME_FIELD && field !== form.honeypot && body.has(field),
  );
  const fields = Object.fromEntries(kept.map((field) => [field, body.get(field)!]));
  return {
    kind: 'accepted',
    form,
    submission: StoredSubmissionSchema.parse({
      id,
      form: form.name,
      receivedAt: received.toISOString(),
      fields,
    }),
  };
}

export class FormTooLargeError extends Error {}

/**
 * A post's fields, when it is form-encoded (URL-encoded, as both the browser and the enquiry form's
 * script send it, or multipart): else null, and the post is none of Netlify Forms' business.
 */
export async function readFormPost(req: IncomingMessage): Promise<URLSearchParams | null> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES)
      throw new FormTooLargeError(
        `A form post may hold at most ${MAX_FORM_BYTES.toLocaleString('en-GB')} bytes.`,
      );
    chunks.push(chunk);
  }
  const body = Buffer.concat(chunks);
  if (type === 'application/x-www-form-urlencoded')
    return new URLSearchParams(body.toString('utf8'));
  // The platform's own multipart reader; files are not fields of words, and are left out.
  const data = await new Request('http://localhost/', {
    method: 'POST',
    headers: { 'content-type': req.headers['content-type']! },
    body,
  }).formData();
  return new URLSearchParams(
    [...data].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The file a form's submissions are kept in, one JSON line each: `<dir>/<form>.jsonl`. */
export const submissionsFile = (dir: string, form: string) =>
  path.join(dir, submissionsFileName(form));

export async function storeSubmission(dir: string, submission: StoredSubmission): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = submissionsFile(dir, submission.form);
  await appendFile(file, `${JSON.stringify(submission)}\n`);
  return file;
}
