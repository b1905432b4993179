// Which pages a content change alters, as `npm run check:change` finds them: the base commit's
// content built, then the working tree's over it with the same cache; the second build's written
// pages are the change's. A scratch repository holds the minimal site.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Site } from '../../../../src/generator/build.ts';
import { BaseProblem } from '../../../../src/generator/change/base-content.ts';
import { buildChange } from '../../../../src/generator/change/build-change.ts';
import {
  BROKEN_CASES,
  editText,
  FIXED_NOW,
  MINIMAL_SITE,
  PROJECT_ROOT,
  TEST_SITE_URL,
} from '../../../support/sites.ts';

let scratch: string;
let repo: string;
let contentDir: string;
let base: string;
const git = (...args: string[]) =>
  execFileSync('git', args, {
    cwd: repo,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
const commit = (message: string) => {
  git('add', '--all');
  git('commit', '--quiet', '--message', message);
  return git('rev-parse', 'HEAD');
};

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'build-change-'));
  repo = path.join(scratch, 'repository');
  contentDir = path.join(repo, 'content');
  cpSync(MINIMAL_SITE, contentDir, { recursive: true });
  git('init', '--quiet', '--initial-branch', 'main');
  git('config', 'user.name', 'Editor');
  git('config', 'user.email', 'editor@example.test');
  base = commit('The site');
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** check:change's build of the working tree against `ref`, with the project's templates, one cache for every build. */
const changeFrom = (ref: string) =>
  buildChange({
    projectRoot: repo,
    contentDir,
    base: ref,
    workDir: path.join(scratch, 'cache', 'check-change'),
    open: (folders) =>
      Site.open({
        projectRoot: PROJECT_ROOT,
        cacheDir: path.join(scratch, 'cache'),
        siteUrl: TEST_SITE_URL,
        clock: () => FIXED_NOW,
        ...folders,
      }),
  });
const altered = (change: Awaited<ReturnType<typeof changeFrom>>) =>
  change.report.changedPages.map((job) => job.path);

describe('the pages a change alters', () => {
  it('are the page whose own text changed, whether the change is in the working tree or committed, and none against itself', async () => {
    await editText(
      contentDir,
      'areas/petts-wood.md',
      'Quiet roads and family homes.',
      'Quiet roads, family homes and flats.',
    );
    const uncommitted = await changeFrom('main');
    expect(uncommitted.base).toBe(base);
    expect(altered(uncommitted)).toEqual(['cleaning-services-petts-wood.html']);
    expect(uncommitted.baseFailed).toBeUndefined();

    const edited = commit('Flats too');
    expect(altered(await changeFrom(base))).toEqual(['cleaning-services-petts-wood.html']);
    expect(altered(await changeFrom(edited))).toEqual([]);
  });

  it('are every page when the base does not build (the change may be its fix), with the reason', async () => {
    const good = git('rev-parse', 'HEAD');
    cpSync(path.join(BROKEN_CASES, 'wrong-type'), contentDir, { recursive: true, force: true });
    const broken = commit('Broken');
    git('checkout', '--quiet', good, '--', 'content');
    const fixed = await changeFrom(broken);
    expect(fixed.baseFailed).toMatch(/^the base's content has \d+ problems? and does not build$/);
    expect(fixed.report.changedPages).toHaveLength(fixed.report.work.renders);
  });

  it('cannot be found against a base git does not know, and say what to do', async () => {
    await expect(changeFrom('no-such-branch')).rejects.toThrow(BaseProblem);
    await expect(changeFrom('no-such-branch')).rejects.toThrow(
      'The base "no-such-branch" is not a commit this repository has. Give a branch, tag or commit it knows (git fetch it first if it is only on GitHub).',
    );
  });
});
