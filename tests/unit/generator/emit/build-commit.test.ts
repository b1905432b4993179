// The commit a build names in latest-build.json and the manifest: Netlify's COMMIT_REF there, the
// content's repository's HEAD elsewhere (npm start's build of the repository it publishes into),
// none outside git; and a new commit is a new build, never skipped as "nothing changed".
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputsDigest } from '../../../../src/generator/cache/unchanged-build.ts';
import { buildCommit } from '../../../../src/generator/emit/build-commit.ts';
import { contentRepository, type TestRepository } from '../../../support/git-repository.ts';

let repo: TestRepository;
let outside: string;
beforeAll(async () => {
  [repo, outside] = await Promise.all([
    contentRepository(['content/pages/about.md']),
    mkdtemp(path.join(tmpdir(), 'no-git-')),
  ]);
});
afterAll(async () => {
  await repo.remove();
  await rm(outside, { recursive: true, force: true });
});

describe('buildCommit', () => {
  it("is Netlify's COMMIT_REF when it is set", () => {
    expect(buildCommit({ COMMIT_REF: 'a'.repeat(40) }, path.join(repo.dir, 'content'))).toBe(
      'a'.repeat(40),
    );
  });

  it("is the HEAD of the content's repository otherwise, following each new commit", async () => {
    const content = path.join(repo.dir, 'content');
    expect(buildCommit({}, content)).toBe(repo.git('rev-parse', 'HEAD'));
    repo.git('commit', '--quiet', '--allow-empty', '--message', 'Published from the builder');
    expect(buildCommit({ COMMIT_REF: 'not a commit' }, content)).toBe(
      repo.git('rev-parse', 'HEAD'),
    );
  });

  it('is none outside a git repository', () => {
    expect(buildCommit({}, outside)).toBeUndefined();
  });

  it('makes another build: the digest of what a build depends on changes with it', () => {
    const inputs = {
      contentDir: outside,
      publicDir: outside,
      outDir: outside,
      siteUrl: undefined,
      now: new Date('2031-06-15T09:30:00Z'),
      code: { load: 'l', render: 'r', all: 'a' },
    } as Parameters<typeof inputsDigest>[0];
    expect(inputsDigest({ ...inputs, commit: 'a'.repeat(40) })).not.toBe(
      inputsDigest({ ...inputs, commit: 'b'.repeat(40) }),
    );
  });
});
