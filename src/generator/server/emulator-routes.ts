// Local runs only: what the site passes on to the local Firebase emulators (emulator-proxy.ts). The
// emulators answer far more than a page needs: firebase-tools' Auth emulator wipes every account or
// sets any claim for whoever asks, and its Storage emulator serves any object, rules unchecked, under
// its Cloud Storage API. So the site forwards only the requests this site's calls of the Firebase web
// SDKs make (firebase 12: @firebase/auth and @firebase/storage), and the Auth emulator's read-only
// listing of the reset codes it "sent" (docs/accounts-and-media.md, "Locally: the Auth emulator"). Anything else under
// the emulators' paths is answered 404, and nothing reaches them.
import { LOCAL_EMULATOR_CONFIG } from '../../kernel/wire/firebase-config.ts';
import { decodeRequestPath } from './resolve-file.ts';

export type LocalEmulator = 'auth' | 'storage';

export interface EmulatorRoute {
  emulator: LocalEmulator;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Segment by segment, each compared once percent-decoded; `:name` stands for any one segment. */
  path: string;
  /** The SDK calls that make this request. */
  madeBy: string;
}

const IDENTITY = '/identitytoolkit.googleapis.com';
const OBJECTS = `/v0/b/${LOCAL_EMULATOR_CONFIG.storageBucket}/o`;

const EMULATOR_ROUTES: readonly EmulatorRoute[] = [
  {
    emulator: 'auth',
    method: 'POST',
    path: `${IDENTITY}/v1/accounts:signUp`,
    madeBy: 'createUserWithEmailAndPassword',
  },
  {
    emulator: 'auth',
    method: 'POST',
    path: `${IDENTITY}/v1/accounts:signInWithPassword`,
    madeBy: 'signInWithEmailAndPassword',
  },
  {
    emulator: 'auth',
    method: 'POST',
    path: `${IDENTITY}/v1/accounts:lookup`,
    madeBy: 'the signed-in user, read after sign-in and when a page opens',
  },
  {
    emulator: 'auth',
    method: 'POST',
    path: `${IDENTITY}/v1/accounts:sendOobCode`,
    madeBy: 'sendPasswordResetEmail',
  },
  {
    emulator: 'auth',
    method: 'POST',
    path: `${IDENTITY}/v1/accounts:resetPassword`,
    madeBy: 'verifyPasswordResetCode, confirmPasswordReset',
  },
  {
    emulator: 'auth',
    method: 'GET',
    path: `${IDENTITY}/v2/passwordPolicy`,
    madeBy: 'the SDK, after the service refuses a password',
  },
  {
    emulator: 'auth',
    method: 'GET',
    path: `${IDENTITY}/v2/recaptchaConfig`,
    madeBy: 'the SDK, when the service asks for reCAPTCHA',
  },
  {
    emulator: 'auth',
    method: 'POST',
    path: '/securetoken.googleapis.com/v1/token',
    madeBy: 'getIdTokenResult (a fresh ID token)',
  },
  {
    emulator: 'auth',
    method: 'GET',
    path: `/emulator/v1/projects/${LOCAL_EMULATOR_CONFIG.projectId}/oobCodes`,
    madeBy: 'nobody: the reset codes, for a developer (docs/accounts-and-media.md)',
  },
  { emulator: 'storage', method: 'GET', path: OBJECTS, madeBy: 'listAll' },
  {
    emulator: 'storage',
    method: 'POST',
    path: OBJECTS,
    madeBy: 'uploadBytesResumable, uploadString (each step of an upload)',
  },
  {
    emulator: 'storage',
    method: 'GET',
    path: `${OBJECTS}/:name`,
    madeBy: 'getMetadata, getDownloadURL, getBlob, getBytes, and the download URL',
  },
  { emulator: 'storage', method: 'PATCH', path: `${OBJECTS}/:name`, madeBy: 'updateMetadata' },
  { emulator: 'storage', method: 'DELETE', path: `${OBJECTS}/:name`, madeBy: 'deleteObject' },
];

/**
 * The only `Authorization` each emulator is sent: the Auth SDK sends none, the Storage SDK
 * `Firebase <ID token>`. Any other is dropped, above all the emulators' owner credentials
 * (`Bearer owner`), which pass every rule.
 */
export const SDK_CREDENTIALS: Record<LocalEmulator, RegExp | null> = {
  auth: null,
  storage: /^Firebase [\w-]+\.[\w-]+\.[\w-]*$/,
};

/** The emulators' top-level folders (`/v0`, `/emulator`…): any request under them is theirs to forward or refuse. */
const EMULATOR_FOLDERS = new Set(EMULATOR_ROUTES.map((route) => route.path.split('/')[1]));

const decodeSegment = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/**
 * The route a request may take to an emulator; 'refused' for any other request under the
 * emulators' folders (404); null for a request that is the site's. Decided on the path decoded
 * once: any `.` or `..` segment (also encoded, or behind an encoded slash), an empty segment, a
 * backslash or a malformed escape is refused, and the method must match too.
 */
export function emulatorRouteFor(
  method: string | undefined,
  rawUrl: string,
): EmulatorRoute | 'refused' | null {
  const rawPath = rawUrl.split('?', 1)[0] ?? '';
  const segments = rawPath.split('/').slice(1).map(decodeSegment);
  if (!rawPath.startsWith('/') || !EMULATOR_FOLDERS.has(segments[0] ?? '')) return null;
  const decoded = decodeRequestPath(rawPath);
  if (decoded === null || decoded.includes('//') || segments.some((segment) => !segment))
    return 'refused';
  const route = EMULATOR_ROUTES.find(
    (candidate) => candidate.method === method && matches(candidate.path, segments as string[]),
  );
  return route ?? 'refused';
}

function matches(pattern: string, segments: readonly string[]): boolean {
  const parts = pattern.split('/').slice(1);
  return (
    parts.length === segments.length &&
    parts.every((part, index) => part.startsWith(':') || part === segments[index])
  );
}
