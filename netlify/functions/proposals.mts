// The proposals function: the builder's publishing API (src/kernel/wire/proposals.ts), answered by
// src/functions/proposals/. Netlify serves it at these paths; so does the local server behind
// `npm start` and `npm run dev` (src/generator/server/functions.ts), in-process.
import type { Config, Context } from '@netlify/functions';
import { proposalsFromEnv } from '../../src/functions/proposals/setup.ts';
import { refuseEmulatorOnNetlify } from '../../src/functions/runtime.ts';

refuseEmulatorOnNetlify(process.env);

const handle = proposalsFromEnv(process.env);

export default async (req: Request, context: Context) => handle(req, context.params);

export const config: Config = {
  path: ['/api/proposals', '/api/proposals/:id', '/api/proposals/:id/publish', '/api/proposals/:id/withdraw'],
};
