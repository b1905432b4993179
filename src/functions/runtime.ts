// Where a function runs: on Netlify, or in the local server behind `npm start` and `npm run dev`
// (src/generator/server/functions.ts), which imports the same modules.
import { emulatorHostProblem } from '../kernel/wire/firebase-config.ts';

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * On Netlify: its runtime gives functions the `Netlify` global and runs them on AWS Lambda; its
 * builds set NETLIFY=true. The local server has none of these.
 */
export const onNetlify = (env: Env): boolean => env.NETLIFY === 'true' || env.AWS_LAMBDA_FUNCTION_NAME !== undefined || 'Netlify' in globalThis;

/**
 * A function refuses to start on Netlify while FIREBASE_AUTH_EMULATOR_HOST is set: with it,
 * firebase-admin accepts unsigned ID tokens, and anyone could claim the admin role. Called when
 * the function's module is first loaded, so that the function fails before it answers anything.
 */
export function refuseEmulatorOnNetlify(env: Env): void {
  const problem = emulatorHostProblem({ ...env, NETLIFY: onNetlify(env) ? 'true' : undefined });
  if (problem) throw new Error(problem);
}
