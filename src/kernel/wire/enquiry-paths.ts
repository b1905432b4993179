// Where the enquiries API answers (its requests and answers: enquiry.ts), and where the local
// server keeps form submissions. Apart from the schemas, so that the admin screen, which only
// calls the API, carries the addresses and not zod's parsers of what the server is tested to send.
export const ENQUIRIES_API = '/api/enquiries';
export const enquiryUrl = (id: string) => `${ENQUIRIES_API}/${encodeURIComponent(id)}`;

/** Where `npm start` and `npm run dev` keep form submissions, under the project (git-ignored with .cache/). */
export const LOCAL_FORMS_DIR = '.cache/forms';
/**
 * The folder the local server writes submissions to and the enquiries API reads them from:
 * ENQUIRIES_DIR when set (the browser tests give their server a folder of its own), else
 * LOCAL_FORMS_DIR under `root`.
 */
export const localFormsDir = (env: Readonly<Record<string, string | undefined>>, root: string) =>
  env.ENQUIRIES_DIR?.trim() || `${root}/${LOCAL_FORMS_DIR}`;
/** The file of a form's submissions in that folder, one JSON line each: "enquiry.jsonl". */
export const submissionsFileName = (form: string) => `${encodeURIComponent(form)}.jsonl`;
