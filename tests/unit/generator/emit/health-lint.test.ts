// content-health.json's lint, page by page, gives what `npm run check`'s lint gives (the same
// rules, the same warnings, the same counts) on the real content and on every lint fixture, and a
// build lints again only the pages whose key changed.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digest } from '../../../../src/generator/content/load-entry.ts';
import { healthLint } from '../../../../src/generator/emit/health-lint.ts';
import { DiskCache } from '../../../../src/generator/images/disk-cache.ts';
import { lintSite } from '../../../../src/generator/lint/lint-site.ts';
import { renderJobs, type RenderJob } from '../../../../src/kernel/render/render-page.tsx';
import { checkSite } from '../../../../src/generator/build.ts';
import { tempDir, removeTempDirs } from '../../../support/image-fixtures.ts';
import { LINT_FIXTURES, lintCase } from '../../../support/lint.ts';
import {
  buildInto,
  editText,
  REAL_CONTENT,
  removeTempCopies,
  PROJECT_ROOT,
} from '../../../support/sites.ts';

afterAll(async () => {
  await Promise.all([removeTempCopies(), removeTempDirs()]);
});

/** Both lints of a content folder; `keyOf` as the build makes it, from each page's entry digest. */
async function both(
  contentDir: string,
  root: string,
  memory = new Map(),
  cacheDir?: string,
  maxPages?: number,
) {
  const { content, site, images } = await checkSite({
    projectRoot: root,
    contentDir,
    cacheDir: false,
  });
  const read = {
    content,
    images,
    files: new Map(),
    problems: [],
    invalid: { names: new Set(), routes: new Set() },
    loaded: 0,
  } as unknown as Parameters<typeof healthLint>[0]['read'];
  const keyOf = (job: RenderJob) =>
    digest(
      'page' in job ? job.page.entry.digest : job.error.digest,
      'page' in job ? job.page.route : job.path,
    );
  let rendered = 0;
  const counted = (job: RenderJob) => ((rendered += 1), keyOf(job));
  const health = await healthLint({
    site,
    read,
    root,
    keyOf: counted,
    cache: new DiskCache(cacheDir ?? (await tempDir('health-'))),
    memory,
    maxPages,
  });
  const check = await lintSite({ content, site, root, images });
  return { health, check, jobs: renderJobs(site).length, keyed: rendered };
}

const sorted = <T>(list: T[]) => [...list].map((item) => JSON.stringify(item)).sort();

describe('the content health lint', () => {
  it('matches npm run check’s lint on the real content', async () => {
    const { health, check } = await both(REAL_CONTENT, PROJECT_ROOT);
    expect(health.rules).toEqual(check.rules);
    expect(health.pages).toBe(check.pages);
    expect(health.warnings).toEqual([]);
  });

  const cases = readdirSync(LINT_FIXTURES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'base')
    .map((entry) => entry.name);
  it.each(cases)(
    'matches npm run check’s lint on the lint fixture "%s", warnings and counts',
    async (name) => {
      const dir = await lintCase(name);
      const { health, check } = await both(dir, dir);
      expect(health.rules).toEqual(check.rules);
      expect(sorted(health.warnings)).toEqual(
        sorted(
          check.problems.map(({ code, file, line, field, message }) => ({
            code,
            file,
            line,
            field,
            message,
          })),
        ),
      );
    },
  );

  it('lints again only the pages whose key changed, in the session and from .cache/ in the next build', async () => {
    const dir = await lintCase('placeholders');
    const cacheDir = await tempDir('health-cache-');
    const memory = new Map();
    const first = await both(dir, dir, memory, cacheDir);
    expect(memory.size).toBe(first.jobs);
    await editText(
      dir,
      'pages/about.md',
      'A small team in Orpington.',
      'A small team in Orpington. Lorem ipsum.',
    );
    const before = new Map(memory);
    const second = await both(dir, dir, memory, cacheDir);
    expect([...memory.keys()].filter((key) => !before.has(key))).toHaveLength(1);
    const lorem = (health: typeof second.health) =>
      health.warnings.filter(
        (warning) =>
          warning.file.endsWith('pages/about.md') && warning.message.includes('Lorem ipsum'),
      );
    expect(lorem(first.health)).toHaveLength(0);
    expect(lorem(second.health)).toHaveLength(1);
    // A new process: what the last build linted comes from .cache/health/.
    const fresh = new Map();
    const third = await both(dir, dir, fresh, cacheDir);
    expect(fresh.size).toBe(third.jobs);
    expect(third.health).toEqual(second.health);
  });

  it('leaves the lint to npm run check when a build would have more pages to lint than it lints at once', async () => {
    const dir = await lintCase('placeholders');
    const memory = new Map();
    const { health, jobs } = await both(dir, dir, memory, undefined, 5);
    expect(health).toEqual({ pages: jobs, rules: [], warnings: [], notLinted: jobs });
    expect(memory.size).toBe(0);
  });
});

describe('the content health a build writes', () => {
  // One cache for the bundle, which every build here shares.
  let cacheDir: string;
  beforeAll(async () => {
    cacheDir = await tempDir('health-build-');
  });

  // The build lints the HTML it has just rendered (with the real asset names), not a page rendered again for the lint.
  const cases = [
    'real content',
    ...readdirSync(LINT_FIXTURES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'base')
      .map((entry) => entry.name),
  ];
  it.each(cases)('finds what npm run check’s lint finds, on %s', async (name) => {
    const dir = name === 'real content' ? REAL_CONTENT : await lintCase(name);
    const { out } = await buildInto(dir, { cacheDir });
    const health = (
      JSON.parse(out.text('content-health.json')) as {
        lint: Awaited<ReturnType<typeof healthLint>>;
      }
    ).lint;
    const { content, site, images } = await checkSite({
      projectRoot: PROJECT_ROOT,
      contentDir: dir,
      cacheDir: false,
    });
    const check = await lintSite({ content, site, root: PROJECT_ROOT, images });
    expect(health.rules).toEqual(check.rules);
    expect(sorted(health.warnings)).toEqual(
      sorted(
        check.problems.map(({ code, file, line, field, message }) => ({
          code,
          file,
          line,
          field,
          message,
        })),
      ),
    );
  });
});
