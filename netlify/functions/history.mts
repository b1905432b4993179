// The history function: a page's published versions and one version's file, for the integrated
// builder's History (src/kernel/wire/history.ts), answered by src/functions/history/ from the
// same backend and with the same sign-in check as the proposals function. Netlify serves it at
// these paths; so does the local server behind `npm start` and `npm run dev`
// (src/generator/server/functions.ts), in-process.
import type { Config } from '@netlify/functions';
import { historyFromEnv } from '../../src/functions/setup.ts';

const handle = historyFromEnv(process.env);

export default async (req: Request) => handle(req);

export const config: Config = {
  path: ['/api/history', '/api/history/:commit'],
};
