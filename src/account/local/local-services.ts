// What `npm start`, `npm run serve`, the browser tests and Lighthouse run beside the site: the Auth
// emulator, seeded with the local accounts. Ports come from the environment (AUTH_EMULATOR_PORT,
// default 9099; EMULATOR_HUB_PORT and EMULATOR_LOGGING_PORT, default: free ones).
import { adminAuth } from '../admin/admin-auth.ts';
import { DEFAULT_AUTH_EMULATOR_PORT, startAuthEmulator, type AuthEmulator, type AuthEmulatorOptions } from './auth-emulator.ts';
import { seedLocalAccounts } from './local-accounts.ts';

export function emulatorOptionsFromEnv(env: Readonly<Record<string, string | undefined>>, port?: number): AuthEmulatorOptions {
  const number = (value: string | undefined) => (value ? Number(value) : undefined);
  return {
    port: port ?? number(env.AUTH_EMULATOR_PORT) ?? DEFAULT_AUTH_EMULATOR_PORT,
    hubPort: number(env.EMULATOR_HUB_PORT),
    loggingPort: number(env.EMULATOR_LOGGING_PORT),
  };
}

export interface LocalServices {
  emulator: AuthEmulator;
  /** The emulator answers and the local accounts exist. */
  ready: Promise<{ startSeconds: number }>;
}

export function startLocalServices(options: AuthEmulatorOptions): LocalServices {
  const emulator = startAuthEmulator(options);
  const ready = emulator.ready.then(async (timing) => {
    await seedLocalAccounts(adminAuth({ kind: 'emulator', host: emulator.host, projectId: emulator.projectId }));
    return timing;
  });
  ready.catch(() => {}); // awaited by the caller
  return { emulator, ready };
}
