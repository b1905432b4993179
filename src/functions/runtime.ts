// Where a function runs: deployed on Netlify, or in the local server behind `npm start` and `npm
// run dev` (src/generator/server/functions.ts), which imports the same modules.
import { readFileSync } from 'node:fs';
import { emulatorHostProblem } from '../kernel/wire/firebase-config.ts';
import { failure } from './http.ts';

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * Deployed on Netlify: its builds set NETLIFY=true, and AWS Lambda, which runs its functions, sets
 * AWS_LAMBDA_FUNCTION_NAME in every one (a reserved name: a site's settings cannot set or unset it).
 * Netlify's runtime also defines a `Netlify` global, but it does so on a laptop too (its CLI, the
 * platform tests), so that says nothing about where the function is.
 */
export const onNetlify = (env: Env): boolean =>
  env.NETLIFY === 'true' || env.AWS_LAMBDA_FUNCTION_NAME !== undefined;

/**
 * A deployed function refuses every request while FIREBASE_AUTH_EMULATOR_HOST is set: with it,
 * firebase-admin accepts unsigned ID tokens, and anyone could claim the admin role. Called before
 * firebase-admin is first used, and answered 503 in words, like any other setting that is wrong.
 */
export function refuseEmulatorOnNetlify(env: Env): void {
  const problem = emulatorHostProblem({ ...env, NETLIFY: onNetlify(env) ? 'true' : undefined });
  if (problem) throw failure('not-set-up', problem);
}

/** How far LOCAL_CLOCK_FILE moves the clock, in ms: `{ "offsetMs": n }`; 0 while it is missing or not that. */
function offsetIn(file: string): number {
  try {
    const offset = (JSON.parse(readFileSync(file, 'utf8')) as { offsetMs?: unknown }).offsetMs;
    return typeof offset === 'number' && Number.isFinite(offset) ? offset : 0;
  } catch {
    return 0;
  }
}

/**
 * The functions' clock: the system's. Locally only (never on Netlify), LOCAL_CLOCK_FILE names a
 * file whose `offsetMs` moves it ahead, read at every reading, so that a test (or an owner trying
 * it) can bring a scheduled change's time without waiting for it. The local server's timer reads
 * the same clock, so the schedule runs as soon as the moved time passes a run.
 */
export function clockFrom(env: Env): () => Date {
  const file = onNetlify(env) ? undefined : env.LOCAL_CLOCK_FILE?.trim();
  if (!file) return () => new Date();
  return () => new Date(Date.now() + offsetIn(file));
}
