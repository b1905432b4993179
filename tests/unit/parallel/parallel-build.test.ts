// The parallel build makes exactly what the single-threaded one makes: the same pages in the same
// order, byte for byte, and the same problems. The pages are compared with each other, never with
// stored copies, so this holds whatever the templates render.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../bench/generate.ts';
import { buildSite, checkSite } from '../../../src/build.ts';
import { bundleAssets } from '../../../src/bundle/bundle-assets.ts';
import { readContent } from '../../../src/content/load-content.ts';
import { ContentError, formatProblems } from '../../../src/errors/problems.ts';
import { MemoryWriter } from '../../../src/emit/writer.ts';
import { BuildSession } from '../../../src/parallel/build-session.ts';
import { closeSharedPool } from '../../../src/parallel/pool.ts';
import { renderSite } from '../../../src/render/render-site.tsx';
import { deriveSite } from '../../../src/site/site-model.ts';
import { editText, FIXED_NOW, PROJECT_ROOT, REAL_CONTENT, silentLogger, TEST_SITE_URL } from '../support/sites.ts';

let root: string;
let contentDir: string;
let cacheDir: string;
/** Two worker threads and an idle main thread: every file and page is done on a worker. */
const onWorkers = { cache: false, workers: 2, parallelThreshold: 0, mainThread: 'idle' } as const;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'parallel-build-'));
  contentDir = path.join(root, 'content');
  cacheDir = path.join(root, 'cache');
  // The real site plus synthetic area pages, so there are enough pages to spread.
  generate({ sourceContent: REAL_CONTENT, contentDir, markdownDir: path.join(root, 'markdown'), count: 80 });
});

afterAll(async () => {
  await closeSharedPool();
  await rm(root, { recursive: true, force: true });
});

describe('parallel build', () => {
  it('renders the same pages, in the same order, byte for byte, as readContent and renderSite on one thread', async () => {
    const bundle = await bundleAssets(PROJECT_ROOT);
    const options = { contentDir, displayRoot: PROJECT_ROOT, cacheDir };

    const read = await readContent(options);
    const referenceSite = deriveSite(read.content!, { siteUrl: TEST_SITE_URL, builtAt: FIXED_NOW }, read);
    const reference = renderSite(referenceSite, { ...bundle.assets, images: read.images });

    const session = new BuildSession({ ...options, ...onWorkers });
    const { site, images } = await checkSite({ projectRoot: PROJECT_ROOT, contentDir, cacheDir, siteUrl: TEST_SITE_URL, now: FIXED_NOW }, session);
    const parallel = await session.renderSite(site, { ...bundle.assets, images });

    expect(session.stats.workers).toBe(2);
    expect(session.stats.entries.onWorkers).toBe(session.stats.entries.loaded);
    expect(session.stats.pages.onWorkers).toBe(parallel.length);
    expect(parallel.length).toBe(reference.length);
    expect(parallel.length).toBeGreaterThan(100);
    expect(parallel.map((file) => file.path)).toEqual(reference.map((file) => file.path));
    for (const [i, file] of parallel.entries()) {
      expect(file.html === reference[i]!.html, `${file.path} differs`).toBe(true);
      expect(file.scripts).toEqual(reference[i]!.scripts);
    }
  });

  it('writes the same files, byte for byte, with the same build id, on worker threads as on the main thread alone', async () => {
    const build = async (speed: Parameters<typeof buildSite>[0]['speed']) => {
      const writer = new MemoryWriter();
      const report = await buildSite({ projectRoot: PROJECT_ROOT, contentDir, cacheDir, writer, logger: silentLogger, siteUrl: TEST_SITE_URL, now: FIXED_NOW, speed });
      return { writer, report };
    };
    const single = await build({ cache: false, workers: 0 });
    const parallel = await build(onWorkers);
    expect(single.report.work?.workers).toBe(0);
    expect(parallel.report.work?.pages.onWorkers).toBe(parallel.report.pages + 2);
    expect([...parallel.writer.files.keys()].sort()).toEqual([...single.writer.files.keys()].sort());
    for (const [file, contents] of single.writer.files) {
      expect(Buffer.compare(Buffer.from(parallel.writer.files.get(file)!), Buffer.from(contents)), `${file} differs`).toBe(0);
    }
    expect(parallel.report.buildId).toBe(single.report.buildId);
  });

  it('reports the same problems, with the same lines, when content is broken', async () => {
    const service = readFileSync(path.join(contentDir, 'services/deep-cleaning-services.md'), 'utf8');
    await editText(contentDir, 'services/deep-cleaning-services.md', /^order: .*$/m.exec(service)![0], 'order: two');
    const areas = readdirSync(path.join(contentDir, 'areas')).filter((name) => name.startsWith('bench-'));
    await editText(contentDir, `areas/${areas[0]}`, 'neighbours:\n  - ', 'neighbours:\n  - nowhere-at-all-');
    await editText(contentDir, `areas/${areas[1]}`, '](/cleaning-services-', '](/cleaning-services-nowhere-');
    const problemsOf = async (run: () => Promise<unknown>) => {
      const error = await run().then(() => undefined, (caught: unknown) => caught);
      expect(error).toBeInstanceOf(ContentError);
      return formatProblems((error as ContentError).problems);
    };
    const options = { projectRoot: PROJECT_ROOT, contentDir, cacheDir };
    const single = await problemsOf(async () => {
      const read = await readContent({ contentDir, displayRoot: PROJECT_ROOT, cacheDir });
      if (!read.content) throw new ContentError(read.problems);
      deriveSite(read.content, { builtAt: FIXED_NOW }, read);
    });
    const parallel = await problemsOf(() => checkSite(options, new BuildSession({ contentDir, displayRoot: PROJECT_ROOT, cacheDir, ...onWorkers })));
    expect(single).toMatch(/3 problems in 3 files/);
    expect(parallel).toBe(single);
  });
});
