// The content workflow's first decision (scripts/change-scope.mjs): a pull request that changes
// files under content/ alone is checked by `npm run check:change`; anything else, however it is
// dressed up, is a code change and runs the code suite. Each case is a real commit in a scratch
// repository, diffed as the workflow diffs it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  changeScope,
  outsideContent,
  parseRawDiff,
  scopeOfChange,
} from '../../../scripts/change-scope.mjs';
import { PROJECT_ROOT } from '../../support/sites.ts';

let dir: string;
let base: string;
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: dir, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] }).trim();
const write = (file: string, text = 'text\n') => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};
const commit = () => {
  git('add', '--all');
  git('commit', '--quiet', '--allow-empty', '--message', 'change');
  return git('rev-parse', 'HEAD');
};
const decide = () => scopeOfChange({ cwd: dir, base, head: 'HEAD' });

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'change-scope-'));
  git('init', '--quiet', '--initial-branch', 'main');
  git('config', 'user.name', 'Editor');
  git('config', 'user.email', 'editor@example.test');
  write('content/pages/about.md', '---\ntitle: About\n---\n');
  write('content/images/van.jpg', 'jpeg');
  write('package.json', '{}\n');
  write('src/build.ts', 'export {};\n');
  base = commit();
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a content change', () => {
  it('edits, adds, deletes and renames files inside content/', () => {
    write('content/pages/about.md', '---\ntitle: About us\n---\n');
    write('content/pages/team.md', '---\ntitle: Team\n---\n');
    git('rm', '--quiet', 'content/images/van.jpg');
    git('mv', 'content/pages/about.md', 'content/pages/about-us.md');
    commit();
    expect(decide()).toMatchObject({ scope: 'content', base, reasons: [] });
  });

  it('marks a content file executable (still a plain file under content/)', () => {
    git('update-index', '--chmod=+x', 'content/pages/about.md');
    commit();
    expect(decide().scope).toBe('content');
  });

  it('changes nothing at all', () => {
    commit();
    expect(decide()).toMatchObject({ scope: 'content', files: 0 });
  });
});

