// Stage 1b and 4b: the raster images content references (photos in content/images/).
// planImages runs during the content check: it reads each referenced file and its size and
// decides its variants, whose names hash the source and the settings, so Markdown can be
// rendered with them before anything is encoded. encodeImages then writes the variants
// (AVIF and WebP at each width, and a JPEG or PNG fallback) with sharp, off the main thread,
// while the pages render; each variant comes from .cache/images/ when it was encoded before.
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { ContentProblem, ProblemCode } from '../../kernel/errors/problems.ts';
import { DiskCache, hashOf } from './disk-cache.ts';
import { fetchLibraryPhoto, type LibrarySettings } from './library-photos.ts';
import { libraryPathOf } from '../../kernel/wire/library-reference.ts';
import type { ImagePlan } from '../../kernel/check/check-entry.ts';
import {
  noSuchImage,
  RASTER_EXTENSION,
  type ImageReference,
} from '../../kernel/images/reference-checks.ts';
import { loadSharp, SHARP_VERSION } from './sharp.ts';

/** Everything that decides the encoded bytes; it is part of every cache key and output name. */
export const IMAGE_SETTINGS = {
  /** srcset widths, capped at the source's own width: images are never enlarged. */
  widths: [480, 960, 1440],
  avif: { quality: 50, effort: 2 },
  webp: { quality: 75, effort: 4 },
  /** The fallback for a photo. */
  jpeg: { quality: 78, mozjpeg: true },
  /** The fallback for an image with transparency. */
  png: { compressionLevel: 9, palette: true, quality: 90, effort: 4 },
} as const;

/** Bumped when the code below changes what it writes. */
const PIPELINE_VERSION = '1';

/** Output folder: each file under assets/ is cached for a year (src/generator/emit/headers-file.ts), which content-hashed names allow. */
const IMAGES_OUTPUT_DIR = 'assets/images';

import type {
  ImageFormat,
  ImageMap,
  ImageVariant,
  ResponsiveImage,
} from '../../kernel/images/responsive-image.ts';
import { unreachable } from '../../kernel/errors/unreachable.ts';

/** Source metadata, cached next to the variants so that a rebuild does not load sharp. */
interface SourceFacts {
  width: number;
  height: number;
  alpha: boolean;
}

export interface PlanOptions {
  /** content/images/. */
  imagesDir: string;
  /** How problems name the images folder, for example "content/images". */
  imagesDirDisplay: string;
  cache: DiskCache;
  /** Each source planned once per build, however many files reference it (imagePlanner). */
  memo?: Map<string, Promise<PlanResult>>;
  /** Where `storage:media/…` photos come from; without it, content that uses one is a problem. */
  library?: LibrarySettings;
}

type PlanResult = { image: ResponsiveImage } | { problem: string; code?: ProblemCode };

/** Plan options whose memo makes each source's plan once per build, on each thread that asks. */
export const imagePlanner = (options: Omit<PlanOptions, 'memo'>): PlanOptions => ({
  ...options,
  memo: new Map(),
});

/**
 * Plans the variants of each raster image once, however often it is referenced, and finds those
 * whose file is missing or unreadable. Reads files and sizes only: no encoding. The references are
 * the raster ones checkReferences (src/kernel/images/reference-checks.ts) found.
 */
export async function planImages(
  raster: readonly ImageReference[],
  options: PlanOptions,
): Promise<ImagePlan> {
  const problems: ContentProblem[] = [];

  const sources = [...new Set(raster.map((reference) => reference.src))];
  const planOnce = (src: string): Promise<PlanResult> => {
    const known = options.memo?.get(src);
    if (known) return known;
    const plan = planImage(src, options);
    options.memo?.set(src, plan);
    return plan;
  };
  const planned = await Promise.all(sources.map(planOnce));
  const images = new Map<string, ResponsiveImage>();
  planned.forEach((result, i) => {
    const src = sources[i]!;
    if ('image' in result) {
      images.set(src, result.image);
      return;
    }
    for (const reference of raster.filter((r) => r.src === src)) {
      problems.push({
        code: result.code ?? 'missing-image',
        file: reference.file,
        line: reference.line,
        field: reference.field,
        message: result.problem,
      });
    }
  });
  return { images, problems };
}

