// A unit test stands where a newcomer looks for it: tests/unit/ mirrors the sources, so the test of
// src/<path>.ts is tests/unit/<path>.test.ts. Tests of scripts/ and netlify/ mirror those folders
// (tests/unit/scripts/…, tests/unit/netlify/…), and tests of the tests' own helpers mirror
// tests/support/ (tests/unit/support/…). A second test of one file is named after it too, with what
// it checks: build.update.test.ts tests src/generator/build.ts. What checks the project as a whole
// (the workflows, the docs, a whole build) lives in tests/project/.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs'];
const TEST_FILE = /^(?<name>[^/]+?)\.test\.tsx?$/;

/** Every file under a folder, as paths relative to it with forward slashes; none if it is absent. */
function filesUnder(folder: string): string[] {
  try {
    if (!statSync(folder).isDirectory()) return [];
  } catch {
    return [];
  }
  return (readdirSync(folder, { recursive: true }) as string[])
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => statSync(path.join(folder, name)).isFile());
}

/** The folder of the repository that tests/unit/<first>/… mirrors. */
function mirroredFolder(first: string): string {
  if (first === 'scripts' || first === 'netlify') return first;
  if (first === 'support') return 'tests/support';
  return `src/${first}`;
}

/** Where a test of this source file belongs. */
function testPathOf(source: string): string {
  const withoutExtension = source.replace(/\.[cm]?tsx?$|\.mjs$/, '');
  const mirrored = withoutExtension.replace(/^src\//, '').replace(/^tests\/support\//, 'support/');
  return `tests/unit/${mirrored}.test.${source.endsWith('x') ? 'tsx' : 'ts'}`;
}

/**
 * The files under tests/unit/ of a repository that stand where no source file matches, each with
 * where it should go.
 */
function misplacedTests(root: string): string[] {
  const sources = ['src', 'scripts', 'netlify', 'tests/support'].flatMap((folder) =>
    filesUnder(path.join(root, folder))
      .map((name) => `${folder}/${name}`)
      .filter((file) => SOURCE_EXTENSIONS.includes(path.extname(file))),
  );
  const sourceSet = new Set(sources);
  const problems: string[] = [];
  for (const name of filesUnder(path.join(root, 'tests/unit')).sort()) {
    const file = `tests/unit/${name}`;
    const test = TEST_FILE.exec(path.posix.basename(name))?.groups?.name;
    if (test === undefined) {
      problems.push(
        `${file}: not a test (<name>.test.ts or .tsx); a helper of the tests belongs in tests/support/.`,
      );
      continue;
    }
    const [first, ...rest] = path.posix.dirname(name).split('/');
    const folder = first === '.' ? 'src' : [mirroredFolder(first!), ...rest].join('/');
    // build.update.test.ts is a second test of build.ts: the source is the name before its first dot.
    const stems = [...new Set([test, test.split('.')[0]!])];
    const found = stems.some((stem) =>
      SOURCE_EXTENSIONS.some((extension) => sourceSet.has(`${folder}/${stem}${extension}`)),
    );
    if (found) continue;
    const namesakes = sources.filter((source) =>
      stems.includes(path.posix.basename(source).replace(/\.[^.]+$/, '')),
    );
    const where = namesakes.length
      ? `a file of that name is ${namesakes.join(', ')}: move the test to ${namesakes.map(testPathOf).join(' or ')}`
      : 'move it to tests/unit/<path of the file it tests>.test.ts, named after that file, or to tests/project/ if it checks the project as a whole';
    problems.push(
      `${file}: no ${folder}/${stems.at(-1)}.ts, .tsx, .mts or .mjs to test; ${where}.`,
    );
  }
  return problems;
}

describe('tests/unit/', () => {
  it('holds only tests that mirror a source file', () => {
    expect(misplacedTests(PROJECT_ROOT)).toEqual([]);
  });
});

describe('the layout check', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'test-layout-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string) => {
    mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(root, file), '');
  };
  for (const file of [
    'src/kernel/lint/rules/alt-text.ts',
    'src/generator/build.ts',
    'src/apps/builder/ui/Builder.tsx',
    'scripts/change-scope.mjs',
    'netlify/functions/history.mts',
    'tests/support/e2e/json-report.ts',
    'tests/unit/generator/build.test.ts',
    'tests/unit/generator/build.update.test.ts',
    'tests/unit/apps/builder/ui/Builder.test.tsx',
    'tests/unit/scripts/change-scope.test.ts',
    'tests/unit/netlify/functions/history.test.ts',
    'tests/unit/support/e2e/json-report.test.ts',
    'tests/unit/kernel/lint/alt-text.test.ts',
    'tests/unit/whole-build.test.ts',
    'tests/unit/generator/helpers.ts',
  ])
    write(file);

  it('finds each test that stands where no source file is, and says where it should go', () => {
    expect(misplacedTests(root)).toEqual([
      'tests/unit/generator/helpers.ts: not a test (<name>.test.ts or .tsx); a helper of the tests belongs in tests/support/.',
      'tests/unit/kernel/lint/alt-text.test.ts: no src/kernel/lint/alt-text.ts, .tsx, .mts or .mjs to test; a file of that name is src/kernel/lint/rules/alt-text.ts: move the test to tests/unit/kernel/lint/rules/alt-text.test.ts.',
      'tests/unit/whole-build.test.ts: no src/whole-build.ts, .tsx, .mts or .mjs to test; move it to tests/unit/<path of the file it tests>.test.ts, named after that file, or to tests/project/ if it checks the project as a whole.',
    ]);
  });
});
