// A build that shares its pages among worker threads writes what the main thread alone writes,
// byte for byte, and reports the content problems its workers find as the main thread alone does:
// all at once, in the same order, each with its file, line, field and hint.
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatorBundle } from '../../../../scripts/run.mjs';
import { generate } from '../../../../bench/generate.ts';
import type { SiteOptions } from '../../../../src/generator/build-types.ts';
import { ContentError, formatProblems } from '../../../../src/kernel/errors/problems.ts';
import { PHOTO, removeTempDirs, tempDir, writePhoto } from '../../../support/image-fixtures.ts';
import {
  BROKEN_CASES,
  buildInto,
  copyMinimalSite,
  editText,
  REAL_CONTENT,
  removeTempCopies,
} from '../../../support/sites.ts';

let workers: Partial<SiteOptions>;
const mainThreadAlone: Partial<SiteOptions> = { threads: 0 };

beforeAll(async () => {
  // The workers run the generator's bundle, made of this code (scripts/run.mjs).
  workers = {
    pageWorker: pathToFileURL(path.join(await generatorBundle(), 'page-worker.mjs')),
    threads: 2,
    threadsFrom: 0,
  };
}, 120_000);

afterAll(async () => {
  await Promise.all([removeTempCopies(), removeTempDirs()]);
});

describe('a build on worker threads', () => {
  it('writes every file as the main thread alone writes it', async () => {
    // The real site, synthetic areas, and a photo that two pages show (each source is planned once, on the main thread).
    const root = await tempDir('page-pool-');
    const contentDir = path.join(root, 'content');
    const areas = generate({
      sourceContent: REAL_CONTENT,
      contentDir,
      markdownDir: path.join(root, 'markdown'),
      count: 60,
    });
    await writePhoto(path.join(contentDir, 'images', PHOTO.name), 640, 400);
    const photo = `\n![A kitchen after a deep clean](/images/${PHOTO.name})\n`;
    await editText(
      contentDir,
      `areas/${areas[0]!.slug}.md`,
      '\n## Nearby areas',
      `${photo}\n## Nearby areas`,
    );
    await editText(contentDir, 'pages/about.md', '\n## ', `${photo}\n## `);

    const threaded = await buildInto(contentDir, {
      ...workers,
      cacheDir: path.join(root, 'cache-threaded'),
    });
    const alone = await buildInto(contentDir, {
      ...mainThreadAlone,
      cacheDir: path.join(root, 'cache-alone'),
    });

    expect(threaded.report.work).toMatchObject({
      threads: 2,
      loaded: alone.report.work.loaded,
      rendered: alone.report.work.rendered,
    });
    expect(alone.report.work.threads).toBe(0);
    expect(threaded.report.images.encoded + threaded.report.images.cached).toBeGreaterThan(0);
    expect([...threaded.out.files.keys()]).toEqual([...alone.out.files.keys()]);
    for (const [file, contents] of alone.out.files)
      expect(Buffer.compare(threaded.out.files.get(file)!, contents), `${file} differs`).toBe(0);
    expect(
      threaded.out.files.get(`cleaning-services-${areas[0]!.slug}.html`)!.toString(),
    ).toContain('<picture>');

    // With the entry cache, a worker loads the one edited file and takes pages whose entries the main thread knew, sent to it.
    await editText(contentDir, `areas/${areas[1]!.slug}.md`, '\n## Nearby areas', '\n## Close by');
    const warm = await buildInto(contentDir, {
      ...workers,
      cacheDir: path.join(root, 'cache-threaded'),
    });
    const warmAlone = await buildInto(contentDir, { ...mainThreadAlone, cacheDir: false });
    expect(warm.report.work).toMatchObject({
      threads: 2,
      loaded: 1,
      rendered: warmAlone.report.work.rendered,
    });
    for (const [file, contents] of warmAlone.out.files)
      expect(Buffer.compare(warm.out.files.get(file)!, contents), `${file} differs`).toBe(0);
  }, 120_000);

  it('reports the content problems found on worker threads all at once, as the main thread alone does', async () => {
    // Broken cases in different files: YAML that does not read, fields of the wrong type or missing, a duplicate slug, links and references to nothing.
    const contentDir = await copyMinimalSite();
    for (const name of [
      'bad-yaml',
      'wrong-type',
      'missing-required-field',
      'duplicate-slug',
      'unknown-area-reference',
      'broken-internal-link',
      'broken-markdown-link',
    ]) {
      await cp(path.join(BROKEN_CASES, name), contentDir, { recursive: true, force: true });
    }
    const failure = (options: Partial<SiteOptions>) =>
      buildInto(contentDir, options).then(
        () => undefined,
        (error: unknown) => error,
      );

    const [threaded, alone] = [await failure(workers), await failure(mainThreadAlone)];

    expect(ContentError.is(threaded) && ContentError.is(alone)).toBe(true);
    const [fromWorkers, fromMain] = [
      (threaded as ContentError).problems,
      (alone as ContentError).problems,
    ];
    expect(fromWorkers).toEqual(fromMain);
    expect(formatProblems(fromWorkers)).toBe(formatProblems(fromMain));
    expect(new Set(fromWorkers.map((problem) => problem.file)).size).toBeGreaterThanOrEqual(6);
    expect(
      fromWorkers.some((problem) => problem.line !== undefined && problem.field !== undefined),
    ).toBe(true);
    expect(formatProblems(fromWorkers)).toContain('hint: ');
  }, 120_000);
});
