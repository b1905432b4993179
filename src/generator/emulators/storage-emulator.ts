// The local Cloud Storage: firebase-tools' own StorageEmulator (the code `firebase emulators:start
// --only storage` runs), started in this process with its rules runtime replaced. The supported
// start needs Java 21 and downloads a 53 MB rules-runtime jar, neither of which this project's
// machines have; in-process it is ready in about 0.35 s and answers the Firebase SDK exactly as the
// supported emulator does. Its rules are src/generator/emulators/storage-policy.ts, which says what storage.rules
// says (docs/accounts-and-media.md, "Locally: the Storage emulator"). These are private internals of firebase-tools, pinned exactly in
// package.json: `checkInternals` fails loudly, naming what moved, when an upgrade breaks them
// (tests/unit/generator/emulators/storage-emulator.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCAL_PROJECT_ID } from '../../kernel/wire/firebase-config.ts';
import { portTaken } from './auth-emulator.ts';
import { claimsOf, storagePolicy, type StorageMethod } from './storage-policy.ts';
import { answerHandlerErrors, type ExpressApp } from './emulator-errors.ts';

/** The firebase-tools version whose internals this file relies on. */
export const FIREBASE_TOOLS_VERSION = '15.34.2';

const require = createRequire(import.meta.url);

export class StorageEmulatorError extends Error {
  override name = 'StorageEmulatorError';
}

export interface StorageEmulator {
  origin: string;
  host: string;
  port: number;
  bucket: string;
  projectId: string;
  stop(): Promise<void>;
}

/** The parts of firebase-tools' StorageEmulator this file touches. */
interface Internals {
  _rulesRuntime: { start: unknown; stop: unknown };
  _rulesManager: unknown;
  getPersistenceTmpDir(): string;
  getInfo(): { host: string; port: number };
  getApp(): ExpressApp;
}

/** Throws, naming each missing piece, when firebase-tools no longer has what the in-process start relies on. */
export function checkInternals(emulator: unknown, version: string): void {
  const missing: string[] = [];
  const candidate = emulator as Partial<Internals>;
  if (
    typeof candidate._rulesRuntime?.start !== 'function' ||
    typeof candidate._rulesRuntime?.stop !== 'function'
  )
    missing.push('_rulesRuntime.start/stop');
  if (!candidate._rulesManager) missing.push('_rulesManager');
  if (typeof candidate.getPersistenceTmpDir !== 'function') missing.push('getPersistenceTmpDir()');
  if (typeof candidate.getInfo !== 'function') missing.push('getInfo()');
  if (typeof candidate.getApp !== 'function') missing.push('getApp()');
  if (missing.length > 0 || version !== FIREBASE_TOOLS_VERSION) {
    throw new StorageEmulatorError(
      `The local Storage emulator relies on private parts of firebase-tools ${FIREBASE_TOOLS_VERSION}, and firebase-tools ${version} is installed` +
        (missing.length > 0 ? `, which lacks ${missing.join(', ')}` : '') +
        `. Pin firebase-tools to ${FIREBASE_TOOLS_VERSION} in package.json, or update src/generator/emulators/storage-emulator.ts for the new version.`,
    );
  }
}

/** The rules the emulator asks about each request: the policy function's answer, in the shape of firebase-tools' ruleset. */
const policyRuleset = {
  verify: async (request: {
    method: StorageMethod;
    path: string;
    token?: string;
    file?: { after?: { contentType?: string; size?: number } };
  }) => {
    // "b/<bucket>/o/<object path>"
    const objectPath = request.path.replace(/^\/?b\/[^/]+\/o\/?/, '');
    const after = request.file?.after;
    const permitted = storagePolicy({
      method: request.method,
      path: objectPath,
      claims: claimsOf(request.token),
      resource: after && { contentType: after.contentType, size: Number(after.size) },
    });
    return { permitted, issues: { exist: () => false, all: [] } };
  },
};

/**
 * Starts the emulator on 127.0.0.1:port. Its files live in memory and a temporary folder of its
 * own (firebase-tools' default folder is shared by every emulator on the machine, and emptied by
 * each that stops); they are gone when it stops, or when the process ends, however it ends. One per
 * process (firebase-tools' registry). An error in one of its requests is answered 500 and logged
 * (`log`, console.error by default), and it keeps serving (emulator-errors.ts).
 */
export async function startStorageEmulator(options: {
  port: number;
  projectId?: string;
  log?: (message: string) => void;
}): Promise<StorageEmulator> {
  const { StorageEmulator: Emulator } = require('firebase-tools/lib/emulator/storage') as {
    StorageEmulator: new (args: object) => Internals;
  };
  const { EmulatorRegistry } = require('firebase-tools/lib/emulator/registry') as {
    EmulatorRegistry: {
      start(emulator: unknown): Promise<void>;
      stop(name: string): Promise<void>;
    };
  };
  const { version } = require('firebase-tools/package.json') as { version: string };
  const projectId = options.projectId ?? LOCAL_PROJECT_ID;
  // firebase-tools would report a taken port only as an unhandled server error.
  if (await portTaken(options.port))
    throw new StorageEmulatorError(
      `Port ${options.port} for the local Storage emulator is already in use. Stop what uses it, or pick another with STORAGE_EMULATOR_PORT=<n>.`,
    );
  const blobs = mkdtempSync(path.join(tmpdir(), 'ardent-storage-emulator-'));
  const removeBlobs = () => rmSync(blobs, { recursive: true, force: true });
  process.on('exit', removeBlobs);
  class OwnFolderEmulator extends Emulator {
    override getPersistenceTmpDir() {
      return blobs;
    }
  }
  const emulator = new OwnFolderEmulator({
    projectId,
    host: '127.0.0.1',
    port: options.port,
    rules: { name: 'storage.rules', content: '' },
  });
  checkInternals(emulator, version);
  emulator._rulesRuntime.start = async () => {};
  emulator._rulesRuntime.stop = async () => {};
  emulator._rulesManager = {
    start: async () => undefined,
    stop: async () => {},
    getRuleset: () => policyRuleset,
  };
  try {
    await EmulatorRegistry.start(emulator);
    answerHandlerErrors(emulator.getApp(), options.log ?? ((message) => console.error(message)));
  } catch (error) {
    process.off('exit', removeBlobs);
    removeBlobs();
    const message = error instanceof Error ? error.message : String(error);
    throw new StorageEmulatorError(`The local Storage emulator did not start: ${message}`);
  }
  let stopped: Promise<void> | undefined;
  return {
    origin: `http://127.0.0.1:${options.port}`,
    host: `127.0.0.1:${options.port}`,
    port: options.port,
    bucket: `${projectId}.appspot.com`,
    projectId,
    stop: () =>
      (stopped ??= EmulatorRegistry.stop('storage').finally(() => {
        process.off('exit', removeBlobs);
        removeBlobs();
      })),
  };
}
