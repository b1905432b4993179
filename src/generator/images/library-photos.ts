// Photos from the media library in the build. A page refers to one as `storage:media/<name>`; while
// the content loads, each referenced photo is fetched once per build (memoised by the planner):
// its metadata (alt text, md5Hash), then its bytes unless .cache/library/ already holds that
// md5Hash. The bytes then go through the same sharp pipeline as content/images/ (self-hosted AVIF
// and WebP variants), so public pages never load from the storage origin. The variants' names hash
// the bytes, so a replaced photo changes its page's digest and the page renders again.
//
// The build calls the REST endpoints the web SDK calls (`/v0/b/<bucket>/o/<path>` and `?alt=media`),
// once each, rather than the SDK: the SDK retries a lost connection for up to 120 s (right
// for a person waiting on a screen), so an offline build would sit two minutes before it could use
// its cached copy. A failure here is reported at once, and a build is easily run again.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ProblemCode } from '../../kernel/errors/problems.ts';
import { DiskCache, hashOf } from './disk-cache.ts';
import { ALT_KEY } from '../../kernel/wire/library-reference.ts';
import { noSuchLibraryPhoto } from '../../kernel/images/reference-checks.ts';

/** Where the library is: Cloud Storage for Firebase, or the local emulator. */
export interface LibrarySource {
  /** "https://firebasestorage.googleapis.com", or "http://127.0.0.1:9199" for the local emulator. */
  origin: string;
  bucket: string;
}

export interface LibrarySettings extends LibrarySource {
  /** .cache/library/: the bytes by md5Hash, and what each path last was (for builds without network). */
  cacheDir: string;
  /** Per request (default 30 s). */
  timeoutMs?: number;
}

export const PRODUCTION_STORAGE_ORIGIN = 'https://firebasestorage.googleapis.com';

/** A library photo fetched for the build: its bytes in the cache, with what the pages need of its metadata. */
export interface FetchedPhoto {
  fullPath: string;
  /** The cached bytes, for the image pipeline. */
  file: string;
  alt: string;
  md5Hash: string;
  /** The library could not be reached: the copy an earlier build fetched is used. */
  fromCache: boolean;
}

export type LibraryResult = FetchedPhoto | { code: ProblemCode; message: string };

interface Known {
  md5Hash: string;
  alt: string;
}

/** Statuses the SDK would retry: the service is there but failing for now, like no network. */
const TRANSIENT = (status: number) => status >= 500 || status === 408 || status === 429;

const md5Hex = (md5Base64: string) => Buffer.from(md5Base64, 'base64').toString('hex');

/** What the build found for `media/<name>`: the photo (fetched, or its cached copy without network), or a problem. */
export async function fetchLibraryPhoto(fullPath: string, settings: LibrarySettings): Promise<LibraryResult> {
  const cache = new DiskCache(settings.cacheDir);
  const knownName = `known-${hashOf([settings.bucket, fullPath], 16)}.json`;
  const url = `${settings.origin}/v0/b/${encodeURIComponent(settings.bucket)}/o/${encodeURIComponent(fullPath)}`;
  const request = (address: string) => fetch(address, { signal: AbortSignal.timeout(settings.timeoutMs ?? 30_000) });

  const fromCache = async (reason: string): Promise<LibraryResult> => {
    const known = parseKnown(await cache.read(knownName));
    const file = known && path.join(settings.cacheDir, md5Hex(known.md5Hash));
    if (known && file && (await cache.read(md5Hex(known.md5Hash)))) return { fullPath, file, alt: known.alt, md5Hash: known.md5Hash, fromCache: true };
    return {
      code: 'library-unreachable',
      message: `The media library (${settings.origin}, bucket ${settings.bucket}) ${reason}, and no earlier build kept a copy of "${fullPath}" in .cache/library/.`,
    };
  };

  let response: Response;
  try {
    response = await request(url);
  } catch (error) {
    return fromCache(`could not be reached (${error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error)})`);
  }
  if (response.status === 404) {
    return { code: 'library-photo-missing', message: noSuchLibraryPhoto(fullPath, settings.bucket) };
  }
  if (TRANSIENT(response.status)) return fromCache(`answered ${response.status}`);
  if (!response.ok) return { code: 'library-unreachable', message: `The media library refused to give "${fullPath}" (HTTP ${response.status}): check that storage.rules lets anyone read media/.` };

  const metadata = (await response.json()) as { md5Hash?: string; metadata?: Record<string, string> };
  const alt = metadata.metadata?.[ALT_KEY]?.trim() ?? '';
  if (!alt) return { code: 'library-photo-no-alt', message: `The library photo "${fullPath}" has no alt text, so it cannot be placed in content yet.` };
  let md5Hash = metadata.md5Hash ?? '';
  if (!md5Hash || !(await cache.read(md5Hex(md5Hash)))) {
    let bytes: Buffer;
    try {
      const download = await request(`${url}?alt=media`);
      if (!download.ok) return TRANSIENT(download.status) ? fromCache(`answered ${download.status} for the photo's bytes`) : { code: 'library-unreachable', message: `The media library refused the bytes of "${fullPath}" (HTTP ${download.status}).` };
      bytes = Buffer.from(await download.arrayBuffer());
    } catch (error) {
      return fromCache(`stopped answering while sending the photo (${error instanceof Error ? error.message : String(error)})`);
    }
    const got = createHash('md5').update(bytes).digest('base64');
    if (md5Hash && got !== md5Hash) return { code: 'library-unreachable', message: `The bytes of "${fullPath}" did not match its md5Hash: it was probably replaced during the build. Build again.` };
    md5Hash = got;
    await cache.write(md5Hex(got), bytes);
  }
  await cache.write(knownName, JSON.stringify({ md5Hash, alt } satisfies Known));
  return { fullPath, file: path.join(settings.cacheDir, md5Hex(md5Hash)), alt, md5Hash, fromCache: false };
}

function parseKnown(bytes: Buffer | undefined): Known | undefined {
  if (!bytes) return undefined;
  try {
    const known = JSON.parse(bytes.toString('utf8')) as Partial<Known>;
    return typeof known.md5Hash === 'string' && typeof known.alt === 'string' ? (known as Known) : undefined;
  } catch {
    return undefined;
  }
}
