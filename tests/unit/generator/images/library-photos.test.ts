// Photos from the media library in the build: `storage:media/<name>` in Markdown and image fields
// becomes self-hosted AVIF and WebP variants with the library's alt text; each photo is fetched
// once (its bytes only when .cache/ lacks that md5Hash); a replaced photo renders its page again;
// a missing photo, one without alt text, and no network without a cached copy are content
// problems with file, line and field, and leave the output folder as it was. Against the local
// Storage emulator over real HTTP.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteOptions } from '../../../../src/generator/build-types.ts';
import { ContentError, type ContentProblem } from '../../../../src/kernel/errors/problems.ts';
import { freePort } from '../../../../src/generator/emulators/auth-emulator.ts';
import { tempDir, removeTempDirs, writePhoto } from '../../../support/image-fixtures.ts';
import { startCountedLibrary, type CountedLibrary } from '../../../support/library-emulator.ts';
import {
  BuiltFolder,
  buildInto,
  copyMinimalSite,
  editText,
  lineContaining,
  removeTempCopies,
} from '../../../support/sites.ts';

let library: CountedLibrary;
let kitchen: Buffer;
const ALT = 'A clean kitchen worktop, from the media library';

beforeAll(async () => {
  library = await startCountedLibrary();
  const dir = await tempDir('library-photo-');
  await writePhoto(path.join(dir, 'kitchen.jpg'), 1600, 1000);
  kitchen = await readFile(path.join(dir, 'kitchen.jpg'));
  await library.put('kitchen.jpg', kitchen, ALT);
});
afterAll(async () => {
  await library?.stop();
  await Promise.all([removeTempCopies(), removeTempDirs()]);
});

/** The minimal site with the photo in about's Markdown (no alt of its own) and in a service's image field. */
async function siteUsing(
  src = 'storage:media/kitchen.jpg',
): Promise<{ dir: string; about: string }> {
  const dir = await copyMinimalSite();
  const about = await editText(
    dir,
    'pages/about.md',
    'A small team in Orpington.\n',
    `A small team in Orpington.\n\n![](${src})\n`,
  );
  await editText(
    dir,
    'services/regular-cleaning.md',
    'blocks:\n',
    `images:\n  - src: ${src}\nblocks:\n`,
  );
  return { dir, about };
}

/** Problems and the usage index name files from the project root, wherever the test's copy lives: "content/…" here. */
const fromContent = (file: string) => file.slice(file.lastIndexOf('content/'));

const build = (dir: string, options: Partial<SiteOptions>) =>
  buildInto(dir, { library: { origin: library.origin, bucket: library.bucket }, ...options });

async function problemsOf(
  dir: string,
  options: Partial<SiteOptions>,
): Promise<Pick<ContentProblem, 'code' | 'file' | 'line' | 'field' | 'message'>[]> {
  const error = await build(dir, options).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!ContentError.is(error)) throw new Error(`expected content problems, got ${String(error)}`);
  return error.problems
    .map(({ code, file, line, field, message }) => ({
      code,
      file: fromContent(file),
      line,
      field,
      message,
    }))
    .sort((a, b) => a.file.localeCompare(b.file));
}

