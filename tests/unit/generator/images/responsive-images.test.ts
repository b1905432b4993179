// The images stage on generated photos: the files it writes, the <picture> markup, and the cache.
import path from 'node:path';
import sharp from 'sharp';
import type { BuiltFolder } from '../../../support/sites.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../../../src/generator/build-types.ts';
import { renderMarkdown } from '../../../../src/kernel/content/markdown.ts';
import { IMAGE_SETTINGS, widthsFor } from '../../../../src/generator/images/responsive-images.ts';
import {
  attributeOf,
  copyMinimalSite,
  editText,
  elementHtml,
  htmlPathOf,
  removeTempCopies,
} from '../../../support/sites.ts';
import {
  build,
  bytesOf,
  CUTOUT,
  PHOTO,
  removeTempDirs,
  tempDir,
  writeCutout,
  writePhoto,
} from '../../../support/image-fixtures.ts';

const PHOTO_ALT = 'A clean kitchen, seen from the door';
const NAME = /^assets\/images\/([a-z]+)-(\d+)-([0-9a-f]{10})\.(avif|webp|jpg|png)$/;

/** The minimal site with a photo in the about page's Markdown and two images on a service page. */
async function siteWithImages(): Promise<string> {
  const dir = await copyMinimalSite();
  await Promise.all([
    writePhoto(path.join(dir, 'images', PHOTO.name)),
    writeCutout(path.join(dir, 'images', CUTOUT.name)),
  ]);
  await editText(
    dir,
    'pages/about.md',
    'A small team in Orpington.\n',
    `A small team in Orpington.\n\n![${PHOTO_ALT}](/images/${PHOTO.name} "Our work")\n`,
  );
  await editText(
    dir,
    'services/regular-cleaning.md',
    'blocks:\n',
    `images:\n  - src: /images/${CUTOUT.name}\n    alt: The Tidy quality badge\n  - src: /images/${PHOTO.name}\n    alt: A kitchen after a regular clean\nblocks:\n`,
  );
  return dir;
}

let contentDir: string;
let cacheDir: string;
let first: { out: BuiltFolder; report: BuildReport };
let second: { out: BuiltFolder; report: BuildReport };

beforeAll(async () => {
  contentDir = await siteWithImages();
  cacheDir = await tempDir('ssg-cache-');
  first = await build(contentDir, cacheDir);
  second = await build(contentDir, cacheDir);
}, 120_000);
afterAll(async () => {
  await Promise.all([removeTempCopies(), removeTempDirs()]);
});

const imageFiles = (out: BuiltFolder) =>
  [...out.files.keys()].filter((file) => file.startsWith('assets/images/')).sort();
const filesOf = (out: BuiltFolder, base: string) =>
  imageFiles(out)
    .map((file) => NAME.exec(file))
    .filter((match) => match?.[1] === base)
    .map((match) => ({
      file: match![0],
      width: Number(match![2]),
      hash: match![3]!,
      ext: match![4]!,
    }));

