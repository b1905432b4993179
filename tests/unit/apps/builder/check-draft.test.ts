// The builder's checks are the build's: for a draft, they find what `npm run check` finds in the
// file the draft exports, with the same codes, fields, lines and words.
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSite } from '../../../../src/generator/build.ts';
import { checkDraft } from '../../../../src/apps/builder/check-draft.ts';
import { addBlock, draftFromPayload, exportPath, exportText, newDraft, setBody, setField, type Draft } from '../../../../src/apps/builder/draft.ts';
import { ContentError, type ContentProblem } from '../../../../src/kernel/errors/problems.ts';
import { lintSite } from '../../../../src/generator/lint/lint-site.ts';
import { builderFixture, renderForLint, type BuilderFixture } from '../../../support/builder-site.ts';
import { PROJECT_ROOT, REAL_CONTENT } from '../../../support/sites.ts';

let fixture: BuilderFixture;
const temporary: string[] = [];
beforeAll(async () => {
  fixture = await builderFixture();
});
afterAll(async () => {
  await Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** What `npm run check` reports for the draft's file, dropped into a copy of content/. */
async function checkInBuild(draft: Draft): Promise<ContentProblem[]> {
  const root = await mkdtemp(path.join(tmpdir(), 'builder-check-'));
  temporary.push(root);
  const contentDir = path.join(root, 'content');
  await cp(REAL_CONTENT, contentDir, { recursive: true });
  const file = path.join(root, exportPath(draft));
  await writeFile(file, exportText(draft));
  const shown = (problems: readonly ContentProblem[]) => problems.filter((problem) => problem.file === exportPath(draft)).sort(byField);
  try {
    const { content, site, images } = await checkSite({ projectRoot: root, contentDir, cacheDir: false });
    return shown((await lintSite({ content, site, images, root })).problems);
  } catch (error) {
    if (ContentError.is(error)) return shown(error.problems);
    throw error;
  }
}

const byField = (a: ContentProblem, b: ContentProblem) => (a.field ?? '').localeCompare(b.field ?? '') || a.code.localeCompare(b.code) || a.message.localeCompare(b.message);
const inBuilder = (draft: Draft) => checkDraft(draft, fixture.site, renderForLint).problems.sort(byField);

function springOffer(): Draft {
  let draft = newDraft('page', 'd', 0);
  for (const [field, value] of Object.entries({
    route: '/spring-offer',
    title: 'Spring Cleaning Offer in Orpington | Ardent',
    description: 'A spring clean for homes in Orpington and Bromley, booked in March or April, with the oven and windows done on the same day.',
    heading: 'Spring cleaning offer',
  })) {
    draft = setField(draft, [field], value, 1);
  }
  draft = addBlock(draft, { type: 'hero', lead: 'A fresh start for your home this spring.' }, 0, 1);
  draft = addBlock(draft, { type: 'body' }, 1, 1);
  draft = addBlock(draft, { type: 'areas-list', heading: 'Where we offer it', areas: ['orpington', 'bromley'] }, 2, 1);
  draft = addBlock(draft, { type: 'call-to-action', heading: 'Book your spring clean', action: { label: 'Contact us', href: '/contact' } }, 3, 1);
  return setBody(draft, '## What is included\n\nKitchens, bathrooms and floors, done properly.\n', 1);
}

describe('the builder checks a draft as the build checks its file', () => {
  it('passes a valid page, as npm run check does', async () => {
    const draft = springOffer();
    expect(inBuilder(draft)).toEqual([]);
    expect(await checkInBuild(draft)).toEqual([]);
  });

  it('reports the same references, links and anchors that do not exist, at the same fields and lines', async () => {
    let draft = springOffer();
    draft = setField(draft, ['blocks', 2, 'areas'], ['orpington', 'nowhere'], 2);
    draft = setField(draft, ['blocks', 3, 'action', 'href'], '/contact#opening-times', 2);
    draft = setBody(draft, '## What is included\n\nSee [our prices](/prices) and [the oven clean](/oven-cleaning-services#what-is-included).\n', 2);
    const problems = inBuilder(draft);
    expect(problems.map((problem) => problem.code)).toEqual(['broken-link', 'unknown-reference', 'missing-anchor']);
    expect(problems).toEqual(await checkInBuild(draft));
  });

  it('reports the same lint problems: description length, title length, headings and US spellings', async () => {
    let draft = springOffer();
    draft = setField(draft, ['description'], 'Too short to be useful.', 2);
    draft = setField(draft, ['title'], 'Spring Cleaning Offer in Orpington, Bromley and Beckenham | Ardent', 2);
    draft = setBody(draft, '#### What is included\n\nWe organize the kitchen and the color of the grout comes back.\n', 2);
    const problems = inBuilder(draft);
    expect(problems.map((problem) => problem.code).sort()).toEqual(['description-too-short', 'skipped-heading-level', 'title-too-long', 'us-spelling', 'us-spelling'].sort());
    expect(problems).toEqual(await checkInBuild(draft));
  });

  it('reports the same HTML and image addresses the page would not show, in the body and in a markdown block', async () => {
    let draft = springOffer();
    draft = addBlock(draft, { type: 'markdown', markdown: '## Before and after\n\n<div class="gallery">\n\n![The oven](javascript:alert(1))\n' }, 2, 2);
    draft = setBody(draft, '## What is included\n\nKitchens, <b>bathrooms</b> and floors. ![A clean floor](https://example.com/floor.jpg)\n', 2);
    const problems = inBuilder(draft);
    expect(problems.map((problem) => `${problem.field ?? 'body'} ${problem.code}`)).toEqual(['body raw-html', 'body unsupported-image', 'blocks.2.markdown raw-html', 'blocks.2.markdown unsupported-image']);
    expect(problems).toEqual(await checkInBuild(draft));
  });

  it('reports schema problems with the loader\'s words', async () => {
    let draft = springOffer();
    draft = setField(draft, ['route'], '/Spring Offer', 2);
    draft = setField(draft, ['blocks', 3, 'heading'], undefined, 2);
    const problems = inBuilder(draft);
    expect(problems.map((problem) => problem.field)).toEqual(['blocks.3.heading', 'route']);
    expect(problems).toEqual(await checkInBuild(draft));
  });

  it('does not report an existing page opened for editing as a duplicate of itself', () => {
    for (const payload of fixture.payloads) {
      expect(checkDraft(draftFromPayload(payload, 'd', 0), fixture.site, renderForLint).problems, payload.path).toEqual([]);
    }
  });

  it('reports a new page at an address the site already has', () => {
    const draft = setField(springOffer(), ['route'], '/about', 2);
    expect(inBuilder(draft)).toContainEqual(expect.objectContaining({ code: 'duplicate-route', field: 'route', message: 'The address "/about" is also the address of content/pages/about.md.' }));
  });
});
