// The enquiries function: the admin's Enquiries section reads, deletes and marks the quote form's
// submissions through it (src/kernel/wire/enquiry.ts), answered by src/functions/enquiries/.
// Netlify serves it at these paths; so does the local server behind `npm start` and `npm run dev`
// (src/generator/server/functions.ts), in-process.
import type { Config, Context } from '@netlify/functions';
import { enquiriesFromEnv } from '../../src/functions/enquiries/setup.ts';

const handle = enquiriesFromEnv(process.env);

export default async (req: Request, context: Context) => handle(req, context.site?.id);

export const config: Config = {
  path: ['/api/enquiries', '/api/enquiries/:id'],
};
