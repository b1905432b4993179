// A submission as it is kept and read: the stored record, an enquiry typed whatever it holds, the
// enquiry's fields checked with the form's own words, and a submission of Netlify's API.
import { describe, expect, it } from 'vitest';
import { enquiryProblems, NOT_SURE } from '../../../../src/kernel/wire/enquiry-rules.ts';
import {
  EnquirySchema,
  enquiryFieldsSchema,
  StoredSubmissionSchema,
  submissionFromNetlify,
} from '../../../../src/kernel/wire/enquiry.ts';

const STORED = {
  id: '0b5c3f5e-1d7e-4c57-9a53-8a4d2b2f1c11',
  form: 'enquiry',
  receivedAt: '2026-11-26T10:00:00.000Z',
  fields: {
    name: 'Ann Example',
    phone: '07700 900 123',
    postcode: 'DA14 6AA',
    service: NOT_SURE,
    message: 'Three bedrooms.',
  },
};

describe('a stored submission', () => {
  it('is an id, the form, when it arrived and its fields as text', () => {
    expect(StoredSubmissionSchema.parse(STORED)).toEqual(STORED);
    expect(StoredSubmissionSchema.safeParse({ ...STORED, receivedAt: 'yesterday' }).success).toBe(
      false,
    );
    expect(StoredSubmissionSchema.safeParse({ ...STORED, fields: { name: 3 } }).success).toBe(
      false,
    );
    expect(StoredSubmissionSchema.safeParse({ ...STORED, extra: true }).success).toBe(false);
  });

  it('is read as an enquiry with every field, those not sent empty, even one that breaks the rules', () => {
    const enquiry = EnquirySchema.parse({ ...STORED, fields: { name: '', phone: '12' } });
    expect(enquiry.fields).toEqual({
      name: '',
      phone: '12',
      email: '',
      postcode: '',
      service: '',
      message: '',
      callback: '',
    });
    expect(EnquirySchema.safeParse({ ...STORED, form: 'newsletter' }).success).toBe(false);
  });
});

describe("the enquiry's fields, checked", () => {
  const services = [NOT_SURE, 'deep-cleaning-services'];

  it('passes what the form accepts', () => {
    expect(enquiryFieldsSchema(services).safeParse(STORED.fields).success).toBe(true);
  });

  // The schema and the browser's check are the same rules: the same problems, the same words, at the same fields.
  it.each([
    {},
    { name: 'Ann', phone: '', email: '', postcode: 'BR6 0AA', service: NOT_SURE },
    {
      name: 'Ann',
      phone: '12',
      email: 'x@',
      postcode: 'BR6',
      service: 'ironing',
      message: 'x'.repeat(2001),
    },
    {
      name: ' ',
      email: 'ann@example.com',
      postcode: 'br6 0aa',
      service: 'deep-cleaning-services',
      callback: 'x'.repeat(101),
    },
  ])('reports what the form reports, at the same fields: %j', (fields) => {
    const result = enquiryFieldsSchema(services).safeParse(fields);
    const issues = result.success
      ? []
      : result.error.issues.map((issue) => ({ field: issue.path[0], message: issue.message }));
    expect(issues).toEqual(enquiryProblems(fields, services));
  });
});

describe("a submission of Netlify's Submissions API", () => {
  it("is kept as the form declares it: the sender's IP address, browser and referrer, and anything undeclared, are left out", () => {
    const submission = submissionFromNetlify(
      {
        id: '5f9b1c2d3e4f5a6b7c8d9e0f',
        created_at: '2026-11-26T10:00:00.000+00:00',
        data: {
          'form-name': 'enquiry',
          name: 'Ann Example',
          phone: '07700 900 123',
          ip: '203.0.113.9',
          user_agent: 'Mozilla/5.0',
          referrer: 'https://www.ardent.example/contact',
        },
      },
      'enquiry',
      ['name', 'phone', 'email'],
    );
    expect(submission).toEqual({
      id: '5f9b1c2d3e4f5a6b7c8d9e0f',
      form: 'enquiry',
      receivedAt: '2026-11-26T10:00:00.000Z',
      fields: { name: 'Ann Example', phone: '07700 900 123' },
    });
  });
});
