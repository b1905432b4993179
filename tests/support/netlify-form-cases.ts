// The form posts Netlify Forms answers, and what it keeps of each: one table for Netlify and for
// the local server behind `npm start` (src/generator/server/netlify-forms.ts), which
// tests/unit/generator/server/netlify-forms.test.ts runs against that server and docs/enquiries.md
// shows. What Netlify does is taken from its Forms documentation (setup, submissions, spam
// filters) and, for the honeypot's data-netlify-honeypot spelling, from Netlify's own template
// (netlify-templates/nextjs-toolbox); it could not be tried on a live Netlify site from this machine.

export interface NetlifyFormCase {
  case: string;
  /** What Netlify does, and where that is said. */
  netlify: string;
  post: {
    path: string;
    /** How the body is encoded: as a browser posts a form (and the enquiry form's script), or as multipart. */
    encoding: 'urlencoded' | 'multipart';
    fields: Record<string, string>;
  };
  /** The answer: the form's thank-you page (its `action`) with 200, or the 404 page. */
  answer: { status: 200 | 404; page: 'thank-you' | 'not-found' };
  /** The fields kept as the submission, or null when nothing is kept. */
  kept: Record<string, string> | null;
}

/** A complete, valid enquiry, as the form posts it (with the empty honeypot). */
export const ENQUIRY_POST = {
  'form-name': 'enquiry',
  'bot-field': '',
  name: 'Ann Example',
  phone: '07700 900 123',
  email: 'ann@example.com',
  postcode: 'BR6 0AA',
  service: 'deep-cleaning-services',
  message: 'Three bedrooms, two bathrooms.',
  callback: 'Weekday mornings',
} as const;
const { 'form-name': _formName, 'bot-field': _honeypot, ...ENQUIRY_FIELDS_KEPT } = ENQUIRY_POST;

export const NETLIFY_FORM_CASES: readonly NetlifyFormCase[] = [
  {
    case: 'a scripted submission to "/", as the enquiry form\'s script sends it',
    netlify:
      'kept, answered 200: the documented way to send a form from a script (URL-encoded, to "/", with form-name)',
    post: { path: '/', encoding: 'urlencoded', fields: { ...ENQUIRY_POST } },
    answer: { status: 200, page: 'thank-you' },
    kept: ENQUIRY_FIELDS_KEPT,
  },
  {
    case: "a browser's post without JavaScript, to the form's action",
    netlify: 'kept; the success page the action names is shown',
    post: { path: '/thank-you', encoding: 'urlencoded', fields: { ...ENQUIRY_POST } },
    answer: { status: 200, page: 'thank-you' },
    kept: ENQUIRY_FIELDS_KEPT,
  },
  {
    case: 'a multipart post',
    netlify: 'kept, as a form with a file input posts',
    post: { path: '/thank-you', encoding: 'multipart', fields: { ...ENQUIRY_POST } },
    answer: { status: 200, page: 'thank-you' },
    kept: ENQUIRY_FIELDS_KEPT,
  },
  {
    case: 'fields the form does not declare',
    netlify: 'left out: only the fields of the form found at deploy are kept',
    post: {
      path: '/',
      encoding: 'urlencoded',
      fields: { ...ENQUIRY_POST, company: 'Example Ltd', 'g-recaptcha-response': 'x' },
    },
    answer: { status: 200, page: 'thank-you' },
    kept: ENQUIRY_FIELDS_KEPT,
  },
  {
    case: "a submission that breaks the form's rules",
    netlify:
      "kept as posted: Netlify checks nothing of the fields themselves; the rules are the browser's",
    post: {
      path: '/thank-you',
      encoding: 'urlencoded',
      fields: {
        'form-name': 'enquiry',
        'bot-field': '',
        name: '',
        phone: '12345',
        postcode: 'nowhere',
      },
    },
    answer: { status: 200, page: 'thank-you' },
    kept: { name: '', phone: '12345', postcode: 'nowhere' },
  },
  {
    case: 'the honeypot filled in',
    netlify:
      'answered as a success and dropped, so that the robot learns nothing (the form names the field with data-netlify-honeypot)',
    post: {
      path: '/',
      encoding: 'urlencoded',
      fields: { ...ENQUIRY_POST, 'bot-field': 'https://spam.example' },
    },
    answer: { status: 200, page: 'thank-you' },
    kept: null,
  },
  {
    case: 'a form name no deployed page declares',
    netlify: 'answered 404: Netlify knows the forms it found in the HTML at deploy, and no other',
    post: {
      path: '/',
      encoding: 'urlencoded',
      fields: { ...ENQUIRY_POST, 'form-name': 'newsletter' },
    },
    answer: { status: 404, page: 'not-found' },
    kept: null,
  },
];