describe('the files written for each image', () => {
  it('are AVIF and WebP at 480, 960 and 1440 wide, and a JPEG fallback at 960, for a 1600-wide photo', () => {
    const files = filesOf(first.out, 'kitchen');
    expect(files.map((file) => `${file.width}.${file.ext}`).sort()).toEqual([
      '1440.avif',
      '1440.webp',
      '480.avif',
      '480.webp',
      '960.avif',
      '960.jpg',
      '960.webp',
    ]);
  });

  it('are never wider than the source: an 800-wide image gets 480 and 800, and a PNG fallback for its transparency', () => {
    const files = filesOf(first.out, 'badge');
    expect(files.map((file) => `${file.width}.${file.ext}`).sort()).toEqual([
      '480.avif',
      '480.webp',
      '800.avif',
      '800.png',
      '800.webp',
    ]);
    expect(widthsFor(300)).toEqual([300]);
    expect(widthsFor(1440)).toEqual([...IMAGE_SETTINGS.widths]);
    expect(widthsFor(4000)).toEqual([...IMAGE_SETTINGS.widths]);
  });

  it('have the format and the width their names say, and the aspect ratio of the source', async () => {
    // What sharp reads of each kind of file: AVIF is HEIF with AV1; a PNG keeps the cut-out's
    // transparency, a JPEG has none.
    const expectedFormat: Record<string, Record<string, unknown>> = {
      avif: { format: 'heif', compression: 'av1' },
      webp: { format: 'webp' },
      jpg: { format: 'jpeg', hasAlpha: false },
      png: { format: 'png', hasAlpha: true },
    };
    const sources = { kitchen: PHOTO, badge: CUTOUT };
    for (const [base, source] of Object.entries(sources)) {
      for (const file of filesOf(first.out, base)) {
        const metadata = await sharp(bytesOf(first.out, file.file)).metadata();
        expect(metadata, file.file).toMatchObject(expectedFormat[file.ext]!);
        expect(metadata.width, file.file).toBe(file.width);
        expect(metadata.width).toBeLessThanOrEqual(source.width);
        expect(
          Math.abs(metadata.height - (file.width * source.height) / source.width),
          file.file,
        ).toBeLessThanOrEqual(1);
      }
    }
  });

  it('are named by one hash per source, and written under /assets/ (cached for a year)', () => {
    const kitchen = new Set(filesOf(first.out, 'kitchen').map((file) => file.hash));
    const badge = new Set(filesOf(first.out, 'badge').map((file) => file.hash));
    expect(kitchen.size).toBe(1);
    expect(badge.size).toBe(1);
    expect([...kitchen][0]).not.toBe([...badge][0]);
    expect(imageFiles(first.out)).toHaveLength(12);
    for (const file of imageFiles(first.out)) expect(file).toMatch(NAME);
  });
});

describe('the markup', () => {
  const about = () => first.out.text(htmlPathOf('/about'));

  it('turns a Markdown image into <picture> with AVIF, then WebP, sources and the fallback <img>', () => {
    const picture = elementHtml(about(), /<picture>/)!;
    expect(picture).toBeDefined();
    const [kitchen] = [...new Set(filesOf(first.out, 'kitchen').map((file) => file.hash))];
    const srcset = (ext: string) =>
      [480, 960, 1440]
        .map((width) => `/assets/images/kitchen-${width}-${kitchen}.${ext} ${width}w`)
        .join(', ');
    expect(attributeOf(picture, /<source type="image\/avif"[^>]*>/, 'srcset')).toBe(srcset('avif'));
    expect(attributeOf(picture, /<source type="image\/webp"[^>]*>/, 'srcset')).toBe(srcset('webp'));
    for (const type of ['avif', 'webp']) {
      expect(attributeOf(picture, new RegExp(`<source type="image/${type}"[^>]*>`), 'sizes')).toBe(
        '(min-width: 64em) 44rem, 100vw',
      );
    }
    expect(picture.indexOf('image/avif')).toBeLessThan(picture.indexOf('image/webp'));
    const img = /<img [^>]*>/;
    expect(attributeOf(picture, img, 'src')).toBe(`/assets/images/kitchen-960-${kitchen}.jpg`);
    expect(attributeOf(picture, img, 'width')).toBe('1600');
    expect(attributeOf(picture, img, 'height')).toBe('1000');
    expect(attributeOf(picture, img, 'alt')).toBe(PHOTO_ALT);
    expect(attributeOf(picture, img, 'loading')).toBe('lazy');
    expect(attributeOf(picture, img, 'decoding')).toBe('async');
    expect(attributeOf(picture, img, 'title')).toBe('Our work');
  });

  it("shows a service's images after its hero, as the same <picture> markup", () => {
    const html = first.out.text(htmlPathOf('/regular-cleaning'));
    const hero = html.indexOf('<section class="hero"');
    const images = html.indexOf('<div class="prose service-images">');
    expect(hero).toBeGreaterThan(-1);
    expect(images).toBeGreaterThan(hero);
    expect(images).toBeLessThan(html.indexOf('<section class="areas-list"'));
    const gallery = elementHtml(html, /<div class="prose service-images">/)!;
    const alts = [...gallery.matchAll(/<img [^>]*alt="([^"]*)"/g)].map((match) => match[1]);
    expect(alts).toEqual(['The Tidy quality badge', 'A kitchen after a regular clean']);
    expect(gallery.match(/<picture>/g)).toHaveLength(2);
    expect(gallery).toMatch(
      /<source type="image\/avif" srcSet="[^"]+" sizes="\(min-width: 64em\) 44rem, 100vw"\/>/i,
    );
    expect(attributeOf(gallery, /<img [^>]*>/, 'src')).toMatch(
      /^\/assets\/images\/badge-800-[0-9a-f]{10}\.png$/,
    );
    expect(attributeOf(gallery, /<img [^>]*>/, 'width')).toBe('800');
    expect(attributeOf(gallery, /<img [^>]*>/, 'height')).toBe('600');
  });

  it('points only at files the build wrote', () => {
    for (const route of ['/about', '/regular-cleaning']) {
      const html = first.out.text(htmlPathOf(route));
      const urls = [
        ...html.matchAll(/(?:srcset|srcSet|src)="([^"]*\/assets\/images\/[^"]*)"/g),
      ].flatMap((match) => match[1]!.split(', ').map((entry) => entry.split(' ')[0]!));
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect(first.out.files.has(url.slice(1)), url).toBe(true);
    }
  });
});

