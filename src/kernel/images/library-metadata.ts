// A media library photo as content may use it, read the one way the build and the proposals
// function both read it: its metadata from the Storage REST endpoint the web SDK calls
// (`<origin>/v0/b/<bucket>/o/<path>`), asked once, and what that means for content: the photo with
// its alt text, a problem (it is missing, or has no alt text) in the same words wherever it is
// found, or that the library could not be read. The build then fetches the photo's bytes
// (src/generator/images/library-photos.ts); the proposals function stops here, before any branch is
// made (src/functions/proposals/check-proposal.ts).
//
// REST rather than an SDK: the web SDK retries a lost connection for up to 120 s (right for a
// person waiting on a screen), so an offline build would sit two minutes before it could use its
// cached copy; and the Admin SDK would need the service account's credentials to read what
// storage.rules lets anyone read.
import type { ContentProblem } from '../errors/problems.ts';
import { LOCAL_EMULATOR_CONFIG } from '../wire/firebase-config.ts';
import { ALT_KEY, libraryPathOf } from '../wire/library-reference.ts';
import { noSuchLibraryPhoto, type ImageReference } from './reference-checks.ts';
import { unprocessedImage, type ResponsiveImage } from './responsive-image.ts';

/** Where the library is: Cloud Storage for Firebase, or the local emulator. */
export interface LibrarySource {
  /** "https://firebasestorage.googleapis.com", or "http://127.0.0.1:9199" for the local emulator. */
  origin: string;
  bucket: string;
}

export const PRODUCTION_STORAGE_ORIGIN = 'https://firebasestorage.googleapis.com';

/**
 * The local Storage emulator at `emulatorHost` ("127.0.0.1:9199") when one is given, else the
 * project's bucket, FIREBASE_STORAGE_BUCKET (one of the five sign-in variables), on Cloud Storage
 * for Firebase; undefined when there is neither.
 */
export function librarySource(
  env: Readonly<Record<string, string | undefined>>,
  emulatorHost?: string,
): LibrarySource | undefined {
  if (emulatorHost)
    return { origin: `http://${emulatorHost}`, bucket: LOCAL_EMULATOR_CONFIG.storageBucket };
  const bucket = env.FIREBASE_STORAGE_BUCKET?.trim();
  return bucket ? { origin: PRODUCTION_STORAGE_ORIGIN, bucket } : undefined;
}

/** The photo's object on the REST endpoint; `?alt=media` gives its bytes. */
export const libraryObjectUrl = (source: LibrarySource, fullPath: string) =>
  `${source.origin}/v0/b/${encodeURIComponent(source.bucket)}/o/${encodeURIComponent(fullPath)}`;

/** How messages name the library: "(https://firebasestorage.googleapis.com, bucket ardent.appspot.com)". */
export const libraryPlace = (source: LibrarySource) =>
  `(${source.origin}, bucket ${source.bucket})`;

/** Statuses the SDK would retry: the service is there but failing for now, like no network. */
export const isTransient = (status: number) => status >= 500 || status === 408 || status === 429;

export type LibraryMetadata =
  /** The photo, with its alt text (never empty) and its md5Hash, base64, as the service gives it. */
  | { kind: 'photo'; alt: string; md5Hash: string }
  /** It cannot be placed in content: the problem's code and words. */
  | { kind: 'problem'; code: 'library-photo-missing' | 'library-photo-no-alt'; message: string }
  /**
   * The library did not say: `why` finishes "The media library …". `transient`: no answer, or one
   * the SDK would retry (a build then uses its cached copy); else a refusal that retrying will not mend.
   */
  | { kind: 'unreachable'; transient: boolean; why: string };

/** What the library says of `media/<name>`: one request, answered within `timeoutMs` (default 30 s). */
export async function readLibraryMetadata(
  fullPath: string,
  source: LibrarySource,
  { timeoutMs = 30_000 }: { timeoutMs?: number } = {},
): Promise<LibraryMetadata> {
  let response: Response;
  try {
    response = await fetch(libraryObjectUrl(source, fullPath), {
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return {
      kind: 'unreachable',
      transient: true,
      why: `${libraryPlace(source)} could not be reached (${reasonOf(error)})`,
    };
  }
  if (response.status === 404) {
    return {
      kind: 'problem',
      code: 'library-photo-missing',
      message: noSuchLibraryPhoto(fullPath, source.bucket),
    };
  }
  if (isTransient(response.status))
    return {
      kind: 'unreachable',
      transient: true,
      why: `${libraryPlace(source)} answered ${response.status}`,
    };
  if (!response.ok)
    return {
      kind: 'unreachable',
      transient: false,
      why: `refused to give "${fullPath}" (HTTP ${response.status}): check that storage.rules lets anyone read media/`,
    };
  let metadata: { md5Hash?: string; metadata?: Record<string, string> };
  try {
    metadata = (await response.json()) as typeof metadata;
  } catch (error) {
    return {
      kind: 'unreachable',
      transient: true,
      why: `${libraryPlace(source)} stopped answering while describing "${fullPath}" (${reasonOf(error)})`,
    };
  }
  const alt = metadata.metadata?.[ALT_KEY]?.trim() ?? '';
  if (!alt)
    return {
      kind: 'problem',
      code: 'library-photo-no-alt',
      message: `The library photo "${fullPath}" has no alt text, so it cannot be placed in content yet.`,
    };
  return { kind: 'photo', alt, md5Hash: metadata.md5Hash ?? '' };
}

/**
 * The library photos a file's image references name, each asked once: the problems of those that
 * cannot be placed in content, on every reference to them (file, line, field); the others with
 * their alt text, as the page's checks render them (no variants: the build makes those); and,
 * when the library could not say of one, why (it is then neither passed nor failed).
 */
export async function checkLibraryPhotos(
  raster: readonly ImageReference[],
  source: LibrarySource,
  options?: { timeoutMs?: number },
): Promise<{
  problems: ContentProblem[];
  images: Map<string, ResponsiveImage>;
  unreachable?: string;
}> {
  const sources = [
    ...new Set(
      raster.map((reference) => reference.src).filter((src) => libraryPathOf(src) !== null),
    ),
  ];
  const read = new Map(
    await Promise.all(
      sources.map(
        async (src) =>
          [src, await readLibraryMetadata(libraryPathOf(src)!, source, options)] as const,
      ),
    ),
  );
  const problems: ContentProblem[] = [];
  for (const reference of raster) {
    const metadata = read.get(reference.src);
    if (metadata?.kind === 'problem')
      problems.push({
        code: metadata.code,
        file: reference.file,
        line: reference.line,
        field: reference.field,
        message: metadata.message,
      });
  }
  const images = new Map(
    [...read].flatMap(([src, metadata]) =>
      metadata.kind === 'photo'
        ? [[src, unprocessedImage(src, src, { width: 0, height: 0 }, metadata.alt)] as const]
        : [],
    ),
  );
  const unreachable = [...read.values()].find((metadata) => metadata.kind === 'unreachable');
  return {
    problems,
    images,
    ...(unreachable ? { unreachable: `The media library ${unreachable.why}.` } : {}),
  };
}

/** A failed fetch's reason in a few words: the network's own ("connect ECONNREFUSED 127.0.0.1:9199"), or the time-out. */
export function reasonOf(error: unknown): string {
  if (error instanceof Error && error.cause instanceof Error) return error.cause.message;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return 'no answer in time';
  return error instanceof Error ? error.message : String(error);
}
