// Who is calling: the Firebase ID token the builder sends as `Authorization: Bearer <token>`,
// verified by firebase-admin with the revocation check, and the admin role (`admin: true`)
// required. In production the revocation check asks Firebase's Auth API, which needs the
// project's service account (FIREBASE_SERVICE_ACCOUNT, its JSON key); locally the local server has
// set FIREBASE_AUTH_EMULATOR_HOST for the Auth emulator, whose project is the demo one. The
// emulator's tokens carry no signature (`alg: none`), so anyone can add `"admin": true` to one:
// locally the role is read from the emulator's account record instead, and a token whose claims
// disagree with it is refused.
import { isDeepStrictEqual } from 'node:util';
import { cert, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type DecodedIdToken } from 'firebase-admin/auth';
import { LOCAL_PROJECT_ID } from '../kernel/wire/firebase-config.ts';
import { failure } from './http.ts';
import { refuseEmulatorOnNetlify, type Env } from './runtime.ts';

/** The admin making the request. */
export interface Caller {
  uid: string;
  /** Their name, else their email address, else their account id: for the commit and the pull request. */
  name: string;
  email?: string;
}

export type VerifyToken = (token: string) => Promise<DecodedIdToken>;

/** firebase-admin's verification for this environment, or why publishing is not set up (503). */
export function tokenVerifier(env: Env): VerifyToken {
  refuseEmulatorOnNetlify(env);
  const emulator = env.FIREBASE_AUTH_EMULATOR_HOST;
  let app: App;
  if (emulator) {
    app = appNamed(`proposals-emulator-${emulator}`, () =>
      initializeApp({ projectId: LOCAL_PROJECT_ID }, `proposals-emulator-${emulator}`),
    );
  } else {
    const projectId = env.FIREBASE_PROJECT_ID?.trim();
    if (!projectId)
      throw failure(
        'not-set-up',
        'sign-in is not configured (FIREBASE_PROJECT_ID is not set; `npm run dev` runs without the local sign-in service, `npm start` has it).',
      );
    const key = env.FIREBASE_SERVICE_ACCOUNT?.trim();
    if (!key)
      throw failure(
        'not-set-up',
        "FIREBASE_SERVICE_ACCOUNT is not set: the function needs the project's service account to check that a sign-in has not been revoked.",
      );
    let credential;
    try {
      credential = cert(JSON.parse(key) as object);
    } catch {
      throw failure('not-set-up', "FIREBASE_SERVICE_ACCOUNT is not a service account's JSON key.");
    }
    app = appNamed(`proposals-${projectId}`, () =>
      initializeApp({ projectId, credential }, `proposals-${projectId}`),
    );
  }
  const auth = getAuth(app);
  if (emulator)
    return async (token) => claimsOfAccount(auth, await auth.verifyIdToken(token, true));
  return (token) => auth.verifyIdToken(token, true);
}

const appNamed = (name: string, make: () => App) =>
  getApps().find((app) => app.name === name) ?? make();

/**
 * The emulator's token, once its claims are those of the account: each custom claim the account
 * has, and the role, must be what the token says (a role granted or revoked since the token was
 * issued disagrees too: signing in again brings a token that agrees). 401 otherwise.
 */
async function claimsOfAccount(auth: Auth, decoded: DecodedIdToken): Promise<DecodedIdToken> {
  const claims: Record<string, unknown> = (await auth.getUser(decoded.uid)).customClaims ?? {};
  const names = new Set([...Object.keys(claims), 'admin']);
  if (![...names].every((name) => isDeepStrictEqual(decoded[name], claims[name])))
    throw failure('claims-disagree');
  return decoded;
}

/** The caller, when the request carries a valid token with the admin role: else 401 or 403, in words. */
export async function adminCaller(req: Request, verify: VerifyToken): Promise<Caller> {
  const header = req.headers.get('authorization') ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token) throw failure('signed-out');
  let decoded: DecodedIdToken;
  try {
    decoded = await verify(token);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (
      code === 'auth/id-token-expired' ||
      code === 'auth/id-token-revoked' ||
      code === 'auth/user-disabled' ||
      code === 'auth/user-not-found'
    )
      throw failure('session-expired');
    if (
      typeof code === 'string' &&
      /^auth\/(argument-error|invalid-argument|invalid-id-token)$/.test(code)
    )
      throw failure('signed-out');
    throw error;
  }
  if (decoded.admin !== true) throw failure('not-admin');
  const name =
    typeof decoded.name === 'string' && decoded.name.trim()
      ? decoded.name.trim()
      : (decoded.email ?? decoded.uid);
  return { uid: decoded.uid, name, ...(decoded.email ? { email: decoded.email } : {}) };
}
