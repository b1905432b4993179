// Entries read back from the entry cache (.cache/entries/) are whole entries: a problem found in a
// file that was not parsed again (a link to a page deleted since) still names its line, and
// `npm run check` lints pages whose entries came from the cache.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSite } from '../../../src/generator/build.ts';
import { ContentError } from '../../../src/kernel/errors/problems.ts';
import { lintSite } from '../../../src/generator/lint/lint-site.ts';
import {
  buildInto,
  copyMinimalSite,
  editText,
  lineContaining,
  readText,
  removeTempCopies,
  TEST_SITE_URL,
} from '../../support/sites.ts';

let contentDir: string;
let cacheDir: string;
let outDir: string;

beforeAll(async () => {
  contentDir = await copyMinimalSite();
  const root = await mkdtemp(path.join(tmpdir(), 'entry-cache-'));
  cacheDir = path.join(root, 'cache');
  outDir = path.join(root, 'dist');
  await buildInto(contentDir, { cacheDir, outDir });
  return () => rm(root, { recursive: true, force: true });
});

afterAll(removeTempCopies);

describe('entries from the cache', () => {
  it('are linted by the check like freshly parsed ones', async () => {
    const { content, site } = await checkSite({
      projectRoot: contentDir,
      contentDir,
      cacheDir,
      siteUrl: TEST_SITE_URL,
    });
    const report = await lintSite({ content, site, root: contentDir });
    expect(report.pages).toBeGreaterThan(0);
  });

  it('name the line of a problem found in a file that was not parsed again', async () => {
    // The home page links to /about; the link itself is unchanged, its target moves.
    const home = await readText(contentDir, 'pages/home.md');
    expect(home).toContain('](/about#');
    await editText(contentDir, 'pages/about.md', 'route: /about', 'route: /about-us');
    const error = await buildInto(contentDir, { cacheDir, outDir }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(ContentError.is(error), String(error)).toBe(true);
    const onHome = (error as ContentError).problems.filter((problem) =>
      problem.file.endsWith('pages/home.md'),
    );
    expect(onHome.length).toBeGreaterThan(0);
    for (const problem of onHome)
      expect(problem.line).toBeGreaterThanOrEqual(lineContaining(home, '---'));
  });
});
