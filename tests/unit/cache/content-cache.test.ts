// The content cache (.cache/build/): what a build reuses, what a change makes it do again, and that
// the output is always what a build without the cache makes. Builds are compared with each other,
// never with stored copies, so this holds whatever the templates render.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../bench/generate.ts';
import { buildSite } from '../../../src/build.ts';
import { codeKeys, GENERATOR_ROOT } from '../../../src/cache/code-key.ts';
import { MemoryWriter } from '../../../src/emit/writer.ts';
import type { SpeedOptions } from '../../../src/parallel/build-session.ts';
import { editText, FIXED_NOW, PROJECT_ROOT, REAL_CONTENT, silentLogger, TEST_SITE_URL } from '../support/sites.ts';

let root: string;
let contentDir: string;
let cacheDir: string;
let syntheticArea: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'content-cache-'));
  contentDir = path.join(root, 'content');
  cacheDir = path.join(root, 'cache');
  const areas = generate({ sourceContent: REAL_CONTENT, contentDir, markdownDir: path.join(root, 'markdown'), count: 12 });
  syntheticArea = `areas/${areas[0]!.slug}.md`;
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function build(speed: SpeedOptions = {}) {
  const writer = new MemoryWriter();
  const report = await buildSite({ projectRoot: PROJECT_ROOT, contentDir, cacheDir, writer, logger: silentLogger, siteUrl: TEST_SITE_URL, now: FIXED_NOW, speed: { workers: 0, ...speed } });
  return { files: writer.files, work: report.work!, pages: report.pages + 2 };
}

/** The build with the cache gives exactly what a build without it gives. */
async function expectSameAsWithoutCache(files: Map<string, string | Uint8Array>): Promise<void> {
  const fresh = await build({ cache: false });
  expect([...files.keys()].sort()).toEqual([...fresh.files.keys()].sort());
  for (const [file, contents] of fresh.files) expect(Buffer.compare(Buffer.from(files.get(file)!), Buffer.from(contents)), `${file} differs`).toBe(0);
}

describe('content cache', () => {
  it('reuses every file and page when nothing changed', async () => {
    const first = await build();
    expect(first.work.entries.cached).toBe(0);
    expect(first.work.pages.cached).toBe(0);
    const second = await build();
    expect(second.work.entries).toMatchObject({ loaded: 0, cached: first.work.entries.loaded });
    expect(second.work.pages).toMatchObject({ rendered: 0, cached: first.pages });
    await expectSameAsWithoutCache(second.files);
  });

  it('converts an edited file again and renders again only the pages that show what changed', async () => {
    await build();
    // A page's own text: only that page.
    await editText(contentDir, syntheticArea, '## Homes in', '## Houses and flats in');
    const bodyEdit = await build();
    expect(bodyEdit.work.entries.loaded).toBe(1);
    expect(bodyEdit.work.pages.rendered).toBe(1);
    await expectSameAsWithoutCache(bodyEdit.files);

    // A field only its own page shows (the meta description): only that page.
    await editText(contentDir, syntheticArea, 'description: "Cleaners for homes', 'description: "Trusted cleaners for homes');
    const ownField = await build();
    expect(ownField.work.pages.rendered).toBe(1);
    await expectSameAsWithoutCache(ownField.files);

    // A service's name is in the menus of every page with a header or sidebar: all of those.
    await editText(contentDir, 'services/deep-cleaning-services.md', '\nname: ', '\nname: Thorough ');
    const menuEdit = await build();
    expect(menuEdit.work.entries.loaded).toBe(1);
    expect(menuEdit.work.pages.rendered).toBeGreaterThan(menuEdit.pages / 2);
    await expectSameAsWithoutCache(menuEdit.files);
  });

  it('renders every page again after a template changes, reusing the converted files', async () => {
    await build();
    const keys = codeKeys();
    const templateEdit = await build({ codeKeys: { load: keys.load, render: `${keys.render}-template-edited` } });
    expect(templateEdit.work.entries.loaded).toBe(0);
    expect(templateEdit.work.pages.cached).toBe(0);
  });

  it('starts afresh under a new generator version', async () => {
    await build();
    const newVersion = await build({ codeKeys: codeKeys({ version: '99.0.0-test' }) });
    expect(newVersion.work.entries.cached).toBe(0);
    expect(newVersion.work.pages.cached).toBe(0);
    await expectSameAsWithoutCache(newVersion.files);
  });
});

describe('code keys', () => {
  it('change with a template, with the Markdown code, and with the version', async () => {
    // Copies of the generator's code, one edited, so the real keys are computed on real files.
    const copy = (name: string) => {
      const dir = path.join(root, name);
      mkdirSync(dir);
      for (const part of ['src', 'templates', 'package.json', 'package-lock.json']) cpSync(path.join(GENERATOR_ROOT, part), path.join(dir, part), { recursive: true });
      return dir;
    };
    const original = codeKeys({ root: copy('code-original') });
    const templateRoot = copy('code-template');
    writeFileSync(path.join(templateRoot, 'templates/standard.tsx'), `${readFileSync(path.join(templateRoot, 'templates/standard.tsx'), 'utf8')}\n// edited\n`);
    const afterTemplate = codeKeys({ root: templateRoot });
    expect(afterTemplate.render).not.toBe(original.render);
    expect(afterTemplate.load).toBe(original.load);

    const markdownRoot = copy('code-markdown');
    writeFileSync(path.join(markdownRoot, 'src/content/markdown.ts'), `${readFileSync(path.join(markdownRoot, 'src/content/markdown.ts'), 'utf8')}\n// edited\n`);
    const afterMarkdown = codeKeys({ root: markdownRoot });
    expect(afterMarkdown.load).not.toBe(original.load);
    expect(afterMarkdown.render).not.toBe(original.render);

    const devRoot = copy('code-dev');
    writeFileSync(path.join(devRoot, 'src/dev/changes.ts'), '// the dev server is not part of any page\n');
    expect(codeKeys({ root: devRoot })).toEqual(original);

    const bumped = codeKeys({ root: path.join(root, 'code-original'), version: '99.0.0-test' });
    expect(bumped.load).not.toBe(original.load);
    expect(bumped.render).not.toBe(original.render);
  });
});
