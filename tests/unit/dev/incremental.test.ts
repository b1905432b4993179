// The dev server's incremental rebuilds: which pages a Markdown change renders again, whether the
// site is derived again from the edit alone or in full, and that the output folder then holds
// exactly what a full build of the changed content makes. Pages are
// compared with a fresh full build, never with stored copies, so this holds whatever the templates
// render.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generate, type SyntheticArea } from '../../../bench/generate.ts';
import { buildSite } from '../../../src/build.ts';
import { IncrementalSite, schemaOfPath, type UpdateResult } from '../../../src/dev/incremental.ts';
import { DiskWriter, MemoryWriter } from '../../../src/emit/writer.ts';
import { editText, lineContaining, PROJECT_ROOT, REAL_CONTENT, silentLogger, TEST_SITE_URL } from '../support/sites.ts';

let root: string;
let contentDir: string;
let outDir: string;
let cacheDir: string;
let areas: SyntheticArea[];
let site: IncrementalSite;

/** Build ids and times differ between builds; everything else must not. */
const BUILD_STAMPED = new Set(['build-manifest.json', 'latest-build.json']);

function filesIn(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const file = path.join(dir, name);
    if (statSync(file).isFile()) files.set(name.split(path.sep).join('/'), readFileSync(file, 'utf8'));
  }
  return files;
}

async function fullBuild(): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  site.beginFullBuild();
  const report = await buildSite({ projectRoot: PROJECT_ROOT, contentDir, cacheDir, writer: new DiskWriter(outDir), logger: silentLogger, siteUrl: TEST_SITE_URL, speed: { workers: 0, observer: site.observer } });
  await site.fullBuildDone({ ok: true, buildId: report.buildId });
}

/** What a full build of the content as it is now writes, without any cache. */
async function freshBuild(): Promise<Map<string, string>> {
  const writer = new MemoryWriter();
  await buildSite({ projectRoot: PROJECT_ROOT, contentDir, cacheDir, writer, logger: silentLogger, siteUrl: TEST_SITE_URL, speed: { workers: 0, cache: false } });
  return new Map([...writer.files.keys()].map((file) => [file, writer.text(file)]));
}

/** The output folder holds what a full build makes, but for the build id and time. */
async function expectSameAsFullBuild(): Promise<void> {
  const fresh = await freshBuild();
  const written = filesIn(outDir);
  expect([...written.keys()].filter((file) => !file.startsWith('assets/')).sort()).toEqual([...fresh.keys()].filter((file) => !file.startsWith('assets/')).sort());
  for (const [file, text] of fresh) {
    if (BUILD_STAMPED.has(file)) continue;
    expect(written.get(file) === text, `${file} differs from a full build`).toBe(true);
  }
  const manifest = (files: Map<string, string>) => JSON.parse(files.get('build-manifest.json')!) as { routes: string[]; assets: unknown };
  expect(manifest(written).routes).toEqual(manifest(fresh).routes);
  expect(manifest(written).assets).toEqual(manifest(fresh).assets);
}

const change = (relative: string, kind: 'change' | 'add' | 'unlink' = 'change') => ({ kind, path: path.join(contentDir, relative) });

function updated(result: UpdateResult): Extract<UpdateResult, { kind: 'updated' }> {
  if (result.kind !== 'updated') throw new Error(`Expected an incremental update, got ${JSON.stringify(result)}`);
  return result;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'incremental-'));
  contentDir = path.join(root, 'content');
  outDir = path.join(root, 'dist');
  cacheDir = path.join(root, 'cache');
  areas = generate({ sourceContent: REAL_CONTENT, contentDir, markdownDir: path.join(root, 'markdown'), count: 10 });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

beforeEach(async () => {
  site = new IncrementalSite({ projectRoot: PROJECT_ROOT, contentDir, outDir, siteUrl: TEST_SITE_URL });
  await fullBuild();
});

