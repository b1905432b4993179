// Where a build fetches the media library's photos from (src/generator/images/library-photos.ts): the local
// Storage emulator for a local build (`--auth-emulator`: npm start, npm test; `npm run check -- --local-library`),
// else the project's bucket, FIREBASE_STORAGE_BUCKET (one of the five sign-in variables), on Cloud Storage for Firebase.
import { librarySource, type LibrarySource } from '../../kernel/images/library-metadata.ts';

/** The local Storage emulator's port on 127.0.0.1: STORAGE_EMULATOR_PORT, else this. */
export const DEFAULT_STORAGE_EMULATOR_PORT = 9199;

export function librarySourceFrom(env: Readonly<Record<string, string | undefined>>, { local }: { local: boolean }): LibrarySource | undefined {
  return librarySource(env, local ? `127.0.0.1:${Number(env.STORAGE_EMULATOR_PORT) || DEFAULT_STORAGE_EMULATOR_PORT}` : undefined);
}
