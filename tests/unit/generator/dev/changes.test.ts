import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createIgnoreMatcher,
  describeChanges,
  needsFreshModules,
  watchTargets,
  type FileChange,
} from '../../../../src/generator/dev/changes.ts';

const root = path.resolve('/project');
const at = (relative: string) => path.join(root, relative);
const change = (relative: string, kind: FileChange['kind'] = 'change'): FileChange => ({
  kind,
  path: at(relative),
});

describe('watchTargets', () => {
  it('watches the content folder, src, public and netlify.toml', () => {
    expect(watchTargets({ projectRoot: root, contentDir: '/elsewhere/content' })).toEqual([
      '/elsewhere/content',
      at('src'),
      at('public'),
      at('netlify.toml'),
    ]);
  });
});

describe('createIgnoreMatcher', () => {
  const ignored = createIgnoreMatcher(root);
  it('skips the dev server and the local server, which are not part of the build', () => {
    expect(ignored(at('src/generator/dev'))).toBe(true);
    expect(ignored(at('src/generator/dev/dev-server.ts'))).toBe(true);
    expect(ignored(at('src/generator/server/create-server.ts'))).toBe(true);
    expect(ignored(at('src/devices.ts'))).toBe(false);
    expect(ignored(at('src/generator/build.ts'))).toBe(false);
  });
  it('skips editor swap and backup files', () => {
    for (const name of [
      '.x.md.swp',
      '4913',
      'x.md~',
      '.#x.md',
      'x.md___jb_tmp___',
      '.DS_Store',
      'sed8BzVPW',
    ]) {
      expect(ignored(at(`content/services/${name}`))).toBe(true);
    }
    expect(ignored(at('content/services/x.md'))).toBe(false);
    expect(ignored(at('public/.well-known/security.txt'))).toBe(false);
  });
});

describe('needsFreshModules', () => {
  it('is true for the generator’s code', () => {
    expect(needsFreshModules(change('src/kernel/templates/standard.tsx'), root)).toBe(true);
    expect(needsFreshModules(change('src/kernel/components/Header.tsx'), root)).toBe(true);
    expect(needsFreshModules(change('src/kernel/schema', 'addDir'), root)).toBe(true);
    // The stylesheet is part of the render code key: the browser bundle is made again.
    expect(needsFreshModules(change('src/kernel/styles/site.css'), root)).toBe(true);
  });
  it('is false for what every build reads from disk anyway', () => {
    expect(needsFreshModules(change('content/services/x.md'), root)).toBe(false);
    expect(needsFreshModules(change('public/favicon.svg'), root)).toBe(false);
    expect(needsFreshModules(change('netlify.toml'), root)).toBe(false);
  });
});

describe('describeChanges', () => {
  it('names a single file and what happened to it', () => {
    expect(
      describeChanges([change('content/services/x.md'), change('content/services/x.md')], root),
    ).toBe('content/services/x.md changed');
    expect(describeChanges([change('content/faqs/new.md', 'add')], root)).toBe(
      'content/faqs/new.md added',
    );
    expect(describeChanges([change('public/old.svg', 'unlink')], root)).toBe(
      'public/old.svg deleted',
    );
  });
  it('lists a few files and counts the rest', () => {
    expect(describeChanges([change('a.md'), change('b.md')], root)).toBe('a.md and b.md changed');
    expect(describeChanges([change('a.md'), change('b.md'), change('c.md')], root)).toBe(
      'a.md, b.md and c.md changed',
    );
    expect(
      describeChanges(
        ['a', 'b', 'c', 'd', 'e'].map((name) => change(`${name}.md`)),
        root,
      ),
    ).toBe('a.md, b.md and 3 more files changed');
  });
  it('shows files outside the project with their full path', () => {
    expect(describeChanges([{ kind: 'change', path: '/tmp/content/x.md' }], root)).toBe(
      '/tmp/content/x.md changed',
    );
  });
});

describe('trimStack', () => {
  it('drops frames from node_modules and Node itself', async () => {
    const { trimStack } = await import('../../../../src/generator/dev/dev-server.ts');
    const stack = [
      'TransformError: Transform failed with 1 error:',
      '/project/templates/standard.tsx:11:6: ERROR: Expected ">" but found "{"',
      '    at failureErrorWithLog (/project/node_modules/esbuild/lib/main.js:1752:15)',
      '    at renderPage (/project/src/render/render-page.tsx:40:3)',
      '    at Socket.emit (node:events:524:28)',
      '    at addChunk (node:internal/streams/readable:561:12)',
    ].join('\n');
    expect(trimStack(stack)).toBe(
      [
        'TransformError: Transform failed with 1 error:',
        '/project/templates/standard.tsx:11:6: ERROR: Expected ">" but found "{"',
        '    at renderPage (/project/src/render/render-page.tsx:40:3)',
      ].join('\n'),
    );
  });
});