async function planImage(
  src: string,
  { imagesDir, imagesDirDisplay, cache, library }: PlanOptions,
): Promise<PlanResult> {
  const libraryPath = libraryPathOf(src);
  let relative: string;
  let file: string;
  let shown: string;
  let alt: string | undefined;
  if (libraryPath) {
    if (!library)
      return {
        code: 'library-not-set-up',
        problem: `"${src}" is a photo from the media library, and this build has no storage bucket to fetch it from.`,
      };
    const photo = await fetchLibraryPhoto(libraryPath, library);
    if ('code' in photo) return { code: photo.code, problem: photo.message };
    if (photo.fromCache)
      console.warn(
        `The media library could not be reached: using the copy of ${libraryPath} an earlier build fetched.`,
      );
    ({ file, alt } = photo);
    relative = libraryPath;
    shown = src;
  } else {
    relative = src.slice('/images/'.length);
    file = path.join(imagesDir, relative);
    shown = `${imagesDirDisplay}/${relative}`;
    if (!file.startsWith(imagesDir + path.sep))
      return { problem: `"${src}" points outside ${imagesDirDisplay}/.` };
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    return { problem: noSuchImage(shown) };
  }
  const key = hashOf([PIPELINE_VERSION, SHARP_VERSION, JSON.stringify(IMAGE_SETTINGS), bytes]);
  let facts = parseFacts(await cache.read(`${key}.json`));
  if (!facts) {
    try {
      const sharp = await loadSharp();
      const metadata = await sharp(bytes).metadata();
      facts = {
        width: metadata.autoOrient.width,
        height: metadata.autoOrient.height,
        alpha: metadata.hasAlpha,
      };
    } catch (error) {
      return {
        problem: `${shown} could not be read as an image (${error instanceof Error ? error.message : String(error)}).`,
      };
    }
    await cache.write(`${key}.json`, JSON.stringify(facts));
  }
  const base = path.basename(relative).replace(RASTER_EXTENSION, '');
  const variant = (format: ImageFormat, width: number): ImageVariant => {
    const outputPath = `${IMAGES_OUTPUT_DIR}/${base}-${width}-${key}.${format === 'jpeg' ? 'jpg' : format}`;
    return { path: outputPath, url: `/${outputPath}`, format, width };
  };
  const widths = widthsFor(facts.width);
  const fallbackWidth = widths[Math.floor(widths.length / 2)]!;
  return {
    image: {
      src,
      file,
      width: facts.width,
      height: facts.height,
      avif: widths.map((width) => variant('avif', width)),
      webp: widths.map((width) => variant('webp', width)),
      fallback: variant(facts.alpha ? 'png' : 'jpeg', fallbackWidth),
      ...(alt ? { alt } : {}),
    },
  };
}

/** The srcset widths for a source: the standard ones below its width, then its own width when it is smaller than the largest. */
export function widthsFor(sourceWidth: number): number[] {
  const standard: readonly number[] = IMAGE_SETTINGS.widths;
  const largest = standard[standard.length - 1]!;
  if (sourceWidth >= largest) return [...standard];
  return [...standard.filter((width) => width < sourceWidth), sourceWidth];
}

function parseFacts(cached: Buffer | undefined): SourceFacts | undefined {
  if (!cached) return undefined;
  try {
    const facts = JSON.parse(cached.toString('utf8')) as Partial<SourceFacts>;
    return typeof facts.width === 'number' &&
      typeof facts.height === 'number' &&
      typeof facts.alpha === 'boolean'
      ? (facts as SourceFacts)
      : undefined;
  } catch {
    return undefined;
  }
}

export interface EncodedFile {
  path: string;
  contents: Uint8Array;
}

export interface EncodeReport {
  files: EncodedFile[];
  /** Variants encoded by this build, and read back from the cache. */
  encoded: number;
  cached: number;
}

/**
 * Makes the variants `wanted` says the output lacks (their names hash their inputs, so one already
 * there is the same file): from the cache when it is there, else encoded with sharp (and cached).
 */
export async function encodeImages(
  images: ImageMap,
  cache: DiskCache,
  wanted: (outputPath: string) => boolean = () => true,
): Promise<EncodeReport> {
  const report: EncodeReport = { files: [], encoded: 0, cached: 0 };
  // A few sources at a time, each with all its variants at once: sharp runs them on libuv's threads.
  await forEachLimited([...images.values()], Math.max(2, availableParallelism()), async (image) => {
    const variants = [...image.avif, ...image.webp, image.fallback].filter((variant) =>
      wanted(variant.path),
    );
    const found = await Promise.all(
      variants.map((variant) => cache.read(path.basename(variant.path))),
    );
    let source: Promise<Buffer> | undefined;
    await Promise.all(
      variants.map(async (variant, i) => {
        let contents = found[i];
        if (contents) {
          report.cached += 1;
        } else {
          contents = await encodeVariant(await (source ??= readFile(image.file)), variant);
          report.encoded += 1;
          await cache.write(path.basename(variant.path), contents);
        }
        report.files.push({ path: variant.path, contents });
      }),
    );
  });
  report.files.sort((a, b) => (a.path < b.path ? -1 : 1));
  return report;
}

async function encodeVariant(source: Buffer, variant: ImageVariant): Promise<Buffer> {
  const sharp = await loadSharp();
  const resized = sharp(source)
    .autoOrient()
    .resize({ width: variant.width, withoutEnlargement: true });
  switch (variant.format) {
    case 'avif':
      return resized.avif(IMAGE_SETTINGS.avif).toBuffer();
    case 'webp':
      return resized.webp(IMAGE_SETTINGS.webp).toBuffer();
    case 'jpeg':
      return resized.flatten({ background: '#ffffff' }).jpeg(IMAGE_SETTINGS.jpeg).toBuffer();
    case 'png':
      return resized.png(IMAGE_SETTINGS.png).toBuffer();
  }
  return unreachable(variant.format, 'image format');
}

async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const runner = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
}
