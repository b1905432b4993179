// Where the enquiries API answers (its requests and answers: enquiry.ts), and where the local
// server keeps form submissions. Apart from the schemas, so that the admin screen, which only
// calls the API, carries the addresses and not zod's parsers of what the server is tested to send.
export const ENQUIRIES_API = '/api/enquiries';
export const enquiryUrl = (id: string) => `${ENQUIRIES_API}/${encodeURIComponent(id)}`;

/** Where `npm start` and `npm run dev` keep form submissions, under the project (git-ignored with .cache/). */
export const LOCAL_FORMS_DIR = '.cache/forms';
/** The file of a form's submissions in that folder, one JSON line each: "enquiry.jsonl". */
export const submissionsFileName = (form: string) => `${encodeURIComponent(form)}.jsonl`;
