// A build on worker threads makes exactly what a build on the main thread alone makes: the same
// files byte for byte, the same build id, and the same problems with the same lines. The builds
// are compared with each other, never with stored copies, so this holds whatever the templates render.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../../bench/generate.ts';
import { checkSite } from '../../../../src/generator/build.ts';
import { ContentError, formatProblems } from '../../../../src/kernel/errors/problems.ts';
import { buildInto, editText, PROJECT_ROOT, REAL_CONTENT } from '../../../support/sites.ts';

let root: string;
let contentDir: string;
/** Two worker threads and an idle main thread: every file and page is done on a worker. */
const onThreads = { threads: 2, threshold: 0, mainThreadWorks: false } as const;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'threads-'));
  contentDir = path.join(root, 'content');
  // The real site plus synthetic area pages, so there is work to spread.
  generate({ sourceContent: REAL_CONTENT, contentDir, markdownDir: path.join(root, 'markdown'), count: 80 });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('worker threads', () => {
  it('write the same files, byte for byte, with the same build id, as the main thread alone', async () => {
    const single = await buildInto(contentDir, { threads: 0 });
    const threaded = await buildInto(contentDir, onThreads);
    expect(single.report.work.threads).toBe(0);
    expect(threaded.report.work.threads).toBe(2);
    expect(threaded.report.work.onThreads).toBe(threaded.report.work.loaded + threaded.report.work.rendered);
    expect(threaded.report.work.rendered).toBeGreaterThan(100);
    expect([...threaded.out.files.keys()]).toEqual([...single.out.files.keys()]);
    for (const [file, contents] of single.out.files) expect(Buffer.compare(threaded.out.files.get(file)!, contents), `${file} differs`).toBe(0);
    expect(threaded.report.buildId).toBe(single.report.buildId);
  });

  it('report the same problems, with the same lines, when content is broken', async () => {
    const service = readFileSync(path.join(contentDir, 'services/deep-cleaning-services.md'), 'utf8');
    await editText(contentDir, 'services/deep-cleaning-services.md', /^order: .*$/m.exec(service)![0], 'order: two');
    const areas = readdirSync(path.join(contentDir, 'areas')).filter((name) => name.startsWith('bench-'));
    await editText(contentDir, `areas/${areas[0]}`, 'neighbours:\n  - ', 'neighbours:\n  - nowhere-at-all-');
    await editText(contentDir, `areas/${areas[1]}`, '](/cleaning-services-', '](/cleaning-services-nowhere-');
    const problemsOf = async (threads: object) => {
      const error = await checkSite({ projectRoot: PROJECT_ROOT, contentDir, cacheDir: false, ...threads }).then(() => undefined, (caught: unknown) => caught);
      expect(ContentError.is(error)).toBe(true);
      return formatProblems((error as ContentError).problems);
    };
    const single = await problemsOf({ threads: 0 });
    expect(single).toMatch(/3 problems in 3 files/);
    expect(await problemsOf(onThreads)).toBe(single);
  });
});
