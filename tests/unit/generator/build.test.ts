// The build session across processes: what a build takes from the cache on disk, what a change
// makes it do again, and that the output is always what a build without any cache makes. Builds
// are compared with each other, never with stored copies, so this holds whatever the templates render.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../bench/generate.ts';
import type { SiteOptions } from '../../../src/generator/build-types.ts';
import { codeKeys, GENERATOR_ROOT } from '../../../src/generator/cache/code-key.mjs';
import { buildInto, editText, REAL_CONTENT, type BuiltFolder } from '../../support/sites.ts';

let root: string;
let contentDir: string;
let cacheDir: string;
let outDir: string;
let syntheticArea: string;
let syntheticAreaPage: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'build-cache-'));
  contentDir = path.join(root, 'content');
  cacheDir = path.join(root, 'cache');
  outDir = path.join(root, 'dist');
  const areas = generate({
    sourceContent: REAL_CONTENT,
    contentDir,
    markdownDir: path.join(root, 'markdown'),
    count: 12,
  });
  syntheticArea = `areas/${areas[0]!.slug}.md`;
  syntheticAreaPage = `cleaning-services-${areas[0]!.slug}.html`;
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A build in a session of its own, as `npm run build` makes one: what it knows comes from the cache on disk. */
const build = (options: Partial<SiteOptions> = {}) =>
  buildInto(contentDir, { cacheDir, outDir, ...options });

/** The build with the cache gives exactly what a build without it gives. */
async function expectSameAsWithoutCache(out: BuiltFolder): Promise<void> {
  const fresh = await buildInto(contentDir, { cacheDir: false });
  expect([...out.files.keys()]).toEqual([...fresh.out.files.keys()]);
  for (const [file, contents] of fresh.out.files)
    expect(Buffer.compare(out.files.get(file)!, contents), `${file} differs`).toBe(0);
}

describe('a build after another', () => {
  it('loads no file and renders no page when nothing changed', async () => {
    const first = await build();
    expect(first.report.work.loaded).toBe(first.report.work.files);
    expect(first.report.work.rendered).toBe(first.report.work.renders);
    // Into a fresh folder, every page is new.
    expect(first.report.changedPages).toHaveLength(first.report.work.renders);
    const second = await build();
    expect(second.report.work).toMatchObject({ loaded: 0, rendered: 0 });
    expect(second.report.written).toBe(0);
    expect(second.report.changedPages).toEqual([]);
    await expectSameAsWithoutCache(second.out);
  });

  it('loads an edited file again and renders only the pages that show what changed', async () => {
    await build();
    // A page's own text: only that page.
    await editText(contentDir, syntheticArea, '## Homes in', '## Houses and flats in');
    const bodyEdit = await build();
    expect(bodyEdit.report.work).toMatchObject({ loaded: 1, rendered: 1 });
    // The page the edit altered, and no other: what `npm run check:change` puts through the page gates.
    expect(bodyEdit.report.changedPages.map((job) => job.path)).toEqual([syntheticAreaPage]);
    await expectSameAsWithoutCache(bodyEdit.out);

    // A field only its own page shows (the meta description): only that page.
    await editText(
      contentDir,
      syntheticArea,
      'description: "Cleaners for homes',
      'description: "Trusted cleaners for homes',
    );
    const ownField = await build();
    expect(ownField.report.work.rendered).toBe(1);
    await expectSameAsWithoutCache(ownField.out);

    // A service's name is in the menus of every page with a header or sidebar: all of those.
    await editText(
      contentDir,
      'services/deep-cleaning-services.md',
      '\nname: ',
      '\nname: Thorough ',
    );
    const menuEdit = await build();
    expect(menuEdit.report.work.loaded).toBe(1);
    expect(menuEdit.report.work.rendered).toBeGreaterThan(menuEdit.report.work.renders / 2);
    expect(menuEdit.report.changedPages.length).toBeGreaterThan(menuEdit.report.work.renders / 2);
    await expectSameAsWithoutCache(menuEdit.out);
  });

  it('renders every page again after a template changes, without loading the files again', async () => {
    await build();
    const keys = codeKeys();
    const templateEdit = await build({
      codeKeys: { ...keys, render: `${keys.render}-template-edited` },
    });
    expect(templateEdit.report.work.loaded).toBe(0);
    expect(templateEdit.report.work.rendered).toBe(templateEdit.report.work.renders);
  });

  it('starts afresh under a new generator version', async () => {
    await build();
    const newVersion = await build({ codeKeys: codeKeys({ version: '99.0.0-test' }) });
    expect(newVersion.report.work.loaded).toBe(newVersion.report.work.files);
    expect(newVersion.report.work.rendered).toBe(newVersion.report.work.renders);
    await expectSameAsWithoutCache(newVersion.out);
  });
});

describe('code keys', () => {
  it('change with a template, with the Markdown code, and with the version', async () => {
    // Copies of the generator's code, one edited, so the real keys are computed on real files.
    const copy = (name: string) => {
      const dir = path.join(root, name);
      mkdirSync(dir);
      for (const part of ['src', 'scripts', 'package.json', 'package-lock.json'])
        cpSync(path.join(GENERATOR_ROOT, part), path.join(dir, part), { recursive: true });
      return dir;
    };
    const original = codeKeys({ root: copy('code-original') });
    const templateRoot = copy('code-template');
    writeFileSync(
      path.join(templateRoot, 'src/kernel/templates/standard.tsx'),
      `${readFileSync(path.join(templateRoot, 'src/kernel/templates/standard.tsx'), 'utf8')}\n// edited\n`,
    );
    const afterTemplate = codeKeys({ root: templateRoot });
    expect(afterTemplate.render).not.toBe(original.render);
    expect(afterTemplate.load).toBe(original.load);

    const markdownRoot = copy('code-markdown');
    writeFileSync(
      path.join(markdownRoot, 'src/kernel/content/markdown.ts'),
      `${readFileSync(path.join(markdownRoot, 'src/kernel/content/markdown.ts'), 'utf8')}\n// edited\n`,
    );
    const afterMarkdown = codeKeys({ root: markdownRoot });
    expect(afterMarkdown.load).not.toBe(original.load);
    expect(afterMarkdown.render).not.toBe(original.render);

    // The dev server is not part of any page, but it is part of the generator's bundle.
    const devRoot = copy('code-dev');
    writeFileSync(
      path.join(devRoot, 'src/generator/dev/changes.ts'),
      '// the dev server is not part of any page\n',
    );
    const afterDev = codeKeys({ root: devRoot });
    expect({ load: afterDev.load, render: afterDev.render }).toEqual({
      load: original.load,
      render: original.render,
    });
    expect(afterDev.all).not.toBe(original.all);

    const bumped = codeKeys({ root: path.join(root, 'code-original'), version: '99.0.0-test' });
    expect(bumped.load).not.toBe(original.load);
    expect(bumped.render).not.toBe(original.render);
  });
});
