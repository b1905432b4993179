// The owner's guide shows only screenshots that exist, and every screenshot `npm run docs:screens`
// leaves in docs/owner-guide/ is shown: a renamed or dropped screen fails here rather than leaving
// the owner a broken picture. The README links the guide before any other page.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isExternal, PROJECT_ROOT, readMarkdown } from '../support/markdown-docs.ts';

const GUIDE = 'docs/owner-guide.md';
const SCREENS_DIR = 'docs/owner-guide';
/** The screenshots are 256-colour PNGs of one window each: together they stay small for the repository. */
const MAX_TOTAL_BYTES = 800_000;

const guide = readMarkdown(GUIDE);
const images = [...guide.text.matchAll(/!\[([^\]]*)\]\(([^)\s]+)\)/g)].map(([, alt, src]) => ({
  alt: alt!,
  file: path.posix.join(path.posix.dirname(GUIDE), src!),
}));
const screens = readdirSync(path.join(PROJECT_ROOT, SCREENS_DIR))
  .filter((name) => name.endsWith('.png'))
  .map((name) => `${SCREENS_DIR}/${name}`);

describe('the owner guide', () => {
  it('shows pictures', () => {
    expect(images.length).toBeGreaterThan(0);
  });

  it('names only screenshots that exist, each with words for who cannot see it', () => {
    const missing = images.filter(({ file }) => !screens.includes(file)).map(({ file }) => file);
    expect(missing, `run npm start, then npm run docs:screens`).toEqual([]);
    const unsaid = images.filter(({ alt }) => alt.trim().length < 10).map(({ file }) => file);
    expect(unsaid).toEqual([]);
  });

  it('shows every screenshot in docs/owner-guide/', () => {
    const shown = new Set(images.map(({ file }) => file));
    expect(screens.filter((file) => !shown.has(file))).toEqual([]);
  });

  it('keeps the screenshots small', () => {
    const total = screens.reduce(
      (sum, file) => sum + statSync(path.join(PROJECT_ROOT, file)).size,
      0,
    );
    expect(total).toBeLessThanOrEqual(MAX_TOTAL_BYTES);
  });

  it('is the first page the README links to', () => {
    const readme = readMarkdown('README.md');
    const pages = readme.links
      .map(({ value }) => value)
      .filter((value) => !isExternal(value) && !value.startsWith('#'));
    expect(pages[0]).toBe(GUIDE);
  });
});