describe('a code change, whatever else it changes', () => {
  it('edits a file outside content/', () => {
    write('content/pages/about.md', 'edited\n');
    write('src/build.ts', 'export const x = 1;\n');
    commit();
    expect(decide()).toMatchObject({
      scope: 'code',
      reasons: ['src/build.ts (changed) is outside content/'],
    });
  });

  it('renames a file from content/ to outside it', () => {
    git('mv', 'content/pages/about.md', 'src/about.md');
    commit();
    const { scope, reasons } = decide();
    expect(scope).toBe('code');
    expect(reasons).toEqual(['src/about.md (added) is outside content/']);
  });

  it('renames a file from outside content/ into it', () => {
    git('mv', 'src/build.ts', 'content/pages/build.ts');
    commit();
    expect(decide()).toMatchObject({
      scope: 'code',
      reasons: ['src/build.ts (deleted) is outside content/'],
    });
  });

  it('deletes a file outside content/', () => {
    git('rm', '--quiet', 'package.json');
    commit();
    expect(decide()).toMatchObject({
      scope: 'code',
      reasons: ['package.json (deleted) is outside content/'],
    });
  });

  it('adds a symbolic link inside content/, or turns a content file into one', () => {
    symlinkSync('../../../package.json', path.join(dir, 'content/pages/package.md'));
    commit();
    expect(decide()).toMatchObject({
      scope: 'code',
      reasons: ['content/pages/package.md: a symbolic link'],
    });

    base = git('rev-parse', 'HEAD');
    rmSync(path.join(dir, 'content/images/van.jpg'));
    symlinkSync('/etc/passwd', path.join(dir, 'content/images/van.jpg'));
    commit();
    expect(decide()).toMatchObject({
      scope: 'code',
      reasons: ['content/images/van.jpg: a symbolic link'],
    });
  });

  it('adds a submodule inside content/', () => {
    git('update-index', '--add', '--cacheinfo', `160000,${base},content/vendor`);
    git('commit', '--quiet', '--message', 'submodule');
    expect(decide()).toMatchObject({ scope: 'code', reasons: ['content/vendor: a submodule'] });
  });

  it('names a path content/../x (a tree git itself would refuse, written by hand)', () => {
    const blob = git('hash-object', '-w', '--stdin', '--path', 'x');
    const up = execFileSync('git', ['mktree'], {
      cwd: dir,
      input: `100644 blob ${blob}\tx\n`,
      encoding: 'utf8',
    }).trim();
    const root = git('rev-parse', 'HEAD^{tree}');
    const content = git('rev-parse', 'HEAD:content');
    const listing = execFileSync('git', ['ls-tree', content], { cwd: dir, encoding: 'utf8' });
    const tricked = execFileSync('git', ['mktree'], {
      cwd: dir,
      input: `${listing}040000 tree ${up}\t..\n`,
      encoding: 'utf8',
    }).trim();
    const top = execFileSync('git', ['ls-tree', root], { cwd: dir, encoding: 'utf8' }).replace(
      `${content}\tcontent`,
      `${tricked}\tcontent`,
    );
    const tree = execFileSync('git', ['mktree'], { cwd: dir, input: top, encoding: 'utf8' }).trim();
    git('update-ref', 'HEAD', git('commit-tree', tree, '-p', base, '-m', 'trick'));
    expect(decide()).toMatchObject({
      scope: 'code',
      reasons: ['content/../x (added) has an empty, "." or ".." part in its path'],
    });
  });

  it('spells the folder another way', () => {
    write('Content/pages/about.md');
    write('contents/about.md');
    commit();
    expect(decide().reasons).toEqual([
      'Content/pages/about.md (added) is outside content/',
      'contents/about.md (added) is outside content/',
    ]);
  });
});

describe('the parts', () => {
  it("reads git's raw diff, renames and copies with both paths", () => {
    const zero = '0'.repeat(40);
    const raw = [
      `:100644 100644 ${zero} ${zero} R087`,
      'content/a.md',
      'src/a.md',
      `:000000 120000 ${zero} ${zero} A`,
      'content/link',
      '',
    ].join('\0');
    expect(parseRawDiff(raw)).toEqual([
      { status: 'R', fromMode: '100644', toMode: '100644', paths: ['content/a.md', 'src/a.md'] },
      { status: 'A', fromMode: '000000', toMode: '120000', paths: ['content/link'] },
    ]);
    expect(changeScope(parseRawDiff(raw)).reasons).toEqual([
      'src/a.md (renamed) is outside content/',
      'content/link: a symbolic link',
    ]);
  });

  it('takes a plain path under content/ and nothing else', () => {
    expect(outsideContent('content/services/oven-cleaning-services.md')).toBeUndefined();
    for (const file of [
      'content',
      'content/',
      'content//x.md',
      'content/./x.md',
      'content/../x',
      'content\\..\\x',
      './content/x.md',
      '/content/x.md',
      'README.md',
    ]) {
      expect(outsideContent(file), file).toBeDefined();
    }
  });

  it('runs as the workflow runs it, with Node and git alone, and writes its decision for the next jobs', () => {
    write('content/pages/about.md', 'edited\n');
    commit();
    const output = path.join(dir, 'github-output');
    const stdout = execFileSync(
      process.execPath,
      [path.join(PROJECT_ROOT, 'scripts/change-scope.mjs'), '--base', 'HEAD^1'],
      { cwd: dir, encoding: 'utf8', env: { ...process.env, GITHUB_OUTPUT: output } },
    );
    expect(stdout).toMatch(
      /^Content only: the 1 file changed since [0-9a-f]{12} are under content\//,
    );
    expect(execFileSync('cat', [output], { encoding: 'utf8' })).toBe(
      `scope=content\nbase=${base}\n`,
    );
  });
});
