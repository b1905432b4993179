// Content problems of images: a missing alt text or a missing file is reported to the editor with
// its file, line and field, with the other problems of the build, never as a stack trace.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSite } from '../../src/generator/build.ts';
import { ContentError, type ContentProblem } from '../../src/kernel/errors/problems.ts';
import {
  copyMinimalSite,
  editText,
  lineContaining,
  PROJECT_ROOT,
  removeTempCopies,
} from '../support/sites.ts';
import { PHOTO, removeTempDirs, tempDir, writePhoto } from '../support/image-fixtures.ts';

afterAll(async () => {
  await Promise.all([removeTempCopies(), removeTempDirs()]);
});

/** The minimal site with one photo in content/images/. */
async function siteWithPhoto(): Promise<string> {
  const dir = await copyMinimalSite();
  await writePhoto(path.join(dir, 'images', PHOTO.name), 640, 400);
  return dir;
}

/** The build's own check; problems name files relative to the folder holding "content/". */
async function checkProblems(contentDir: string): Promise<ContentProblem[]> {
  const error = await checkSite({
    projectRoot: path.dirname(contentDir),
    contentDir,
    cacheDir: await tempDir('ssg-cache-'),
  }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ContentError))
    throw new Error(`expected a ContentError, got ${String(error)}`);
  return error.problems.map(({ code, file, line, field }) => ({
    code,
    file,
    line,
    field,
    message: '',
  }));
}

const located = (problems: ContentProblem[]) =>
  problems.map(({ code, file, line, field }) => ({ code, file, line, field }));

describe('a missing alt text', () => {
  it("in Markdown, empty or blank, is reported at the image's line", async () => {
    const dir = await siteWithPhoto();
    const about = await editText(
      dir,
      'pages/about.md',
      'A small team in Orpington.\n',
      `A small team in Orpington.\n\n![](/images/${PHOTO.name})\n\nText ![ ](/images/${PHOTO.name}).\n`,
    );
    expect(located(await checkProblems(dir))).toEqual([
      {
        code: 'missing-alt',
        file: 'content/pages/about.md',
        line: lineContaining(about, '![](/images'),
        field: undefined,
      },
      {
        code: 'missing-alt',
        file: 'content/pages/about.md',
        line: lineContaining(about, '![ ](/images'),
        field: undefined,
      },
    ]);
  });

  it("in a markdown block, is reported at its file line with the block's field", async () => {
    const dir = await siteWithPhoto();
    const about = await editText(
      dir,
      'pages/about.md',
      '---\n\n## Who we are',
      `blocks:\n  - type: body\n  - type: markdown\n    markdown: |\n      Our team at work.\n\n      ![](/images/${PHOTO.name})\n---\n\n## Who we are`,
    );
    expect(located(await checkProblems(dir))).toEqual([
      {
        code: 'missing-alt',
        file: 'content/pages/about.md',
        line: lineContaining(about, '![](/images'),
        field: 'blocks.1.markdown',
      },
    ]);
  });

  it("in a service's images, absent or empty, is reported at the entry with its field", async () => {
    const dir = await siteWithPhoto();
    const service = await editText(
      dir,
      'services/regular-cleaning.md',
      'blocks:\n',
      `images:\n  - src: /images/${PHOTO.name}\n  - src: /images/${PHOTO.name}\n    alt: ""\nblocks:\n`,
    );
    const lines = service.split('\n');
    const srcLines = lines.flatMap((line, i) => (line.includes('- src:') ? [i + 1] : []));
    expect(located(await checkProblems(dir))).toEqual([
      {
        code: 'missing-alt',
        file: 'content/services/regular-cleaning.md',
        line: srcLines[0],
        field: 'images.0.alt',
      },
      {
        code: 'missing-alt',
        file: 'content/services/regular-cleaning.md',
        line: lineContaining(service, 'alt: ""'),
        field: 'images.1.alt',
      },
    ]);
  });
});

describe('a missing image', () => {
  it('is reported where Markdown and front matter reference it, with the folder it should be in', async () => {
    const dir = await siteWithPhoto();
    const about = await editText(
      dir,
      'pages/about.md',
      'A small team in Orpington.\n',
      'A small team in Orpington.\n\n![Our van](/images/van.jpg)\n',
    );
    const service = await editText(
      dir,
      'services/regular-cleaning.md',
      'blocks:\n',
      'images:\n  - src: /images/mop.png\n    alt: A mop\nblocks:\n',
    );
    const error = await checkSite({
      projectRoot: path.dirname(dir),
      contentDir: dir,
      cacheDir: await tempDir('ssg-cache-'),
    }).catch((caught: unknown) => caught);
    const problems = [...(error as ContentError).problems].sort((a, b) =>
      b.file.localeCompare(a.file),
    );
    expect(located(problems)).toEqual([
      {
        code: 'missing-image',
        file: 'content/services/regular-cleaning.md',
        line: lineContaining(service, '- src: /images/mop.png'),
        field: 'images.0.src',
      },
      {
        code: 'missing-image',
        file: 'content/pages/about.md',
        line: lineContaining(about, '![Our van]'),
        field: undefined,
      },
    ]);
    expect(problems[1]!.message).toBe('There is no file content/images/van.jpg.');
  });

  it('includes a photo referenced from outside /images/', async () => {
    const dir = await siteWithPhoto();
    const about = await editText(
      dir,
      'pages/about.md',
      'A small team in Orpington.\n',
      `A small team in Orpington.\n\n![Our kitchen](/photos/${PHOTO.name})\n`,
    );
    const problems = await checkSite({
      projectRoot: path.dirname(dir),
      contentDir: dir,
      cacheDir: await tempDir('ssg-cache-'),
    }).catch((caught: unknown) => (caught as ContentError).problems);
    expect(problems).toEqual([
      {
        code: 'missing-image',
        file: 'content/pages/about.md',
        line: lineContaining(about, '![Our kitchen]'),
        field: undefined,
        message: `Write the path of a photo from the site root, as "/images/${PHOTO.name}", with the file in content/images/.`,
      },
    ]);
  });

  it('is reported with every other problem of the build', async () => {
    const dir = await siteWithPhoto();
    await editText(
      dir,
      'pages/about.md',
      'A small team in Orpington.\n',
      'A small team in Orpington.\n\n![](/images/van.jpg) [Prices](/prices)\n',
    );
    await editText(dir, 'faqs/pets.md', 'order: 2', 'order: second');
    expect(
      (await checkProblems(dir)).map((problem) => `${problem.file} ${problem.code}`).sort(),
    ).toEqual([
      'content/faqs/pets.md wrong-type',
      'content/pages/about.md broken-link',
      'content/pages/about.md missing-alt',
      'content/pages/about.md missing-image',
    ]);
  });
});

