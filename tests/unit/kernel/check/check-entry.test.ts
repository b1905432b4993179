// checkEntry (src/kernel/check/check-entry.ts) is the one way a content file is checked: a draft's
// file, dropped into a copy of the real content, gets the same problems (codes, fields, lines and
// words) from the build (`npm run build`: its content error, or its content health's warnings),
// from `npm run check` (the content check and the lint) and from the block builder.
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDraft } from '../../../../src/apps/builder/check-draft.ts';
import {
  addBlock,
  draftFromPayload,
  exportPath,
  exportText,
  newDraft,
  setBody,
  setField,
  type Draft,
} from '../../../../src/apps/builder/draft.ts';
import { checkSite, Site } from '../../../../src/generator/build.ts';
import { lintSite } from '../../../../src/generator/lint/lint-site.ts';
import { ContentError, type ContentProblem } from '../../../../src/kernel/errors/problems.ts';
import { BuildFile, type ContentHealth } from '../../../../src/kernel/wire/build-files.ts';
import { builderFixture, lintFor, type BuilderFixture } from '../../../support/builder-site.ts';
import { PROJECT_ROOT, REAL_CONTENT } from '../../../support/sites.ts';

let fixture: BuilderFixture;
let root: string;
beforeAll(async () => {
  fixture = await builderFixture();
  // A project of its own with this one's code (the bundle names its entries by their paths there), so that the build's cache serves every case.
  root = await mkdtemp(path.join(tmpdir(), 'check-entry-'));
  for (const part of ['src', 'public', 'package.json', 'package-lock.json'])
    await cp(path.join(PROJECT_ROOT, part), path.join(root, part), { recursive: true });
  await symlink(path.join(PROJECT_ROOT, 'node_modules'), path.join(root, 'node_modules'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

type Found = Pick<ContentProblem, 'code' | 'file' | 'line' | 'field' | 'message'>;
const found = ({ code, file, line, field, message }: ContentProblem): Found => ({
  code,
  file,
  line,
  ...(field === undefined ? {} : { field }),
  message,
});

/** The draft's file in a fresh copy of content/, checked by `npm run check` and built by `npm run build`: the problems each finds in that file. */
async function inCheckAndBuild(draft: Draft): Promise<{ check: Found[]; build: Found[] }> {
  const dir = root;
  const contentDir = path.join(dir, 'content');
  await rm(contentDir, { recursive: true, force: true });
  await cp(REAL_CONTENT, contentDir, { recursive: true });
  await writeFile(path.join(dir, exportPath(draft)), exportText(draft));
  const mine = (problems: readonly ContentProblem[]) =>
    problems
      .filter((problem) => problem.file === exportPath(draft))
      .map(found)
      .sort(byField);
  const options = { projectRoot: dir, contentDir };
  let check: Found[];
  try {
    const { content, site, images } = await checkSite(options);
    check = mine((await lintSite({ content, site, images, root: dir })).problems);
  } catch (error) {
    if (!ContentError.is(error)) throw error;
    check = mine(error.problems);
  }
  const session = await Site.open({ ...options, outDir: path.join(dir, 'dist') });
  let build: Found[];
  try {
    await session.build();
    const health = JSON.parse(
      await readFile(path.join(dir, 'dist', BuildFile.ContentHealth), 'utf8'),
    ) as ContentHealth;
    build = mine(health.lint.warnings as ContentProblem[]);
  } catch (error) {
    if (!ContentError.is(error)) throw error;
    build = mine(error.problems);
  }
  return { check, build };
}

/** The three agree on the draft's problems; the builder's, for the test to look at. */
async function problemsOf(draft: Draft): Promise<Found[]> {
  const inBuilder = (await checkDraft(draft, fixture.site, lintFor(fixture.site))).problems
    .map(found)
    .sort(byField);
  const { check, build } = await inCheckAndBuild(draft);
  expect(check, 'npm run check').toEqual(inBuilder);
  expect(build, 'npm run build').toEqual(inBuilder);
  return inBuilder;
}

const byField = (a: ContentProblem, b: ContentProblem) =>
  (a.field ?? '').localeCompare(b.field ?? '') ||
  a.code.localeCompare(b.code) ||
  a.message.localeCompare(b.message);

function springOffer(): Draft {
  let draft = newDraft('page', 'd', 0);
  for (const [field, value] of Object.entries({
    route: '/spring-offer',
    title: 'Spring Cleaning Offer in Orpington | Ardent',
    description:
      'A spring clean for homes in Orpington and Bromley, booked in March or April, with the oven and windows done on the same day.',
    heading: 'Spring cleaning offer',
  })) {
    draft = setField(draft, [field], value, 1);
  }
  draft = addBlock(draft, { type: 'hero', lead: 'A fresh start for your home this spring.' }, 0, 1);
  draft = addBlock(draft, { type: 'body' }, 1, 1);
  draft = addBlock(
    draft,
    { type: 'areas-list', heading: 'Where we offer it', areas: ['orpington', 'bromley'] },
    2,
    1,
  );
  draft = addBlock(
    draft,
    {
      type: 'call-to-action',
      heading: 'Book your spring clean',
      action: { label: 'Contact us', href: '/contact' },
    },
    3,
    1,
  );
  return setBody(
    draft,
    '## What is included\n\nKitchens, bathrooms and floors, done properly.\n',
    1,
  );
}

describe('a file is checked the same way by the build, npm run check and the builder', () => {
  it('passes a valid page, as npm run check does', async () => {
    expect(await problemsOf(springOffer())).toEqual([]);
  });

  it('reports the same references, links and anchors that do not exist, at the same fields and lines', async () => {
    let draft = springOffer();
    draft = setField(draft, ['blocks', 2, 'areas'], ['orpington', 'nowhere'], 2);
    draft = setField(draft, ['blocks', 3, 'action', 'href'], '/contact#opening-times', 2);
    draft = setBody(
      draft,
      '## What is included\n\nSee [our prices](/prices) and [the oven clean](/oven-cleaning-services#what-is-included).\n',
      2,
    );
    expect((await problemsOf(draft)).map((problem) => problem.code)).toEqual([
      'broken-link',
      'unknown-reference',
      'missing-anchor',
    ]);
  });

  it('reports the same lint problems: description length, title length, headings and US spellings', async () => {
    let draft = springOffer();
    draft = setField(draft, ['description'], 'Too short to be useful.', 2);
    draft = setField(
      draft,
      ['title'],
      'Spring Cleaning Offer in Orpington, Bromley and Beckenham | Ardent',
      2,
    );
    draft = setBody(
      draft,
      '#### What is included\n\nWe organize the kitchen and the color of the grout comes back.\n',
      2,
    );
    expect((await problemsOf(draft)).map((problem) => problem.code).sort()).toEqual(
      [
        'description-too-short',
        'skipped-heading-level',
        'title-too-long',
        'us-spelling',
        'us-spelling',
      ].sort(),
    );
  });

  it('reports the same HTML and image addresses the page would not show, in the body and in a markdown block', async () => {
    let draft = springOffer();
    draft = addBlock(
      draft,
      {
        type: 'markdown',
        markdown:
          '## Before and after\n\n<div class="gallery">\n\n![The oven](javascript:alert(1))\n',
      },
      2,
      2,
    );
    draft = setBody(
      draft,
      '## What is included\n\nKitchens, <b>bathrooms</b> and floors. ![A clean floor](https://example.com/floor.jpg)\n',
      2,
    );
    expect(
      (await problemsOf(draft)).map((problem) => `${problem.field ?? 'body'} ${problem.code}`),
    ).toEqual([
      'body raw-html',
      'body unsupported-image',
      'blocks.2.markdown raw-html',
      'blocks.2.markdown unsupported-image',
    ]);
  });

  it("reports schema problems with the loader's words", async () => {
    let draft = springOffer();
    draft = setField(draft, ['route'], '/Spring Offer', 2);
    draft = setField(draft, ['blocks', 3, 'heading'], undefined, 2);
    expect((await problemsOf(draft)).map((problem) => problem.field)).toEqual([
      'blocks.3.heading',
      'route',
    ]);
  });

  it('does not report an existing page opened for editing as a duplicate of itself', async () => {
    for (const payload of fixture.payloads) {
      expect(
        (await checkDraft(draftFromPayload(payload, 'd', 0), fixture.site, lintFor(fixture.site)))
          .problems,
        payload.path,
      ).toEqual([]);
    }
  });

  it('reports a new page at an address the site already has', async () => {
    const draft = setField(springOffer(), ['route'], '/about', 2);
    expect((await checkDraft(draft, fixture.site, lintFor(fixture.site))).problems).toContainEqual(
      expect.objectContaining({
        code: 'duplicate-route',
        field: 'route',
        message: 'The address "/about" is also the address of content/pages/about.md.',
      }),
    );
  });
});
