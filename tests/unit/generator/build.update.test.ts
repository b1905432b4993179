// `npm run dev` keeps one build session and updates it after each change. After every kind of
// edit, the output folder it leaves is the one a fresh full build makes of the same content, byte
// for byte: pages, menus, listings, structured data, sitemap and build files alike.
import { cp, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Site } from '../../../src/generator/build.ts';
import { type BuildReport } from '../../../src/generator/build-types.ts';
import { ContentError } from '../../../src/kernel/errors/problems.ts';
import { writePhoto } from '../../support/image-fixtures.ts';
import {
  BuiltFolder,
  buildInto,
  editText,
  FIXED_NOW,
  PROJECT_ROOT,
  REAL_CONTENT,
  TEST_SITE_URL,
} from '../../support/sites.ts';

let root: string;
let contentDir: string;
let outDir: string;
let session: Site;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'build-update-'));
  contentDir = path.join(root, 'content');
  outDir = path.join(root, 'dist');
  await cp(REAL_CONTENT, contentDir, { recursive: true });
  session = await Site.open({
    projectRoot: PROJECT_ROOT,
    contentDir,
    outDir,
    cacheDir: path.join(root, 'cache'),
    siteUrl: TEST_SITE_URL,
    clock: () => FIXED_NOW,
  });
  await session.build();
}, 60_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const file = (relative: string) => path.join(contentDir, relative);

/** The session's output after the update is what a fresh build without any cache makes. */
async function expectSameAsFreshBuild(): Promise<void> {
  const [updated, fresh] = await Promise.all([
    BuiltFolder.read(outDir),
    buildInto(contentDir, { cacheDir: false }),
  ]);
  expect([...updated.files.keys()]).toEqual([...fresh.out.files.keys()]);
  for (const [name, contents] of fresh.out.files)
    expect(Buffer.compare(updated.files.get(name)!, contents), `${name} differs`).toBe(0);
}

/** Updates the session with the changed files, and expects the output a fresh build makes. */
async function expectUpdate(...relative: string[]): Promise<BuildReport> {
  const report = await session.update(relative.map(file));
  await expectSameAsFreshBuild();
  return report;
}

