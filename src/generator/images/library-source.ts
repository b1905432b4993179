// Where a build fetches the media library's photos from (src/generator/images/library-photos.ts): the local
// Storage emulator for a local build (`--auth-emulator`: npm start, npm test; `npm run check -- --local-library`),
// else the project's bucket, FIREBASE_STORAGE_BUCKET (one of the five sign-in variables), on Cloud Storage for Firebase.
import { librarySource, type LibrarySource } from '../../kernel/images/library-metadata.ts';

/**
 * A local build's emulator is on 127.0.0.1 at STORAGE_EMULATOR_PORT (npm start sets it for its
 * build), else where the running `npm start` noted it (`runningStorage`, host:port); with neither,
 * no emulator runs, and content that uses the library is told so (library-not-set-up).
 */
export function librarySourceFrom(
  env: Readonly<Record<string, string | undefined>>,
  { local, runningStorage }: { local: boolean; runningStorage?: string },
): LibrarySource | undefined {
  if (!local) return librarySource(env);
  const port = Number(env.STORAGE_EMULATOR_PORT);
  const host = port ? `127.0.0.1:${port}` : runningStorage;
  return host ? librarySource(env, host) : undefined;
}