describe('a library photo in content', () => {
  it('is built into self-hosted AVIF and WebP variants with the library’s alt text, fetched once, and cached by md5Hash', async () => {
    const { dir } = await siteUsing();
    const cacheDir = await tempDir('library-cache-');
    const before = { ...library.counts };
    const cold = performance.now();
    const { out, report } = await build(dir, { cacheDir });
    const coldMs = performance.now() - cold;
    // Two files use it; it is fetched once: its metadata, then its bytes.
    expect({
      metadata: library.counts.metadata - before.metadata,
      bytes: library.counts.bytes - before.bytes,
    }).toEqual({ metadata: 1, bytes: 1 });
    expect(report.libraryPhotos).toBe(1);

    const about = out.text('about.html');
    expect(about).toMatch(
      /<picture><source type="image\/avif" srcset="\/assets\/images\/kitchen-480-[0-9a-f]+\.avif 480w, [^"]+ 1440w"/i,
    );
    expect(about).toMatch(/<source type="image\/webp" srcset="\/assets\/images\/kitchen-480-/i);
    expect(about).toContain(`alt="${ALT}"`);
    expect(about).toMatch(/width="1600" height="1000"/);
    expect(about).not.toMatch(/storage:|127\.0\.0\.1|firebasestorage/);
    const service = out.text('regular-cleaning.html');
    expect(service).toContain(`alt="${ALT}"`);
    const variants = [...out.files.keys()].filter((file) =>
      /^assets\/images\/kitchen-\d+-[0-9a-f]+\.(avif|webp|jpg)$/.test(file),
    );
    expect(variants.filter((file) => file.endsWith('.avif'))).toHaveLength(3);
    expect(variants.filter((file) => file.endsWith('.webp'))).toHaveLength(3);
    for (const file of variants) expect(about + service).toContain(`/${file}`);

    const health = JSON.parse(out.text('content-health.json')) as {
      photos: Record<string, { route: string; file: string }[]>;
      check: { libraryPhotos: number };
    };
    expect(
      Object.fromEntries(
        Object.entries(health.photos).map(([photo, uses]) => [
          photo,
          uses.map((use) => ({ ...use, file: fromContent(use.file) })),
        ]),
      ),
    ).toEqual({
      'media/kitchen.jpg': [
        { route: '/about', file: 'content/pages/about.md' },
        { route: '/regular-cleaning', file: 'content/services/regular-cleaning.md' },
      ],
    });
    expect(health.check.libraryPhotos).toBe(1);

    // A warm build: the metadata again (the photo may have changed), the bytes from .cache/library/.
    const warmBefore = { ...library.counts };
    const warm = performance.now();
    await build(dir, { cacheDir });
    const warmMs = performance.now() - warm;
    expect({
      metadata: library.counts.metadata - warmBefore.metadata,
      bytes: library.counts.bytes - warmBefore.bytes,
    }).toEqual({ metadata: 1, bytes: 0 });
    console.log(
      `A build with one library photo (1600×1000 JPEG, ${(kitchen.length / 1000).toFixed(1)} KB): cold ${coldMs.toFixed(0)} ms, warm ${warmMs.toFixed(0)} ms (both with the rest of the minimal site).`,
    );
  });

  it('renders its pages again when the photo is replaced in the library, and not otherwise', async () => {
    const { dir } = await siteUsing();
    const cacheDir = await tempDir('library-cache-');
    const outDir = path.join(await tempDir('library-out-'), 'dist');
    const first = await build(dir, { cacheDir, outDir });
    const again = await build(dir, { cacheDir, outDir });
    expect(again.report.work.rendered).toBe(0);
    const replaced = await tempDir('library-photo-');
    await writePhoto(path.join(replaced, 'kitchen.jpg'), 1200, 900);
    await library.put('kitchen.jpg', await readFile(path.join(replaced, 'kitchen.jpg')), ALT);
    try {
      const after = await build(dir, { cacheDir, outDir });
      expect(after.report.work.rendered).toBe(2);
      const html = after.out.text('about.html');
      expect(html).toMatch(/width="1200" height="900"/);
      expect(html).not.toBe(first.out.text('about.html'));
    } finally {
      await library.put('kitchen.jpg', kitchen, ALT);
    }
  });

  it('uses the content’s own alt text where it gives one', async () => {
    const dir = await copyMinimalSite();
    await editText(
      dir,
      'pages/about.md',
      'A small team in Orpington.\n',
      'A small team in Orpington.\n\n![Our kitchen after a deep clean](storage:media/kitchen.jpg)\n',
    );
    const { out } = await build(dir, { cacheDir: await tempDir('library-cache-') });
    expect(out.text('about.html')).toContain('alt="Our kitchen after a deep clean"');
  });
});

