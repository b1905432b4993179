// Photos from the media library in the build. A page refers to one as `storage:media/<name>`; while
// the content loads, each referenced photo is fetched once per build (memoised by the planner):
// its metadata (alt text, md5Hash), read as the proposals function reads it
// (src/kernel/images/library-metadata.ts), then its bytes unless .cache/library/ already holds that
// md5Hash. The bytes then go through the same sharp pipeline as content/images/ (self-hosted AVIF
// and WebP variants), so public pages never load from the storage origin. The variants' names hash
// the bytes, so a replaced photo changes its page's digest and the page renders again.
//
// Each request is made once: a failure is reported at once (or the copy an earlier build fetched
// is used), and a build is easily run again.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ProblemCode } from '../../kernel/errors/problems.ts';
import {
  isTransient,
  libraryObjectUrl,
  libraryPlace,
  readLibraryMetadata,
  reasonOf,
  type LibrarySource,
} from '../../kernel/images/library-metadata.ts';
import { DiskCache, hashOf } from './disk-cache.ts';

export interface LibrarySettings extends LibrarySource {
  /** .cache/library/: the bytes by md5Hash, and what each path last was (for builds without network). */
  cacheDir: string;
  /** Per request (default 30 s). */
  timeoutMs?: number;
}

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

const md5Hex = (md5Base64: string) => Buffer.from(md5Base64, 'base64').toString('hex');

/** What the build found for `media/<name>`: the photo (fetched, or its cached copy without network), or a problem. */
export async function fetchLibraryPhoto(
  fullPath: string,
  settings: LibrarySettings,
): Promise<LibraryResult> {
  const cache = new DiskCache(settings.cacheDir);
  const knownName = `known-${hashOf([settings.bucket, fullPath], 16)}.json`;
  const where = libraryPlace(settings);

  /** `why` finishes "The media library …". */
  const fromCache = async (why: string): Promise<LibraryResult> => {
    const known = parseKnown(await cache.read(knownName));
    const file = known && path.join(settings.cacheDir, md5Hex(known.md5Hash));
    if (known && file && (await cache.read(md5Hex(known.md5Hash))))
      return { fullPath, file, alt: known.alt, md5Hash: known.md5Hash, fromCache: true };
    return {
      code: 'library-unreachable',
      message: `The media library ${why}, and no earlier build kept a copy of "${fullPath}" in .cache/library/.`,
    };
  };

  const metadata = await readLibraryMetadata(fullPath, settings, { timeoutMs: settings.timeoutMs });
  if (metadata.kind === 'problem') return metadata;
  if (metadata.kind === 'unreachable')
    return metadata.transient
      ? fromCache(metadata.why)
      : { code: 'library-unreachable', message: `The media library ${metadata.why}.` };
  const { alt } = metadata;
  let { md5Hash } = metadata;
  if (!md5Hash || !(await cache.read(md5Hex(md5Hash)))) {
    let bytes: Buffer;
    try {
      const download = await fetch(`${libraryObjectUrl(settings, fullPath)}?alt=media`, {
        signal: AbortSignal.timeout(settings.timeoutMs ?? 30_000),
      });
      if (!download.ok)
        return isTransient(download.status)
          ? fromCache(`${where} answered ${download.status} for the photo's bytes`)
          : {
              code: 'library-unreachable',
              message: `The media library refused the bytes of "${fullPath}" (HTTP ${download.status}).`,
            };
      bytes = Buffer.from(await download.arrayBuffer());
    } catch (error) {
      return fromCache(`${where} stopped answering while sending the photo (${reasonOf(error)})`);
    }
    const got = createHash('md5').update(bytes).digest('base64');
    if (md5Hash && got !== md5Hash)
      return {
        code: 'library-unreachable',
        message: `The bytes of "${fullPath}" did not match its md5Hash: it was probably replaced during the build. Build again.`,
      };
    md5Hash = got;
    await cache.write(md5Hex(got), bytes);
  }
  await cache.write(knownName, JSON.stringify({ md5Hash, alt } satisfies Known));
  return {
    fullPath,
    file: path.join(settings.cacheDir, md5Hex(md5Hash)),
    alt,
    md5Hash,
    fromCache: false,
  };
}

function parseKnown(bytes: Buffer | undefined): Known | undefined {
  if (!bytes) return undefined;
  try {
    const known = JSON.parse(bytes.toString('utf8')) as Partial<Known>;
    return typeof known.md5Hash === 'string' && typeof known.alt === 'string'
      ? (known as Known)
      : undefined;
  } catch {
    return undefined;
  }
}
