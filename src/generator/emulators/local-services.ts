// What `npm start`, `npm run serve`, the browser tests and Lighthouse run beside the site: the Auth
// emulator, seeded with the local accounts, and the Storage emulator (in this process,
// src/generator/emulators/storage-emulator.ts), seeded with the sample photos. Both listen on
// 127.0.0.1 on ports chosen at start, free ones the system picks, unless given (--auth-port and
// --storage-port, else AUTH_EMULATOR_PORT and STORAGE_EMULATOR_PORT; EMULATOR_HUB_PORT and
// EMULATOR_LOGGING_PORT for firebase-tools' own). The browser reaches them only through the site's
// origin (src/generator/server/emulator-proxy.ts), so no well-known port is left open for another
// site to aim at; the running server notes the ports for `npm run admin` (running-services.ts).
import { seedSamplePhotos } from './sample-photos.ts';
import { startStorageEmulator, type StorageEmulator } from './storage-emulator.ts';
import { adminAuth } from '../accounts/admin-auth.ts';
import {
  freePort,
  startAuthEmulator,
  type AuthEmulator,
  type AuthEmulatorOptions,
} from './auth-emulator.ts';
import { seedLocalAccounts } from './local-accounts.ts';

export interface LocalServicesOptions extends AuthEmulatorOptions {
  /** The Storage emulator's port on 127.0.0.1. */
  storagePort: number;
}

const number = (value: string | undefined) => (value ? Number(value) : undefined);

/**
 * The emulators' ports: given (the flags' values, else the environment's), else free ones chosen
 * now. `chosen` says whether any was chosen: only the running server then knows it.
 */
export async function emulatorOptionsFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  port?: number,
  storagePort?: number,
): Promise<LocalServicesOptions & { chosen: boolean }> {
  const givenPort = port ?? number(env.AUTH_EMULATOR_PORT);
  const givenStoragePort = storagePort ?? number(env.STORAGE_EMULATOR_PORT);
  return {
    port: givenPort ?? (await freePort()),
    storagePort: givenStoragePort ?? (await freePort()),
    hubPort: number(env.EMULATOR_HUB_PORT),
    loggingPort: number(env.EMULATOR_LOGGING_PORT),
    chosen: givenPort === undefined || givenStoragePort === undefined,
  };
}

export interface LocalServices {
  emulator: AuthEmulator;
  /** The Storage emulator answers and holds the sample photos (about half a second). */
  storage: Promise<{ emulator: StorageEmulator; photos: string[] }>;
  /** Both emulators answer, the local accounts exist and the sample photos are in the bucket. */
  ready: Promise<{ startSeconds: number }>;
  /** Stops both (whichever started). */
  stop(): Promise<void>;
}

export function startLocalServices(options: LocalServicesOptions): LocalServices {
  const emulator = startAuthEmulator(options);
  const storage = startStorageEmulator({ port: options.storagePort }).then(async (started) => {
    try {
      return {
        emulator: started,
        photos: await seedSamplePhotos({ origin: started.origin, bucket: started.bucket }),
      };
    } catch (error) {
      await started.stop();
      throw error;
    }
  });
  const ready = Promise.all([
    emulator.ready.then(async (timing) => {
      await seedLocalAccounts(
        adminAuth({ kind: 'emulator', host: emulator.host, projectId: emulator.projectId }),
      );
      return timing;
    }),
    storage,
  ]).then(([timing]) => timing);
  // Awaited by the caller.
  storage.catch(() => {});
  ready.catch(() => {});
  const stop = async () => {
    await Promise.all([
      emulator.stop(),
      storage.then(
        (started) => started.emulator.stop(),
        () => {},
      ),
    ]);
  };
  return { emulator, storage, ready, stop };
}