describe('a library photo that cannot be used', () => {
  it('is a content problem with file, line and field when it is missing, and nothing is written', async () => {
    const { dir, about } = await siteUsing('storage:media/no-such-photo.jpg');
    const service = await readFile(path.join(dir, 'services/regular-cleaning.md'), 'utf8');
    const cacheDir = await tempDir('library-cache-');
    const outDir = path.join(await tempDir('library-out-'), 'dist');
    const problems = await problemsOf(dir, { cacheDir, outDir });
    expect(problems.map(({ code, file, line, field }) => ({ code, file, line, field }))).toEqual([
      {
        code: 'library-photo-missing',
        file: 'content/pages/about.md',
        line: lineContaining(about, 'no-such-photo'),
        field: undefined,
      },
      {
        code: 'library-photo-missing',
        file: 'content/services/regular-cleaning.md',
        line: lineContaining(service, 'no-such-photo'),
        field: 'images.0.src',
      },
    ]);
    expect(problems[0]!.message).toMatch(
      /There is no photo "media\/no-such-photo\.jpg" in the media library/,
    );
    await expect(BuiltFolder.read(outDir)).rejects.toThrow(/ENOENT/);
  });

  it('leaves an earlier build’s output as it was', async () => {
    const { dir } = await siteUsing();
    const cacheDir = await tempDir('library-cache-');
    const outDir = path.join(await tempDir('library-out-'), 'dist');
    const { out } = await build(dir, { cacheDir, outDir });
    await editText(dir, 'pages/about.md', 'storage:media/kitchen.jpg', 'storage:media/gone.jpg');
    expect((await problemsOf(dir, { cacheDir, outDir })).map((problem) => problem.code)).toEqual([
      'library-photo-missing',
    ]);
    expect((await BuiltFolder.read(outDir)).files).toEqual(out.files);
  });

  it('is a content problem when it has no alt text in the library', async () => {
    await library.put('no-alt.jpg', kitchen, '');
    const { dir, about } = await siteUsing('storage:media/no-alt.jpg');
    const problems = await problemsOf(dir, { cacheDir: await tempDir('library-cache-') });
    expect(problems[0]).toMatchObject({
      code: 'library-photo-no-alt',
      file: 'content/pages/about.md',
      line: lineContaining(about, 'no-alt.jpg'),
    });
    expect(problems[0]!.message).toMatch(/has no alt text, so it cannot be placed in content yet/);
  });

  it('without network: a problem when no copy is cached, the cached copy otherwise', async () => {
    const { dir } = await siteUsing();
    const offline = { origin: `http://127.0.0.1:${await freePort()}`, bucket: library.bucket };
    const cacheDir = await tempDir('library-cache-');
    const problems = await problemsOf(dir, { cacheDir, library: offline });
    expect(problems.map((problem) => [problem.code, problem.file, problem.field])).toEqual([
      ['library-unreachable', 'content/pages/about.md', undefined],
      ['library-unreachable', 'content/services/regular-cleaning.md', 'images.0.src'],
    ]);
    expect(problems[0]!.message).toMatch(
      /could not be reached .*no earlier build kept a copy of "media\/kitchen\.jpg"/,
    );

    const online = await build(dir, { cacheDir });
    const { out } = await build(dir, { cacheDir, library: offline });
    expect(out.text('about.html')).toBe(online.out.text('about.html'));
  });

  it('is a content problem when the build has no bucket, or the reference is not one', async () => {
    const { dir } = await siteUsing();
    expect(
      (
        await problemsOf(dir, { cacheDir: await tempDir('library-cache-'), library: undefined })
      ).map((problem) => problem.code),
    ).toEqual(['library-not-set-up', 'library-not-set-up']);
    const bad = await copyMinimalSite();
    await editText(
      bad,
      'pages/about.md',
      'A small team in Orpington.\n',
      'A small team in Orpington.\n\n![A photo](storage:media/folder/kitchen.jpg)\n',
    );
    const problems = await problemsOf(bad, { cacheDir: await tempDir('library-cache-') });
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'library-photo-missing',
        message: expect.stringMatching(
          /not a media library reference: write it as "storage:media\/<name>"/,
        ),
      }),
    ]);
  });
});
