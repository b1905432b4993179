// npm run admin -- grant <email> | revoke <email> | list [--project <id>]
// Manages the admin role (the `admin: true` custom claim) with firebase-admin: in the local Auth
// emulator (the running `npm start`'s, found through .cache/local-services.json, or on
// AUTH_EMULATOR_PORT when that is set) unless --project names a real Firebase project, whose
// credentials come from Application Default Credentials (GOOGLE_APPLICATION_CREDENTIALS pointing
// at a service account key).
import { parseArgs } from 'node:util';
import { adminAuth } from '../src/generator/accounts/admin-auth.ts';
import {
  adminTarget,
  AdminTargetError,
  describeTarget,
  type AdminTarget,
} from '../src/generator/accounts/admin-target.ts';
import {
  readRunningServices,
  runningServicesFile,
} from '../src/generator/emulators/running-services.ts';
import { GENERATOR_ROOT } from '../src/generator/cache/code-key.mjs';
import { grantAdmin, listAdmins, revokeAdmin, RoleError } from '../src/generator/accounts/roles.ts';
import { fail } from './cli.ts';

const USAGE =
  'Usage: npm run admin -- grant <email> | revoke <email> | list [--project <firebase project id>]';

let parsed: ReturnType<typeof parse>;
const parse = () =>
  parseArgs({ options: { project: { type: 'string' } }, allowPositionals: true, strict: true });
try {
  parsed = parse();
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
const [command, email, ...extra] = parsed.positionals;
const needsEmail = command === 'grant' || command === 'revoke';
if (
  !command ||
  !['grant', 'revoke', 'list'].includes(command) ||
  (needsEmail && !email?.includes('@')) ||
  (!needsEmail && email) ||
  extra.length > 0
)
  fail(USAGE);

let target: AdminTarget;
try {
  target = adminTarget(
    parsed.values.project,
    process.env,
    readRunningServices(runningServicesFile(GENERATOR_ROOT)),
  );
} catch (error) {
  if (error instanceof AdminTargetError) fail(error.message);
  throw error;
}

/** The emulator must be running: say how to start it rather than print a connection error. */
async function checkEmulator(host: string): Promise<void> {
  const answer = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(3000) }).catch(
    () => undefined,
  );
  if (!answer?.ok)
    fail(
      `The local Auth emulator is not running on ${host}. Start it with \`npm start\` in another terminal (or set AUTH_EMULATOR_PORT to its port), or pass --project <id> for a real project.`,
    );
}

if (target.kind === 'emulator') await checkEmulator(target.host);
const auth = adminAuth(target);
try {
  if (command === 'list') {
    const admins = await listAdmins(auth);
    console.log(
      admins.length
        ? `Administrators in ${describeTarget(target)}:\n${admins.map((address) => `  ${address}`).join('\n')}`
        : `No administrators in ${describeTarget(target)}.`,
    );
  } else if (command === 'grant') {
    await grantAdmin(auth, email!);
    console.log(
      `${email} now has the admin role in ${describeTarget(target)}. A guarded page sees it the next time it opens (it refreshes the sign-in token).`,
    );
  } else {
    await revokeAdmin(auth, email!);
    console.log(
      `${email} no longer has the admin role in ${describeTarget(target)}. A guarded page sees it the next time it opens.`,
    );
  }
} catch (error) {
  if (error instanceof RoleError) fail(`${error.message} (${describeTarget(target)})`);
  fail(`Could not manage roles in ${describeTarget(target)}: ${(error as Error).message}`);
}
process.exit(0);