describe('a dev update', () => {
  it('renders only the edited page when its own text changes', async () => {
    await editText(
      contentDir,
      'areas/bickley.md',
      '## Planning a clean for a large house',
      '## Planning a clean for a larger house',
    );
    const report = await expectUpdate('areas/bickley.md');
    expect(report.work).toMatchObject({ loaded: 1, rendered: 1 });
  });

  it("renders the pages with menus when a field the menus show changes (an area's name)", async () => {
    await editText(contentDir, 'areas/bromley.md', '\nname: Bromley', '\nname: Bromley Town');
    const report = await expectUpdate('areas/bromley.md');
    expect(report.work.rendered).toBeGreaterThan(report.work.renders / 2);
  });

  it('adds an area to the menus, and takes it out again', async () => {
    await editText(
      contentDir,
      'areas/keston-bromley.md',
      'inNavigation: false',
      'inNavigation: true',
    );
    await expectUpdate('areas/keston-bromley.md');
    await editText(
      contentDir,
      'areas/keston-bromley.md',
      'inNavigation: true',
      'inNavigation: false',
    );
    await expectUpdate('areas/keston-bromley.md');
  });

  it("follows a service's summary onto the cards that list it, and its description onto its own page", async () => {
    await editText(
      contentDir,
      'services/oven-cleaning-services.md',
      '\nsummary: ',
      '\nsummary: Spotless. ',
    );
    await expectUpdate('services/oven-cleaning-services.md');
    await editText(
      contentDir,
      'services/oven-cleaning-services.md',
      '\ndescription: ',
      '\ndescription: Local. ',
    );
    await expectUpdate('services/oven-cleaning-services.md');
  });

  it('follows an FAQ answer, the business profile, a contact file, the navigation and an error page', async () => {
    await editText(contentDir, 'faqs/pets.md', '\n---\n', '\n---\n\nWe love pets. ');
    await expectUpdate('faqs/pets.md');
    await editText(contentDir, 'site/business-profile.md', 'legalName: ', 'legalName: The ');
    await expectUpdate('site/business-profile.md');
    await editText(
      contentDir,
      'contact/about-contact.md',
      'title: Talk to the team',
      'title: Talk to our team',
    );
    await expectUpdate('contact/about-contact.md');
    await editText(contentDir, 'site/navigation.md', 'heading: ', 'heading: All ');
    await expectUpdate('site/navigation.md');
    await editText(contentDir, 'errors/404.md', 'Page not found', 'Page Not Found');
    await expectUpdate('errors/404.md');
  });

  it('adds a page, with its route, sitemap entry and links, and removes it again', async () => {
    const page = [
      '---',
      'route: /spring-offer',
      'title: Spring cleaning offer | Ardent',
      'description: A spring clean for homes in Orpington and Bromley, booked before the end of April, with the oven included.',
      'heading: Our spring offer',
      '---',
      '',
      'Book a [deep clean](/deep-cleaning-services) before the end of April.',
      '',
    ].join('\n');
    await writeFile(file('pages/spring-offer.md'), page);
    const added = await expectUpdate('pages/spring-offer.md');
    expect(added.site.byRoute.has('/spring-offer')).toBe(true);
    await unlink(file('pages/spring-offer.md'));
    const removed = await expectUpdate('pages/spring-offer.md');
    expect(removed.site.byRoute.has('/spring-offer')).toBe(false);
  });

  it('shows a photo added to a page, and its new variants when only the photo changes', async () => {
    await writePhoto(file('images/team.jpg'), 1200, 800);
    await editText(
      contentDir,
      'pages/about.md',
      '\n---\n',
      '\n---\n\n![The team at work in a kitchen](/images/team.jpg)\n',
    );
    await expectUpdate('images/team.jpg', 'pages/about.md');
    await writePhoto(file('images/team.jpg'), 1000, 700);
    const report = await expectUpdate('images/team.jpg');
    expect(report.work.loaded).toBe(1);
  });

  it('reports a broken link, leaves the output as it was, and takes the fix in', async () => {
    const before = await BuiltFolder.read(outDir);
    await editText(
      contentDir,
      'areas/chelsfield.md',
      '](/cleaning-services-',
      '](/cleaning-services-nowhere-',
    );
    const error = await session.update([file('areas/chelsfield.md')]).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(
      ContentError.is(error) && error.problems.map((problem) => [problem.code, problem.file]),
    ).toEqual([['broken-link', path.relative(PROJECT_ROOT, file('areas/chelsfield.md'))]]);
    const after = await BuiltFolder.read(outDir);
    expect([...after.files.keys()]).toEqual([...before.files.keys()]);
    for (const [name, contents] of before.files)
      expect(Buffer.compare(after.files.get(name)!, contents), `${name} changed`).toBe(0);
    // The fix comes with an unrelated edit: the failed file is taken in again too.
    await editText(
      contentDir,
      'areas/chelsfield.md',
      '](/cleaning-services-nowhere-',
      '](/cleaning-services-',
    );
    await editText(
      contentDir,
      'areas/bickley.md',
      '## Planning a clean for a larger house',
      '## Planning a clean for a large house',
    );
    await session.update([file('areas/bickley.md')]);
    await expectSameAsFreshBuild();
  });

  it("reports a link to a heading that another page's edit took away, in the file that links, and not again once it is back", async () => {
    await editText(
      contentDir,
      'areas/chelsfield.md',
      '](/cleaning-services-',
      '](/cleaning-services-bickley#planning-a-clean-for-a-large-house) and [more](/cleaning-services-',
    );
    await expectUpdate('areas/chelsfield.md');
    // Only the linked page changes: the page that links is checked again all the same.
    await editText(
      contentDir,
      'areas/bickley.md',
      '## Planning a clean for a large house',
      '## Planning a clean for a larger house',
    );
    const error = await session.update([file('areas/bickley.md')]).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(
      ContentError.is(error) && error.problems.map((problem) => [problem.code, problem.file]),
    ).toEqual([['missing-anchor', path.relative(PROJECT_ROOT, file('areas/chelsfield.md'))]]);
    await editText(
      contentDir,
      'areas/bickley.md',
      '## Planning a clean for a larger house',
      '## Planning a clean for a large house',
    );
    await expectUpdate('areas/bickley.md');
    await editText(
      contentDir,
      'areas/chelsfield.md',
      '](/cleaning-services-bickley#planning-a-clean-for-a-large-house) and [more](/cleaning-services-',
      '](/cleaning-services-',
    );
    await expectUpdate('areas/chelsfield.md');
  });
});
