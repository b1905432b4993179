// Where a build fetches the media library's photos from (src/generator/images/library-photos.ts): the local
// Storage emulator for a local build (`--auth-emulator`: npm start, npm test), else the project's
// bucket, FIREBASE_STORAGE_BUCKET (one of the five sign-in variables), on Cloud Storage for Firebase.
import { LOCAL_EMULATOR_CONFIG } from '../../kernel/wire/firebase-config.ts';
import { PRODUCTION_STORAGE_ORIGIN, type LibrarySource } from './library-photos.ts';

/**
 * A local build's emulator is on 127.0.0.1 at STORAGE_EMULATOR_PORT (npm start sets it for its
 * build), else where the running `npm start` noted it (`runningStorage`, host:port); with neither,
 * no emulator runs, and content that uses the library is told so (library-not-set-up).
 */
export function librarySourceFrom(env: Readonly<Record<string, string | undefined>>, { local, runningStorage }: { local: boolean; runningStorage?: string }): LibrarySource | undefined {
  if (local) {
    const port = Number(env.STORAGE_EMULATOR_PORT);
    const host = port ? `127.0.0.1:${port}` : runningStorage;
    return host ? { origin: `http://${host}`, bucket: LOCAL_EMULATOR_CONFIG.storageBucket } : undefined;
  }
  const bucket = env.FIREBASE_STORAGE_BUCKET?.trim();
  return bucket ? { origin: PRODUCTION_STORAGE_ORIGIN, bucket } : undefined;
}
