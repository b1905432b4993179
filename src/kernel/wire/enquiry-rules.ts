/**
 * The quote request form, in one place: its fields' names, labels, hints, autocomplete tokens,
 * limits, patterns and error words, and the check made from them. The form
 * (src/kernel/components/enquiry/), the browser's check (src/apps/islands/enquiry-form.ts) and the
 * zod schemas of a submission (enquiry.ts: what the local form handler keeps, what the admin's view
 * reads) all come from here, so they cannot disagree. Plain data and small functions, no zod: the
 * public page's script carries what it uses of this file, and nothing else.
 */

/** The form's name on Netlify (`form-name`), and the id of the section that holds it (/contact#enquiry). */
export const ENQUIRY_FORM = 'enquiry';
/** The honeypot: a field people never see; anything in it marks the submission as a robot's. */
export const HONEYPOT_FIELD = 'bot-field';
/** The service option for a visitor who does not know yet. */
export const NOT_SURE = 'not-sure';
/** How long the page waits for Netlify to take the form before it says what to do instead. */
export const SEND_TIMEOUT_MS = 10_000;

export const ENQUIRY_FIELD_NAMES = [
  'name',
  'phone',
  'email',
  'postcode',
  'service',
  'message',
  'callback',
] as const;
export type EnquiryFieldName = (typeof ENQUIRY_FIELD_NAMES)[number];
export type EnquiryValues = Partial<Record<EnquiryFieldName, string>>;

/**
 * What a person sees of each field. `autocomplete` is on every field that asks for something about
 * the visitor, so browsers and password managers fill it in.
 */
export const ENQUIRY_FIELDS = {
  name: { label: 'Your name', autocomplete: 'name' },
  phone: {
    label: 'Phone number',
    hint: 'A UK number, like 01632 960 123 or 07700 900 123.',
    type: 'tel',
    autocomplete: 'tel',
  },
  email: {
    label: 'Email address',
    hint: 'We will only use it to reply to you.',
    type: 'email',
    autocomplete: 'email',
  },
  postcode: {
    label: 'Postcode',
    hint: 'Where you would like us to visit, like BR6 0AA.',
    autocomplete: 'postal-code',
  },
  service: { label: 'Which service are you interested in?' },
  message: {
    label: 'Your message (optional)',
    hint: 'For example, the size of your home, how often you would like us, or the date you need.',
  },
  callback: {
    label: 'When should we call you back? (optional)',
    hint: 'For example, weekday mornings or after 6pm.',
  },
} as const satisfies Record<
  EnquiryFieldName,
  { label: string; hint?: string; type?: 'tel' | 'email'; autocomplete?: string }
>;

/** Fields that must be filled in (the service list always has a choice). */
export const REQUIRED_FIELDS = ['name', 'postcode'] as const satisfies readonly EnquiryFieldName[];
type RequiredField = (typeof REQUIRED_FIELDS)[number];
export const isRequired = (field: EnquiryFieldName): field is RequiredField =>
  (REQUIRED_FIELDS as readonly string[]).includes(field);

/** The phone and email fields sit together: one of them is enough. */
export const CONTACT_GROUP = {
  legend: 'How can we reach you?',
  hint: 'Give a phone number, an email address, or both.',
} as const;

/**
 * What an answer must look like, as regular expressions without flags (both cases spelled out),
 * matched against the whole answer. Spaces around it are allowed: the check trims it.
 */
export const PATTERNS = {
  /** A UK number: 0 and 9 or 10 more digits, or +44 / 0044 instead of the 0; spaces, dots, hyphens and brackets anywhere. */
  phone:
    '\\s*(?:(?:\\+|00)44[\\s.\\-]*(?:\\(?0\\)?[\\s.\\-]*)?|\\(?0\\)?[\\s.\\-]*)[1-9](?:[\\s.\\-\\)]*[0-9]){8,9}\\s*',
  /** An address that can be replied to: something, "@", and a domain with a dot in it; no spaces, one "@". */
  email: '\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*',
  /** A full UK postcode: the outward code (BR6) and the inward code (0AA), the space optional. */
  postcode: '\\s*[A-Za-z]{1,2}[0-9][A-Za-z0-9]?\\s*[0-9][A-Za-z]{2}\\s*',
} as const satisfies Partial<Record<EnquiryFieldName, string>>;

/** The longest answer each field takes, in characters. */
export const LIMITS = {
  name: 100,
  phone: 30,
  email: 254,
  postcode: 10,
  service: 100,
  message: 2000,
  callback: 100,
} as const satisfies Record<EnquiryFieldName, number>;

