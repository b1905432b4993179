// Test images made with sharp when a test runs (no binaries in the repository), and builds of the
// minimal site with them, each with its own image cache.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { BuildReport } from '../../src/generator/build-types.ts';
import { ContentError, type ContentProblem } from '../../src/kernel/errors/problems.ts';
import { buildInto, type BuiltFolder } from './sites.ts';

export const PHOTO = { name: 'kitchen.jpg', width: 1600, height: 1000 } as const;
export const CUTOUT = { name: 'badge.png', width: 800, height: 600 } as const;

/** A photo-like JPEG: gradients and shapes, no transparency. */
export async function writePhoto(
  file: string,
  width: number = PHOTO.width,
  height: number = PHOTO.height,
): Promise<void> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#0f5e63"/><stop offset="1" stop-color="#f2b53a"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#6b3a6e"/>
    <rect x="${width / 10}" y="${height / 10}" width="${width / 5}" height="${height / 4}" fill="#fffdf8"/>
  </svg>`;
  await mkdir(path.dirname(file), { recursive: true });
  await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(file);
}

/** A PNG with transparency: a shape on a transparent background. */
export async function writeCutout(
  file: string,
  width: number = CUTOUT.width,
  height: number = CUTOUT.height,
): Promise<void> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <circle cx="${width / 2}" cy="${height / 2}" r="${height / 2.5}" fill="#f2b53a" fill-opacity="0.8"/>
  </svg>`;
  await mkdir(path.dirname(file), { recursive: true });
  await sharp(Buffer.from(svg)).png().toFile(file);
}

const tempDirs: string[] = [];

export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** Builds a content tree into a fresh folder with the project's code, and a cache of the test's own. */
export function build(
  contentDir: string,
  cacheDir: string,
): Promise<{ out: BuiltFolder; report: BuildReport }> {
  return buildInto(contentDir, { cacheDir });
}

/** The problems a build throws; fails the test if it does not throw a ContentError. */
export async function buildProblems(
  contentDir: string,
  cacheDir: string,
): Promise<readonly ContentProblem[]> {
  try {
    await build(contentDir, cacheDir);
  } catch (error) {
    if (ContentError.is(error)) return error.problems;
    throw error;
  }
  throw new Error('expected the build to fail with content problems');
}

export const bytesOf = (out: BuiltFolder, file: string): Buffer => {
  const contents = out.files.get(file);
  if (contents === undefined) throw new Error(`Nothing was written to ${file}`);
  return Buffer.from(contents);
};
