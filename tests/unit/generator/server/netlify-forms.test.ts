// Netlify Forms, locally: the table of cases (tests/support/netlify-form-cases.ts) run against the
// local server (`npm start`'s), on a site whose page holds the real enquiry form.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EnquiryForm } from '../../../../src/kernel/components/enquiry/EnquiryForm.tsx';
import { EnquiryFormBlockSchema } from '../../../../src/kernel/schema/blocks.ts';
import { createSiteServer } from '../../../../src/generator/server/create-server.ts';
import { declaredForms, MAX_FORM_BYTES } from '../../../../src/generator/server/netlify-forms.ts';
import { StoredSubmissionSchema } from '../../../../src/kernel/wire/enquiry.ts';
import {
  ENQUIRY_POST,
  NETLIFY_FORM_CASES,
  type NetlifyFormCase,
} from '../../../support/netlify-form-cases.ts';
import { close, listen, silentLogger } from '../../../support/server-site.ts';

const block = EnquiryFormBlockSchema.parse({
  type: 'enquiry-form',
  privacy: { text: 'We answer and delete.', link: { label: 'Privacy', href: '/privacy-policy' } },
  sent: 'We will reply soon.',
});
const form = renderToStaticMarkup(
  createElement(EnquiryForm, {
    block,
    services: [{ slug: 'deep-cleaning-services', name: 'Deep Cleaning' }],
    served: ['BR6'],
    phone: { label: '01632 960 123', href: 'tel:+441632960123' },
  }),
);
const PAGES: Record<string, string> = {
  'contact.html': `<!doctype html><title>Contact</title>${form}`,
  'thank-you.html':
    '<!doctype html><title>Thank you</title><h1>Thank you, we have your enquiry</h1>',
  '404.html': '<!doctype html><title>Not found</title><h1>Page not found</h1>',
};

let dir: string;
let server: Server;
let port: number;
const formsDir = () => join(dir, 'forms');
const kept = (): unknown[] => {
  try {
    return readFileSync(join(formsDir(), 'enquiry.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    return [];
  }
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ssg-forms-'));
  mkdirSync(join(dir, 'site'));
  for (const [file, html] of Object.entries(PAGES)) writeFileSync(join(dir, 'site', file), html);
  writeFileSync(join(dir, 'netlify.toml'), '');
  server = await createSiteServer({
    root: join(dir, 'site'),
    netlifyToml: join(dir, 'netlify.toml'),
    logger: silentLogger,
    formsDir: formsDir(),
  });
  port = await listen(server);
});
afterAll(async () => {
  await close(server);
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => rmSync(formsDir(), { recursive: true, force: true }));

function post(path: string, encoding: 'urlencoded' | 'multipart', fields: Record<string, string>) {
  const body =
    encoding === 'urlencoded'
      ? new URLSearchParams(fields)
      : Object.entries(fields).reduce(
          (data, [name, value]) => (data.append(name, value), data),
          new FormData(),
        );
  return fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', body });
}

/** Posts a case's form and checks the page that answers; what the server kept, then. */
async function answered({ post: request, answer }: NetlifyFormCase): Promise<unknown[]> {
  const response = await post(request.path, request.encoding, request.fields);
  expect(response.status).toBe(answer.status);
  expect(await response.text()).toContain(
    answer.page === 'thank-you' ? 'Thank you, we have your enquiry' : 'Page not found',
  );
  return kept();
}

describe('the local server takes form posts as Netlify does', () => {
  it.each(NETLIFY_FORM_CASES.filter((formCase) => formCase.kept === null))(
    '$case: $netlify',
    async (formCase) => {
      expect(await answered(formCase)).toEqual([]);
    },
  );

  it.each(
    NETLIFY_FORM_CASES.flatMap(({ kept: fields, ...formCase }) =>
      fields === null ? [] : [{ ...formCase, fields }],
    ),
  )('$case: $netlify', async ({ fields, ...formCase }) => {
    const stored = await answered({ ...formCase, kept: fields });
    expect(stored).toHaveLength(1);
    // One JSON line in the stored format, with a fresh id and the time it arrived.
    const submission = StoredSubmissionSchema.parse(stored[0]);
    expect(submission).toMatchObject({ form: 'enquiry', fields });
    expect(Object.keys(submission.fields)).toEqual(Object.keys(fields));
    expect(Date.now() - Date.parse(submission.receivedAt)).toBeLessThan(60_000);
  });

  it('keeps each submission on a line of its own, each with its own id', async () => {
    await post('/', 'urlencoded', { ...ENQUIRY_POST, name: 'First' });
    await post('/', 'urlencoded', { ...ENQUIRY_POST, name: 'Second' });
    const stored = kept().map((line) => StoredSubmissionSchema.parse(line));
    expect(stored.map((submission) => submission.fields.name)).toEqual(['First', 'Second']);
    expect(new Set(stored.map((submission) => submission.id)).size).toBe(2);
  });

  it('answers any other post as before (405), and refuses a post too big for a form of words (413)', async () => {
    expect((await post('/', 'urlencoded', { name: 'No form name' })).status).toBe(405);
    const json = await fetch(`http://127.0.0.1:${port}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ENQUIRY_POST),
    });
    expect(json.status).toBe(405);
    expect(
      (await post('/', 'urlencoded', { ...ENQUIRY_POST, message: 'x'.repeat(MAX_FORM_BYTES) }))
        .status,
    ).toBe(413);
    expect(kept()).toEqual([]);
  });

  it('reads the forms from the built HTML: the name, every field, the honeypot and the action', async () => {
    expect(await declaredForms(join(dir, 'site'))).toEqual(
      new Map([
        [
          'enquiry',
          {
            name: 'enquiry',
            fields: [
              'form-name',
              'bot-field',
              'name',
              'phone',
              'email',
              'postcode',
              'service',
              'message',
              'callback',
            ],
            honeypot: 'bot-field',
            action: '/thank-you',
          },
        ],
      ]),
    );
  });

  // The form names its honeypot with data-netlify-honeypot (valid HTML); Netlify's docs spell it
  // netlify-honeypot. Netlify reads either, and so does the local server.
  it.each(['data-netlify-honeypot', 'netlify-honeypot'])(
    'reads the honeypot named by %s',
    async (attribute) => {
      const site = mkdtempSync(join(tmpdir(), 'ssg-honeypot-'));
      try {
        writeFileSync(
          join(site, 'index.html'),
          `<!doctype html><title>Form</title><form name="callback" data-netlify="true" ${attribute}="trap"><input name="trap"><input name="phone"></form>`,
        );
        expect((await declaredForms(site)).get('callback')?.honeypot).toBe('trap');
      } finally {
        rmSync(site, { recursive: true, force: true });
      }
    },
  );
});