describe('the cache', () => {
  it('encodes every variant once; the next build reads them all back from .cache/', () => {
    // 12 raster variants and 2 Open Graph images.
    expect(first.report.images).toEqual({ encoded: 14, cached: 0 });
    expect(second.report.images).toEqual({ encoded: 0, cached: 14 });
    for (const file of imageFiles(first.out))
      expect(bytesOf(second.out, file).equals(bytesOf(first.out, file)), file).toBe(true);
    expect(second.out.text(htmlPathOf('/about'))).toBe(first.out.text(htmlPathOf('/about')));
  });

  it('encodes again only the image whose file changed, under a new name', async () => {
    const dir = await siteWithImages();
    const cache = await tempDir('ssg-cache-');
    const before = await build(dir, cache);
    await writePhoto(path.join(dir, 'images', PHOTO.name), 1200, 800);
    const after = await build(dir, cache);
    // The photo's 7 variants (480, 960 and 1200 wide now); the badge and the Open Graph images come from the cache.
    expect(after.report.images).toEqual({ encoded: 7, cached: 7 });
    const widths = filesOf(after.out, 'kitchen')
      .map((file) => `${file.width}.${file.ext}`)
      .sort();
    expect(widths).toEqual([
      '1200.avif',
      '1200.webp',
      '480.avif',
      '480.webp',
      '960.avif',
      '960.jpg',
      '960.webp',
    ]);
    expect(filesOf(after.out, 'kitchen')[0]!.hash).not.toBe(
      filesOf(before.out, 'kitchen')[0]!.hash,
    );
    expect(filesOf(after.out, 'badge')).toEqual(filesOf(before.out, 'badge'));
  }, 60_000);
});

describe('Markdown images', () => {
  it('are listed with their alt text and line, apart from the links', () => {
    const rendered = renderMarkdown(
      'Text and [a link](/about).\n\n![A photo](/images/a.jpg)\n\n![Logo][logo]\n\n[logo]: /images/logo.svg\n',
    );
    expect(rendered.links).toEqual([{ url: '/about', line: 1 }]);
    expect(rendered.images).toEqual([
      { url: '/images/a.jpg', alt: 'A photo', line: 3 },
      { url: '/images/logo.svg', alt: 'Logo', line: 5 },
    ]);
  });

  it('stay plain <img> elements when they are not processed (SVG, or no image map)', () => {
    const html = renderMarkdown('![Logo](/images/logo.svg) ![A photo](/images/a.jpg)').html;
    expect(html).toBe(
      '<p><img src="/images/logo.svg" alt="Logo"> <img src="/images/a.jpg" alt="A photo"></p>',
    );
  });
});