describe('incremental rebuild set', () => {
  it('renders only the edited page when its own text changes', async () => {
    const area = areas[0]!;
    await editText(contentDir, `areas/${area.slug}.md`, '## Homes in', '## Houses and flats in');
    const result = updated(await site.update([change(`areas/${area.slug}.md`)]));
    expect(result.derivation).toBe('edit');
    expect(result.rendered).toEqual([`cleaning-services-${area.slug}/index.html`]);
    expect(result.written.sort()).toEqual(['build-manifest.json', `cleaning-services-${area.slug}/index.html`, 'latest-build.json']);
    await expectSameAsFullBuild();
  });

  it('renders the menus and listings again only when a field they show changes', async () => {
    // A service's name is in the header menu and the sidebar of almost every page.
    await editText(contentDir, 'services/window-cleaning-services.md', '\nname: ', '\nname: Sparkling ');
    const menu = updated(await site.update([change('services/window-cleaning-services.md')]));
    expect(menu.derivation).toBe('edit');
    expect(menu.rendered.length).toBeGreaterThan(menu.pages / 2);
    await expectSameAsFullBuild();

    // An area's summary is not shown in any menu or listing: its own page only, and as nothing
    // on it shows the summary either, nothing is written.
    const area = areas[1]!;
    await editText(contentDir, `areas/${area.slug}.md`, 'summary: Regular cleans', 'summary: Weekly cleans');
    const summary = updated(await site.update([change(`areas/${area.slug}.md`)]));
    expect(summary.rendered).toEqual([`cleaning-services-${area.slug}/index.html`]);
    await expectSameAsFullBuild();
  });

  it('adds and removes pages, with the sitemap', async () => {
    const added = 'areas/bench-new-town.md';
    const source = readFileSync(path.join(contentDir, `areas/${areas[2]!.slug}.md`), 'utf8').replace(/^slug: .*$/m, 'slug: bench-new-town').replace(/^name: .*$/m, 'name: New Town');
    writeFileSync(path.join(contentDir, added), source);
    const add = updated(await site.update([change(added, 'add')]));
    expect(add.rendered).toContain('cleaning-services-bench-new-town/index.html');
    expect(add.written).toContain('sitemap.xml');
    await expectSameAsFullBuild();

    rmSync(path.join(contentDir, added));
    const remove = updated(await site.update([change(added, 'unlink')]));
    expect(remove.removed).toContain('cleaning-services-bench-new-town/index.html');
    expect(existsSync(path.join(outDir, 'cleaning-services-bench-new-town/index.html'))).toBe(false);
    await expectSameAsFullBuild();
  });

  it('reports content problems and writes nothing; the fix then rebuilds', async () => {
    const file = `areas/${areas[3]!.slug}.md`;
    const before = filesIn(outDir);
    await editText(contentDir, file, 'inNavigation: false', 'inNavigation: maybe');
    const broken = await site.update([change(file)]);
    expect(broken.kind).toBe('content-error');
    expect(broken.kind === 'content-error' && broken.problems.map((problem) => problem.code)).toEqual(['wrong-type']);
    expect(filesIn(outDir)).toEqual(before);

    await editText(contentDir, file, 'inNavigation: maybe', 'inNavigation: false');
    expect(updated(await site.update([change(file)])).derivation).toBe('edit');
    await expectSameAsFullBuild();
  });

  it("renders the listings again when an area's name changes, which moves it in the sorted areas", async () => {
    const area = areas[5]!;
    await editText(contentDir, `areas/${area.slug}.md`, `\nname: ${area.name}`, `\nname: Aardvark ${area.name}`);
    const result = updated(await site.update([change(`areas/${area.slug}.md`)]));
    expect(result.derivation).toBe('edit');
    expect(result.rendered).toContain(`cleaning-services-${area.slug}/index.html`);
    expect(result.rendered.length).toBeGreaterThan(1);
    await expectSameAsFullBuild();
  });

  it('derives the whole site again when a slug changes', async () => {
    const added = 'areas/bench-new-town.md';
    const source = readFileSync(path.join(contentDir, `areas/${areas[6]!.slug}.md`), 'utf8').replace(/^slug: .*$/m, 'slug: bench-new-town').replace(/^name: .*$/m, 'name: New Town');
    writeFileSync(path.join(contentDir, added), source);
    updated(await site.update([change(added, 'add')]));
    await editText(contentDir, added, 'slug: bench-new-town', 'slug: bench-newer-town');
    const result = updated(await site.update([change(added)]));
    expect(result.derivation).toBe('full');
    expect(result.removed).toContain('cleaning-services-bench-new-town/index.html');
    expect(result.rendered).toContain('cleaning-services-bench-newer-town/index.html');
    await expectSameAsFullBuild();
    rmSync(path.join(contentDir, added));
  });

  it('reports a broken link with its file and line, leaves the output as it was, and derives the fix as an edit', async () => {
    const file = `areas/${areas[7]!.slug}.md`;
    const before = filesIn(outDir);
    const text = await editText(contentDir, file, '## Homes in', 'See [our prices](/no-such-page).\n\n## Homes in');
    const broken = await site.update([change(file)]);
    if (broken.kind !== 'content-error') throw new Error(`Expected a content error, got ${broken.kind}`);
    expect(broken.problems.map(({ code, file, line }) => ({ code, file, line }))).toEqual([
      { code: 'broken-link', file: path.relative(PROJECT_ROOT, path.join(contentDir, file)).split(path.sep).join('/'), line: lineContaining(text, '/no-such-page') },
    ]);
    expect(filesIn(outDir)).toEqual(before);

    await editText(contentDir, file, 'See [our prices](/no-such-page).\n\n', '');
    const fixed = updated(await site.update([change(file)]));
    expect(fixed.derivation).toBe('edit');
    await expectSameAsFullBuild();
  });

  it('derives the whole site again when a heading another page links to goes, and reports that link', async () => {
    const [target, from] = [areas[8]!, areas[9]!];
    const [targetFile, fromFile] = [`areas/${target.slug}.md`, `areas/${from.slug}.md`];
    const id = /<h2 id="(homes-in-[^"]+)"/.exec(readFileSync(path.join(outDir, `cleaning-services-${target.slug}/index.html`), 'utf8'))![1]!;
    const link = `/cleaning-services-${target.slug}#${id}`;
    const text = await editText(contentDir, fromFile, '## Homes in', `Compare [${target.name}](${link}).\n\n## Homes in`);
    expect(updated(await site.update([change(fromFile)])).derivation).toBe('edit');
    const before = filesIn(outDir);

    await editText(contentDir, targetFile, '## Homes in', '## Houses in');
    const broken = await site.update([change(targetFile)]);
    if (broken.kind !== 'content-error') throw new Error(`Expected a content error, got ${broken.kind}`);
    expect(broken.problems.map(({ code, file, line }) => ({ code, file, line }))).toEqual([
      { code: 'missing-anchor', file: path.relative(PROJECT_ROOT, path.join(contentDir, fromFile)).split(path.sep).join('/'), line: lineContaining(text, link) },
    ]);
    expect(filesIn(outDir)).toEqual(before);

    await editText(contentDir, targetFile, '## Houses in', '## Homes in');
    expect(updated(await site.update([change(targetFile)])).derivation).toBe('edit');
    await expectSameAsFullBuild();
  });

  it('asks for a full build for anything but Markdown content', async () => {
    expect(await site.update([{ kind: 'change', path: path.join(contentDir, 'images', 'oven.jpg') }])).toMatchObject({ kind: 'full-build-needed' });
    expect(await site.update([{ kind: 'change', path: path.join(PROJECT_ROOT, 'templates', 'standard.tsx') }])).toMatchObject({ kind: 'full-build-needed' });
    const file = `areas/${areas[4]!.slug}.md`;
    await editText(contentDir, file, '## Homes in', '![A tidy kitchen](/images/kitchen.jpg)\n\n## Homes in');
    expect(await site.update([change(file)])).toMatchObject({ kind: 'full-build-needed' });
    await editText(contentDir, file, '![A tidy kitchen](/images/kitchen.jpg)\n\n', '');
  });

  it('knows content files by their folder', () => {
    expect(schemaOfPath(contentDir, path.join(contentDir, 'areas', 'x.md'))).toBe('areas');
    expect(schemaOfPath(contentDir, path.join(contentDir, 'site', 'navigation.md'))).toBe('navigation');
    expect(schemaOfPath(contentDir, path.join(contentDir, 'errors', '404.md'))).toBe('errorPages');
    expect(schemaOfPath(contentDir, path.join(contentDir, 'images', 'x.jpg'))).toBeUndefined();
    expect(schemaOfPath(contentDir, path.join(contentDir, 'areas', 'nested', 'x.md'))).toBeUndefined();
  });
});