describe('an image that is not a photo from content/images/ or the media library', () => {
  it('is reported at its line, whatever its address: a script, data, another site, not a photo, none', async () => {
    const dir = await siteWithPhoto();
    const lines = [
      '![Our team](javascript:alert(1))',
      '![A dot](data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk)',
      '![The van](https://example.com/van.jpg)',
      '![The van](//example.com/van.jpg)',
      '![Our logo](/images/ardent-cleaning-logo.svg)',
      '![A map](/images/map)',
      '![Nothing]()',
    ];
    const about = await editText(
      dir,
      'pages/about.md',
      'A small team in Orpington.\n',
      `A small team in Orpington.\n\n${lines.join('\n\n')}\n`,
    );
    const error = await checkSite({
      projectRoot: path.dirname(dir),
      contentDir: dir,
      cacheDir: await tempDir('ssg-cache-'),
    }).catch((caught: unknown) => caught);
    const { problems } = error as ContentError;
    expect(problems.map(({ code, line, message }) => ({ code, line, message }))).toEqual([
      {
        code: 'unsupported-image',
        line: lineContaining(about, 'javascript:'),
        message: '"javascript:alert(1)" is not the address of a photo.',
      },
      {
        code: 'unsupported-image',
        line: lineContaining(about, 'data:'),
        message:
          'The image "data:image/png;base64,iVBORw0KGgoAAAANSU…" is written into the text instead of being a file.',
      },
      {
        code: 'unsupported-image',
        line: lineContaining(about, '(https:'),
        message: 'The image "https://example.com/van.jpg" would load from another site.',
      },
      {
        code: 'unsupported-image',
        line: lineContaining(about, '(//example'),
        message: 'The image "//example.com/van.jpg" would load from another site.',
      },
      {
        code: 'unsupported-image',
        line: lineContaining(about, '.svg)'),
        message: `"/images/ardent-cleaning-logo.svg" is not a JPEG, PNG, WebP or AVIF photo, the only images Markdown shows (a logo or icon goes in the field made for it, like a service's "icon").`,
      },
      {
        code: 'unsupported-image',
        line: lineContaining(about, '/images/map'),
        message: `"/images/map" is not a JPEG, PNG, WebP or AVIF photo, the only images Markdown shows (a logo or icon goes in the field made for it, like a service's "icon").`,
      },
      {
        code: 'unsupported-image',
        line: lineContaining(about, '![Nothing]'),
        message: 'The image has no address.',
      },
    ]);
    expect(new Set(problems.map((problem) => problem.file))).toEqual(
      new Set(['content/pages/about.md']),
    );
  });
});

describe('npm run build with image problems', () => {
  it('prints the editor report, not a stack trace, and writes nothing', async () => {
    const dir = await siteWithPhoto();
    await editText(
      dir,
      'pages/about.md',
      'A small team in Orpington.\n',
      `A small team in Orpington.\n\n![](/images/${PHOTO.name})\n\n![The van](/images/van.jpg)\n`,
    );
    const outDir = path.join(await tempDir('ssg-out-'), 'dist');
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve) => {
        execFile(
          process.execPath,
          ['scripts/run.mjs', 'build', '--content', dir, '--out', outDir],
          { cwd: PROJECT_ROOT, timeout: 30_000 },
          (error, stdout, stderr) =>
            resolve({
              code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
              stdout,
              stderr,
            }),
        );
      },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Content check failed: 2 problems in 1 file\.$/m);
    expect(result.stderr).toMatch(
      /pages\/about\.md:\d+ {2}An image has no alternative text \[missing-alt\]$/m,
    );
    expect(result.stderr).toMatch(
      /pages\/about\.md:\d+ {2}An image file does not exist \[missing-image\]$/m,
    );
    expect(result.stderr).toContain('There is no file ');
    expect(result.stderr).toContain('Nothing was written');
    expect(result.stderr).not.toMatch(/^\s+at /m);
  }, 40_000);
});
