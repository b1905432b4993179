// The enquiry form's rules: what a visitor may write in each field, and the words they read when
// it will not do. The browser checks with these before sending; the schemas of enquiry.ts are made
// from them.
import { describe, expect, it } from 'vitest';
import {
  enquiryProblems,
  LIMITS,
  NOT_SURE,
  outsideArea,
  outwardCode,
  type EnquiryValues,
} from '../../../../src/kernel/wire/enquiry-rules.ts';

const VALID: EnquiryValues = {
  name: 'Ann Example',
  phone: '01632 960 123',
  email: '',
  postcode: 'BR6 0AA',
  service: NOT_SURE,
  message: '',
  callback: '',
};
const problemsWith = (change: EnquiryValues) => enquiryProblems({ ...VALID, ...change });
const messageFor = (field: keyof EnquiryValues, change: EnquiryValues) =>
  problemsWith(change).find((problem) => problem.field === field)?.message;

describe('a UK phone number', () => {
  it.each([
    '01632 960 123',
    '01632960123',
    '(01632) 960123',
    '020 7946 0000',
    '07700 900 123',
    '07700-900-123',
    '+44 7700 900123',
    '+44 (0)7700 900123',
    '+44 07700 900123',
    '0044 7700 900 123',
    '+441632960123',
    '0800 123 456',
    '  07700 900 123  ',
  ])('accepts %j', (phone) => {
    expect(problemsWith({ phone })).toEqual([]);
  });

  it.each([
    ['too few digits', '12345'],
    ['no leading 0 or +44', '1632 960123'],
    ['another country', '+33 1 23 45 67 89'],
    ['a letter', '07700 90012a'],
    ['too many digits', '077009001234'],
    ['only a code', '+44'],
  ])('refuses %s (%j) in the GOV.UK way: what to write, with an example', (_, phone) => {
    expect(messageFor('phone', { phone })).toBe(
      'Enter a UK phone number, like 01632 960 123 or 07700 900 123',
    );
  });
});

describe('an email address', () => {
  it.each(['name@example.com', 'a.b+c@sub.example.co.uk', ' name@example.com '])(
    'accepts %j',
    (email) => {
      expect(problemsWith({ phone: '', email })).toEqual([]);
    },
  );

  it.each([
    'name',
    'name@example',
    'a@@example.com',
    'a b@example.com',
    'a@b.c@d.e',
    '@example.com',
  ])('refuses %j', (email) => {
    expect(messageFor('email', { email })).toBe(
      'Enter an email address in the correct format, like name@example.com',
    );
  });
});

describe('phone or email', () => {
  it('asks for one of them when both are empty, at the phone field (the first of the two)', () => {
    expect(problemsWith({ phone: '', email: '  ' })).toEqual([
      { field: 'phone', message: 'Enter a phone number or an email address, so that we can reply' },
    ]);
  });

  it('takes either alone, or both', () => {
    expect(problemsWith({ phone: '', email: 'name@example.com' })).toEqual([]);
    expect(problemsWith({ phone: '07700 900 123', email: 'name@example.com' })).toEqual([]);
  });
});

describe('a UK postcode', () => {
  it.each(['BR6 0AA', 'br60aa', 'SW1A 1AA', 'EC1A 1BB', 'M1 1AE', 'DA14 6AA'])(
    'accepts %j',
    (postcode) => {
      expect(problemsWith({ postcode })).toEqual([]);
    },
  );

  it('asks for one when it is missing', () => {
    expect(messageFor('postcode', { postcode: ' ' })).toBe('Enter your postcode, like BR6 0AA');
  });

  it.each(['BR6', 'BR6 0A', '12345', 'BR6 0AAA'])(
    'asks for a full one instead of %j',
    (postcode) => {
      expect(messageFor('postcode', { postcode })).toBe('Enter a full UK postcode, like BR6 0AA');
    },
  );

  it('reads the outward code of a full postcode, however it is written', () => {
    expect(outwardCode('br6 0aa')).toBe('BR6');
    expect(outwardCode('DA146AA')).toBe('DA14');
    expect(outwardCode('SW1A 1AA')).toBe('SW1A');
  });

  it('notes a postcode outside the areas served, which is not an error, and nothing for one inside or one not yet valid', () => {
    const served = ['BR5', 'BR6'];
    expect(outsideArea('DA14 6AA', served)).toBe('DA14');
    expect(outsideArea('br6 0aa', served)).toBeNull();
    expect(outsideArea('DA14', served)).toBeNull();
    expect(problemsWith({ postcode: 'DA14 6AA' })).toEqual([]);
  });
});

describe('the other fields', () => {
  it('asks for a name, and takes the message and when to call back as optional', () => {
    expect(problemsWith({ name: '' })).toEqual([{ field: 'name', message: 'Enter your name' }]);
    expect(problemsWith({ message: '', callback: '' })).toEqual([]);
  });

  it('takes a service the list offers, and no other when the list is known', () => {
    const services = [NOT_SURE, 'deep-cleaning-services'];
    expect(enquiryProblems({ ...VALID, service: 'deep-cleaning-services' }, services)).toEqual([]);
    expect(enquiryProblems({ ...VALID, service: 'no-such-service' }, services)).toEqual([
      { field: 'service', message: 'Choose a service, or "Not sure yet"' },
    ]);
    expect(problemsWith({ service: '' })).toEqual([
      { field: 'service', message: 'Choose a service, or "Not sure yet"' },
    ]);
  });

  it.each([
    ['name', 'Your name must be 100 characters or fewer'],
    ['message', 'Your message must be 2,000 characters or fewer'],
    ['callback', 'When to call back must be 100 characters or fewer'],
  ] as const)('says how long the %s may be, past its limit and not at it', (field, message) => {
    expect(messageFor(field, { [field]: 'x'.repeat(LIMITS[field]) })).toBeUndefined();
    expect(messageFor(field, { [field]: 'x'.repeat(LIMITS[field] + 1) })).toBe(message);
  });

  it('lists every problem once, in the order of the form', () => {
    const problems = enquiryProblems({ phone: '12', email: 'x', message: 'x'.repeat(2001) });
    expect(problems.map((problem) => problem.field)).toEqual([
      'name',
      'phone',
      'email',
      'postcode',
      'service',
      'message',
    ]);
  });
});
