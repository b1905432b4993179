// Nothing of the old README is lost in the split into a short README.md and docs/: every heading it
// had on 3336e46 still has a home, the same heading text in README.md or a docs/ page, unless it is
// named below as merged on purpose, with the reason. The README stays a front door, and each docs
// page says first whom it is for.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  documentationFiles,
  linkTarget,
  PROJECT_ROOT,
  readMarkdown,
} from '../support/markdown-docs.ts';

/** Every heading of README.md at 3336e46, as written (`git show 3336e46:README.md | grep '^#'`), before the split. */
const README_HEADINGS_3336E46 = [
  'Ardent website and its content-as-code generator',
  'Before launch',
  'A tour of the folders',
  'Content',
  'Adding a service or an area',
  'Images',
  'What a content error looks like',
  'The content lint',
  'Content pull requests',
  'Interactive widgets (islands)',
  'Enquiries',
  'The enquiries on /admin',
  'Sign-in and accounts',
  'Configuration for Netlify',
  'Locally: the Auth emulator',
  'The block builder',
  'Publishing from the builder',
  'Setting it up on GitHub and Netlify',
  'Locally: the same function, and real git instead of GitHub',
  'Media library',
  'Photos on Cloud Storage for Firebase',
  'Who may do what: `storage.rules`',
  'Locally: the Storage emulator',
  'Library photos in the build',
  'In the block builder',
  'Quality gates',
  'Build speed',
  'Measured (26 November 2026, 2 shared cores, Node 20)',
  'Deploying on Netlify',
  'URLs',
  'Deploy previews stay out of search engines',
  'Caching',
  'Warm Netlify builds',
  'Hand-written pieces, and why',
] as const;

/**
 * Sections whose heading is gone on purpose: the heading, where its text went (a link from the
 * project root, `docs/page.md#anchor`) and why. Keep it short: a section that keeps its heading
 * needs no entry.
 */
const MERGED_ON_PURPOSE: readonly {
  heading: (typeof README_HEADINGS_3336E46)[number];
  into: string;
  reason: string;
}[] = [
  {
    heading: 'Measured (26 November 2026, 2 shared cores, Node 20)',
    into: 'docs/performance.md#the-figures',
    reason:
      'the docs state rules and goals; each bench writes its own figures to bench/results/, which this section links',
  },
];

/** The pages the split made (issue 33), each for one audience. */
const DOCS_PAGES = [
  'owner-guide',
  'architecture',
  'content',
  'editing',
  'accounts-and-media',
  'enquiries',
  'quality',
  'performance',
  'deploying',
  'decisions',
];

const files = documentationFiles()
  .filter((file) => file !== 'CONTRIBUTING.md')
  .map(readMarkdown);
const homes = new Map<string, string[]>();
for (const { file, headings } of files)
  for (const { source } of headings) homes.set(source, [...(homes.get(source) ?? []), file]);

describe("the old README's sections", () => {
  it.each(
    README_HEADINGS_3336E46.filter(
      (heading) => !MERGED_ON_PURPOSE.some((merged) => merged.heading === heading),
    ),
  )('"%s" has a home in README.md or docs/', (heading) => {
    expect(
      homes.get(heading),
      `no heading "${heading}" in ${files.map(({ file }) => file).join(', ')}`,
    ).toBeDefined();
  });

  it('names as merged on purpose only old headings that are gone, each with where its text went and why', () => {
    for (const { heading, into, reason } of MERGED_ON_PURPOSE) {
      expect(README_HEADINGS_3336E46, heading).toContain(heading);
      expect(
        homes.get(heading),
        `"${heading}" still has a home (${homes.get(heading)?.join(', ')}): take it off the merged list`,
      ).toBeUndefined();
      expect(reason.length, `the reason "${heading}" was merged`).toBeGreaterThan(20);
      const target = linkTarget('README.md', into);
      const page = files.find(({ file }) => file === target.file);
      expect(page, `${heading} went into ${into}, which is not a documentation page`).toBeDefined();
      // A link to the page alone (no anchor) holds as it is.
      expect([undefined, ...page!.headings.map(({ slug }) => slug)], into).toContain(target.anchor);
    }
  });
});

describe('README.md and docs/', () => {
  it('keeps README.md a front door of at most 150 lines, opening with the two commands', () => {
    const readme = files.find(({ file }) => file === 'README.md')!;
    expect(readme.text.trimEnd().split('\n').length).toBeLessThanOrEqual(150);
    expect(readme.text).toMatch(
      /```sh\nnpm ci && npm start {4}# [^\n]+\n(?: {23}# [^\n]+\n)*npm test {15}# [^\n]+\n```/,
    );
  });

  it.each(DOCS_PAGES)(
    'docs/%s.md exists, is linked from README.md, and opens with whom it is for',
    (page) => {
      const file = `docs/${page}.md`;
      expect(existsSync(path.join(PROJECT_ROOT, file)), file).toBe(true);
      const { text } = readMarkdown(file);
      expect(
        files.find((markdown) => markdown.file === 'README.md')!.links.map(({ value }) => value),
      ).toContain(file);
      // A title, then a paragraph that starts by saying whom the page is for.
      expect(text, `${file} opens with "# Title" and a paragraph beginning "For …"`).toMatch(
        /^# [^\n]+\n\nFor /,
      );
    },
  );
});