/** The error words, the GOV.UK Design System's way: what to do, not what went wrong. */
export const MESSAGES = {
  required: {
    name: 'Enter your name',
    postcode: 'Enter your postcode, like BR6 0AA',
  } satisfies Record<RequiredField, string>,
  contact: 'Enter a phone number or an email address, so that we can reply',
  phone: 'Enter a UK phone number, like 01632 960 123 or 07700 900 123',
  email: 'Enter an email address in the correct format, like name@example.com',
  postcode: 'Enter a full UK postcode, like BR6 0AA',
  service: 'Choose a service, or "Not sure yet"',
  tooLong: {
    name: 'Your name',
    phone: 'The phone number',
    email: 'The email address',
    postcode: 'The postcode',
    service: 'The service',
    message: 'Your message',
    callback: 'When to call back',
  },
  /** On the button while the form is being sent. */
  sending: 'Sending…',
} as const;

/** Before the page's title while the form shows problems, and before each field's message for screen readers. */
export const ERROR_PREFIX = 'Error:';

/** The rest of the form's words, which the page carries in its markup. */
export const FORM_WORDS = {
  /** The error summary's heading. */
  summary: 'There is a problem',
  send: 'Send enquiry',
  notSure: 'Not sure yet',
  /** The honeypot's label, which people never see. */
  honeypot: 'Leave this field empty',
  sent: 'Thank you, we have your enquiry',
  /** Around the phone number, after the block's own words. */
  urgent: ['If it is urgent, call us on ', '.'],
  failed: [
    'We could not send your enquiry. Check your connection and try again, or call us on ',
    '. Everything you typed is still here.',
  ],
} as const;

/** The id of a field's input, and of its hint, error and note: "enquiry-postcode", "enquiry-postcode-error". */
export const fieldId = (name: EnquiryFieldName, part?: 'hint' | 'error' | 'note') =>
  `${ENQUIRY_FORM}-${name}${part ? `-${part}` : ''}`;
/** The ids of the parts the page's script shows and hides. */
export const PART_IDS = {
  problems: `${ENQUIRY_FORM}-problems`,
  sent: `${ENQUIRY_FORM}-sent`,
  failed: `${ENQUIRY_FORM}-failed`,
} as const;

/** "Your message must be 2,000 characters or fewer" (the thousands written out: no Intl formatter to load in the browser). */
export const tooLongMessage = (field: EnquiryFieldName) =>
  `${MESSAGES.tooLong[field]} must be ${String(LIMITS[field]).replace(/\B(?=(\d{3})+$)/g, ',')} characters or fewer`;

/** The note, not an error, for a postcode outside the areas the business serves. */
export const outsideAreaNote = (outward: string) =>
  `We do not usually visit ${outward}, but send your enquiry anyway: we will tell you whether we can help.`;

export interface EnquiryProblem {
  field: EnquiryFieldName;
  message: string;
}

const matches = (pattern: string, value: string) => new RegExp(`^(?:${pattern})$`).test(value);

/**
 * Every problem with a submission's values, in the order of the form: what the error summary
 * lists and each field repeats. `services`: the values the service list offers; without it, any
 * value but none. Values are read trimmed.
 */
export function enquiryProblems(
  values: EnquiryValues,
  services?: readonly string[],
): EnquiryProblem[] {
  const value = (field: EnquiryFieldName) => (values[field] ?? '').trim();
  const format = (field: keyof typeof PATTERNS, text: string) =>
    matches(PATTERNS[field], text) ? undefined : MESSAGES[field];
  // Each field's check of a non-empty answer within its limit (the phone's also of an empty one).
  const checks: Record<EnquiryFieldName, (text: string) => string | undefined> = {
    name: () => undefined,
    phone: (text) => (text ? format('phone', text) : value('email') ? undefined : MESSAGES.contact),
    email: (text) => (text ? format('email', text) : undefined),
    postcode: (text) => format('postcode', text),
    service: (text) =>
      text && (!services || services.includes(text)) ? undefined : MESSAGES.service,
    message: () => undefined,
    callback: () => undefined,
  };
  const problems: EnquiryProblem[] = [];
  for (const field of ENQUIRY_FIELD_NAMES) {
    const text = value(field);
    const message =
      text.length > LIMITS[field]
        ? tooLongMessage(field)
        : !text && isRequired(field)
          ? MESSAGES.required[field]
          : checks[field](text);
    if (message) problems.push({ field, message });
  }
  return problems;
}

/** "br60aa" → "BR6": the outward code of a full postcode (one that passes the pattern). */
export const outwardCode = (postcode: string) =>
  postcode.replace(/\s+/g, '').toUpperCase().slice(0, -3);

/** The outward code of a valid postcode the business does not serve (`served`: the areas' outward codes), else null. */
export function outsideArea(postcode: string, served: readonly string[]): string | null {
  if (!matches(PATTERNS.postcode, postcode)) return null;
  const outward = outwardCode(postcode);
  return served.includes(outward) ? null : outward;
}
