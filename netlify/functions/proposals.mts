// The proposals function: the builder's publishing API (src/kernel/wire/proposals.ts), answered by
// src/functions/proposals/: changes of one page or more, publishing them now or at a time. Netlify
// serves it at these paths; so does the local server behind `npm start` and `npm run dev`
// (src/generator/server/functions.ts), in-process.
import type { Config } from '@netlify/functions';
import { proposalsFromEnv } from '../../src/functions/setup.ts';

const handle = proposalsFromEnv(process.env);

export default async (req: Request) => handle(req);

export const config: Config = {
  path: [
    '/api/proposals',
    '/api/proposals/:id',
    '/api/proposals/:id/publish',
    '/api/proposals/:id/withdraw',
    '/api/proposals/:id/schedule',
    '/api/deploys/:commit',
  ],
};
