// Deriving the site after an edit (src/site/derive-edit.ts) gives what deriving the whole site
// gives: the same model, the same problems in the same order, or null when the edit needs the
// whole derivation. Each case edits one file of a copy of tests/fixtures/minimal-site.
import { afterAll, describe, expect, it } from 'vitest';
import { loadContent, type ContentEntry, type LoadedContent } from '../../../src/content/load-content.ts';
import { ContentError, type ContentProblem } from '../../../src/errors/problems.ts';
import { deriveEdit } from '../../../src/site/derive-edit.ts';
import { deriveAll, type DerivedSite } from '../../../src/site/site-model.ts';
import { copyMinimalSite, editText, FIXED_NOW, removeTempCopies, TEST_SITE_URL } from '../support/sites.ts';

afterAll(removeTempCopies);

const options = { builtAt: FIXED_NOW, siteUrl: TEST_SITE_URL };
const clean = { problems: [], invalid: { names: new Set<string>(), routes: new Set<string>() } };

/** The previous content with the edited file's entry put in its place, as the dev server assembles it. */
function withEdited(before: LoadedContent, after: LoadedContent, file: string): LoadedContent {
  const content: Record<string, unknown> = { ...before };
  for (const [key, value] of Object.entries(after)) {
    if (Array.isArray(value)) {
      const entries = value as ContentEntry<unknown>[];
      const index = entries.findIndex((entry) => entry.file === file);
      if (index >= 0) content[key] = (before[key as keyof LoadedContent] as ContentEntry<unknown>[]).with(index, entries[index]!);
    } else if ((value as ContentEntry<unknown>).file === file) content[key] = value;
  }
  return content as LoadedContent;
}

function outcome(derive: () => DerivedSite | null): DerivedSite | null | readonly ContentProblem[] {
  try {
    return derive();
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
}

/** Edits one file and derives the site both ways. */
async function deriveBothWays(file: string, from: string, to: string) {
  const dir = await copyMinimalSite();
  const previous = deriveAll(await loadContent({ contentDir: dir, displayRoot: dir }), options, clean);
  await editText(dir, file, from, to);
  const content = withEdited(previous.content, await loadContent({ contentDir: dir, displayRoot: dir }), file);
  return { edit: outcome(() => deriveEdit(previous, content, options)), full: outcome(() => deriveAll(content, options, clean)), previous };
}

describe('deriving an edit', () => {
  it.each([
    ['body text', 'areas/bromley.md', 'We clean flats', 'We clean flats, maisonettes'],
    ['an area name, which sorts the areas and shows in the menus', 'areas/bromley.md', 'name: Bromley', 'name: Zed Bromley'],
    ['a service name, which shows in the menus and the sidebar', 'services/regular-cleaning.md', 'name: ', 'name: Weekly '],
    ['a heading no link points to', 'areas/bromley.md', '## Cleaning in Bromley', '## Cleaners in Bromley'],
    ['a heading linked to from the same page', 'pages/about.md', 'We agree what', 'See [how](#how-we-work). We agree what'],
    ['an FAQ answer', 'faqs/pets.md', '\n---\n', '\n---\n\nA new first line.\n'],
  ])('%s: the same model as the whole derivation', async (_what, file, from, to) => {
    const { edit, full, previous } = await deriveBothWays(file, from, to);
    expect(edit).not.toBeNull();
    expect(Array.isArray(edit)).toBe(false);
    const { site, targets, fragmentLinks } = edit as DerivedSite;
    const expected = full as DerivedSite;
    expect(site).toEqual(expected.site);
    expect(targets).toEqual(expected.targets);
    expect([...fragmentLinks].map(([entry, keys]) => [entry.file, keys]).sort()).toEqual([...expected.fragmentLinks].map(([entry, keys]) => [entry.file, keys]).sort());
    // What the edit did not touch is the previous model's own objects.
    const untouched = site.pages.filter((page) => page.file !== file);
    expect(untouched.every((page) => previous.site.pages.includes(page))).toBe(true);
  });

  it.each([
    ['a broken link', 'areas/bromley.md', 'We clean flats', 'We clean [flats](/flats)'],
    ['a link to a missing heading', 'areas/bromley.md', 'We clean flats', 'We clean [flats](/about#flats)'],
    ['an unknown reference', 'areas/bromley.md', '  - regular-cleaning\n', '  - regular-cleaning\n  - window-washing\n'],
    ['a second h1', 'faqs/pets.md', '\n---\n', '\n---\n\n# Pets\n'],
    ['a body with no body block', 'pages/about.md', 'heading: About Tidy\n', 'heading: About Tidy\nblocks:\n  - type: hero\n    heading: About\n'],
  ])('%s: the same problems, in the same order, as the whole derivation', async (_what, file, from, to) => {
    const { edit, full } = await deriveBothWays(file, from, to);
    expect(Array.isArray(full) && full.length).toBeGreaterThan(0);
    expect(edit).toEqual(full);
  });

  it.each([
    ['a new slug', 'areas/bromley.md', 'slug: bromley', 'slug: bromley-town'],
    ['a new route', 'pages/privacy-policy.md', 'route: /privacy-policy', 'route: /privacy'],
    ['a heading another page links to', 'pages/about.md', '## Who we are', '## About us'],
    ['the navigation', 'site/navigation.md', 'heading:', 'heading: More'],
  ])('%s: left to the whole derivation', async (_what, file, from, to) => {
    const { edit } = await deriveBothWays(file, from, to);
    expect(edit).toBeNull();
  });
});
