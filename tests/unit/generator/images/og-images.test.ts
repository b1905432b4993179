// The Open Graph image of each branch: a 1200×630 PNG drawn from its logo, that every page names.
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { BuiltFolder } from '../../../support/sites.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../../../src/generator/build-types.ts';
import { DiskCache } from '../../../../src/generator/images/disk-cache.ts';
import { startOgImages } from '../../../../src/generator/images/og-images.tsx';
import {
  attributeOf,
  copyMinimalSite,
  editText,
  lineContaining,
  loadSite,
  PROJECT_ROOT,
  removeTempCopies,
  TEST_SITE_URL,
} from '../../../support/sites.ts';
import { build, bytesOf, removeTempDirs, tempDir } from '../../../support/image-fixtures.ts';

const TAGLINE = 'Home cleaning in Orpington and Bromley';
const WELLBEING_ROUTES = new Set(['/ardent-wellbeing', '/companionship-visits']);

let contentDir: string;
let cacheDir: string;
let first: { out: BuiltFolder; report: BuildReport };
let second: { out: BuiltFolder; report: BuildReport };

beforeAll(async () => {
  contentDir = await copyMinimalSite();
  await editText(
    contentDir,
    'site/business-profile.md',
    '    logo: /images/ardent-cleaning-logo.svg\n',
    `    logo: /images/ardent-cleaning-logo.svg\n    tagline: ${TAGLINE}\n`,
  );
  cacheDir = await tempDir('ssg-cache-');
  first = await build(contentDir, cacheDir);
  second = await build(contentDir, cacheDir);
}, 60_000);
afterAll(async () => {
  await Promise.all([removeTempCopies(), removeTempDirs()]);
});

const cards = (out: BuiltFolder) =>
  [...out.files.keys()].filter((file) => file.startsWith('assets/og/')).sort();
const meta = (html: string, attribute: 'property' | 'name', key: string) =>
  attributeOf(html, new RegExp(`<meta ${attribute}="${key}"[^>]*>`), 'content');

describe('the Open Graph images', () => {
  it('are one PNG a branch, 1200×630, named by a hash under /assets/og/', async () => {
    expect(cards(first.out)).toEqual([
      expect.stringMatching(/^assets\/og\/tidy-cleaning-[0-9a-f]{10}\.png$/),
      expect.stringMatching(/^assets\/og\/tidy-wellbeing-[0-9a-f]{10}\.png$/),
    ]);
    for (const file of cards(first.out)) {
      const metadata = await sharp(bytesOf(first.out, file)).metadata();
      expect([metadata.format, metadata.width, metadata.height], file).toEqual(['png', 1200, 630]);
    }
  });

  it('are drawn in the branch colour, with the logo on a light card', async () => {
    const [cleaning, wellbeing] = cards(first.out);
    const pixel = async (file: string, left: number, top: number) => {
      const { data } = await sharp(bytesOf(first.out, file))
        .extract({ left, top, width: 1, height: 1 })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return [...data];
    };
    expect(await pixel(cleaning!, 10, 10)).toEqual([0x0f, 0x5e, 0x63]);
    expect(await pixel(wellbeing!, 10, 10)).toEqual([0x6b, 0x3a, 0x6e]);
    expect(await pixel(cleaning!, 100, 100)).toEqual([0xff, 0xfd, 0xf8]);
    // The logo is drawn in the middle: the card is not blank there.
    const middle = await sharp(bytesOf(first.out, cleaning!))
      .extract({ left: 300, top: 200, width: 600, height: 200 })
      .stats();
    expect(middle.isOpaque).toBe(true);
    expect(middle.channels[0]!.min).toBeLessThan(100);
  });

  it("are what every page shares, with their size and type: the page's branch decides which", () => {
    const [cleaning, wellbeing] = cards(first.out);
    const pages = [...first.out.files.keys()].filter(
      (file) => file.endsWith('.html') && !/^\d{3}\.html$/.test(file),
    );
    expect(pages.length).toBe(13);
    for (const file of pages) {
      const html = first.out.text(file);
      const route = file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`;
      const expected = `${TEST_SITE_URL}/${WELLBEING_ROUTES.has(route) ? wellbeing : cleaning}`;
      expect(meta(html, 'property', 'og:image'), route).toBe(expected);
      expect(meta(html, 'property', 'og:image:type'), route).toBe('image/png');
      expect(meta(html, 'property', 'og:image:width'), route).toBe('1200');
      expect(meta(html, 'property', 'og:image:height'), route).toBe('630');
      expect(meta(html, 'property', 'og:image:alt'), route).toBe(
        WELLBEING_ROUTES.has(route) ? 'Tidy Wellbeing' : `Tidy Cleaning: ${TAGLINE}`,
      );
      expect(meta(html, 'name', 'twitter:image'), route).toBe(expected);
      expect(meta(html, 'name', 'twitter:card'), route).toBe('summary_large_image');
    }
  });

  it('are drawn once: the next build reads them from the cache', () => {
    // The minimal site has no photos: the two Open Graph images are all there is to encode.
    expect(first.report.images).toEqual({ encoded: 2, cached: 0 });
    expect(second.report.images).toEqual({ encoded: 0, cached: 2 });
    expect(cards(second.out)).toEqual(cards(first.out));
    for (const file of cards(first.out))
      expect(bytesOf(second.out, file).equals(bytesOf(first.out, file))).toBe(true);
  });

  it('change name when the tagline changes', async () => {
    const before = await startOgImages((await loadSite(contentDir)).content.profile, {
      publicDir: path.join(PROJECT_ROOT, 'public'),
      cache: new DiskCache(cacheDir),
    });
    await editText(contentDir, 'site/business-profile.md', TAGLINE, 'Regular and one-off cleaning');
    const after = await startOgImages((await loadSite(contentDir)).content.profile, {
      publicDir: path.join(PROJECT_ROOT, 'public'),
      cache: new DiskCache(cacheDir),
    });
    await Promise.all([before.files, after.files]);
    expect(after.images.cleaning!.path).not.toBe(before.images.cleaning!.path);
    expect(after.images.wellbeing!.path).toBe(before.images.wellbeing!.path);
    await editText(contentDir, 'site/business-profile.md', 'Regular and one-off cleaning', TAGLINE);
  });

  it('report a branch logo missing from public/ at its line in the business profile', async () => {
    const publicDir = await tempDir('ssg-public-');
    await mkdir(path.join(publicDir, 'images'));
    await copyFile(
      path.join(PROJECT_ROOT, 'public/images/ardent-cleaning-logo.svg'),
      path.join(publicDir, 'images/ardent-cleaning-logo.svg'),
    );
    const profile = (await loadSite(contentDir)).content.profile;
    const started = await startOgImages(profile, {
      publicDir,
      cache: new DiskCache(await tempDir('ssg-cache-')),
    });
    const text = await readFile(path.join(contentDir, 'site/business-profile.md'), 'utf8');
    expect(started.problems).toEqual([
      {
        code: 'missing-image',
        file: 'site/business-profile.md',
        line: lineContaining(text, 'logo: /images/ardent-wellbeing-logo.svg'),
        field: 'branches.wellbeing.logo',
        message:
          'There is no file public/images/ardent-wellbeing-logo.svg; the image shown when a Tidy Wellbeing page is shared is drawn from it.',
      },
    ]);
    expect(Object.keys(started.images)).toEqual(['cleaning']);
    expect((await started.files).files).toEqual([]);
  });
});
