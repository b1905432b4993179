// The real CLI on broken content: a clear report on stderr, a non-zero exit, and the old output left alone.
// Each case in tests/fixtures/broken/<case>/ holds only the files that differ from tests/fixtures/minimal-site/.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, lineContaining, MINIMAL_SITE, PROJECT_ROOT } from '../support/sites.ts';

const BROKEN = path.join(FIXTURES, 'broken');
/** What `npm run build` and `npm run check` run: the generator's bundle, made once for all the cases. */
const RUN = path.join(PROJECT_ROOT, 'scripts/run.mjs');

interface Case {
  /** The file of the case that is broken, relative to the content folder. */
  file: string;
  code: string;
  /** The front-matter field the report names, when the problem has one. */
  field?: string;
  /** Text on the line the report must point at, in the case's version of the file. */
  lineOf: string;
}

const CASES: Record<string, Case> = {
  'bad-yaml': { file: 'faqs/pets.md', code: 'yaml-syntax', lineOf: 'question:' },
  'missing-required-field': {
    file: 'services/companionship-visits.md',
    code: 'missing-field',
    field: 'summary',
    lineOf: 'slug:',
  },
  'wrong-type': {
    file: 'areas/bromley.md',
    code: 'wrong-type',
    field: 'inNavigation',
    lineOf: 'inNavigation:',
  },
  'unknown-area-reference': {
    file: 'services/regular-cleaning.md',
    code: 'unknown-reference',
    field: 'areaServed.0',
    lineOf: '- orpingtn',
  },
  'duplicate-slug': {
    file: 'services/weekly-cleaning.md',
    code: 'duplicate-slug',
    field: 'slug',
    lineOf: 'slug:',
  },
  'broken-internal-link': {
    file: 'pages/ardent-cleaning.md',
    code: 'broken-link',
    field: 'blocks.2.action.href',
    lineOf: 'href: /contact-us',
  },
  'broken-markdown-link': {
    file: 'pages/about.md',
    code: 'broken-link',
    lineOf: '(/get-in-touch)',
  },
  'raw-html': { file: 'pages/about.md', code: 'raw-html', lineOf: '<div class="note">' },
  'script-image-address': {
    file: 'faqs/pets.md',
    code: 'unsupported-image',
    lineOf: '(javascript:',
  },
};

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** At most this many CLI processes at once: the machine may be busy. */
const MAX_PROCESSES = 6;
let running = 0;
const waiting: (() => void)[] = [];

async function run(command: 'build' | 'check', args: string[]): Promise<Run> {
  if (running >= MAX_PROCESSES) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await runNow(command, args);
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

function runNow(command: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [RUN, command, ...args],
      { cwd: PROJECT_ROOT, timeout: 30_000, env: { ...process.env, URL: '' } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Every file under a folder with its bytes, plus the folder's own listing. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: Record<string, string> = {};
  for (const entry of entries) {
    const absolute = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, absolute);
    files[relative] = entry.isFile() ? (await readFile(absolute)).toString('base64') : '<dir>';
  }
  return files;
}

interface Prepared {
  root: string;
  content: string;
  dist: string;
  distBefore: Record<string, string>;
  rootBefore: string[];
  build: Run;
  check: Run;
  caseText: string;
}

let tempRoot: string;
const prepared = new Map<string, Prepared>();
let success: { root: string; dist: string; build: Run; rootAfter: string[] };

/** A temp folder with content/ (minimal site plus an overlay) and dist/ holding a marker from an "earlier build". */
async function prepare(
  name: string,
  overlay?: string,
): Promise<{ root: string; content: string; dist: string }> {
  const root = path.join(tempRoot, name);
  const content = path.join(root, 'content');
  const dist = path.join(root, 'dist');
  await cp(MINIMAL_SITE, content, { recursive: true });
  if (overlay) await cp(overlay, content, { recursive: true, force: true });
  await mkdir(dist, { recursive: true });
  await writeFile(path.join(dist, 'marker.txt'), `earlier build of ${name}\n`);
  await writeFile(path.join(dist, 'about.html'), '<!doctype html><title>Earlier</title>');
  return { root, content, dist };
}

beforeAll(async () => {
  tempRoot = await mkdtemp(path.join(tmpdir(), 'ssg-broken-'));
  const caseRuns = Object.entries(CASES).map(async ([name, spec]) => {
    const { root, content, dist } = await prepare(name, path.join(BROKEN, name));
    const distBefore = await snapshot(dist);
    const rootBefore = (await readdir(root)).sort();
    const [build, check] = await Promise.all([
      run('build', ['--content', content, '--out', dist]),
      run('check', ['--content', content, '--format', 'text']),
    ]);
    const caseText = await readFile(path.join(BROKEN, name, spec.file), 'utf8');
    prepared.set(name, { root, content, dist, distBefore, rootBefore, build, check, caseText });
  });
  const successRun = (async () => {
    const { root, content, dist } = await prepare('valid');
    const build = await run('build', ['--content', content, '--out', dist]);
    success = { root, dist, build, rootAfter: (await readdir(root)).sort() };
  })();
  await Promise.all([...caseRuns, successRun]);
}, 120_000);

afterAll(async () => {
  if (tempRoot) await rm(tempRoot, { recursive: true, force: true });
});

describe('broken-content fixtures', () => {
  it('has a folder for every case and a case for every folder', async () => {
    const folders = (await readdir(BROKEN, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.sort()).toEqual(Object.keys(CASES).sort());
  });

  it('each case changes the file it names', async () => {
    for (const [name, spec] of Object.entries(CASES)) {
      const original = await readFile(path.join(MINIMAL_SITE, spec.file), 'utf8').catch(() => '');
      expect(prepared.get(name)!.caseText, name).not.toBe(original);
    }
  });
});

describe.each(Object.entries(CASES))('npm run build on %s', (name, spec) => {
  const get = () => prepared.get(name)!;

  it('exits non-zero', () => {
    expect(get().build.code).not.toBe(0);
    expect(get().build.code).not.toBeNull(); // not killed by the timeout
  });

  it('names the file and line, the field and the problem code on stderr', () => {
    const { stderr } = get().build;
    const line = lineContaining(get().caseText, spec.lineOf);
    const location = new RegExp(
      `(?:^|\\s)\\S*content/${spec.file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:${line}\\s.*\\[${spec.code}\\]`,
      'm',
    );
    expect(stderr).toMatch(location);
    // The field, for the problems that have one.
    expect(stderr).toContain(spec.field === undefined ? '' : `  ${spec.field}: `);
    expect(stderr).toMatch(/^Content check failed: \d+ problems? in \d+ files?\.$/m);
  });

  it('prints no stack trace', () => {
    expect(get().build.stderr).not.toMatch(/^ {4}at /m);
    expect(get().build.stderr).not.toContain('generator');
  });

  it('leaves the output folder byte-for-byte as it was, with no temporary folder behind', async () => {
    const { root, dist, distBefore, rootBefore } = get();
    expect(await snapshot(dist)).toEqual(distBefore);
    const after = (await readdir(root)).sort();
    expect(after).toEqual(rootBefore);
    expect(after.filter((entry) => /\.(?:tmp|old)-/.test(entry))).toEqual([]);
    expect(get().build.stderr).toContain('is unchanged');
  });

  it('npm run check exits non-zero with the same report', () => {
    const { build, check } = get();
    expect(check.code).not.toBe(0);
    expect(check.code).not.toBeNull();
    const report = check.stderr.trimEnd();
    expect(report.length).toBeGreaterThan(0);
    expect(build.stderr.startsWith(report)).toBe(true);
    expect(check.stderr).not.toMatch(/^ {4}at /m);
  });
});

describe('npm run build on the valid minimal site', () => {
  it('exits 0 and says what it built', () => {
    expect(success.build.stderr).toBe('');
    expect(success.build.code).toBe(0);
    expect(success.build.stdout).toMatch(
      /^Built 13 pages \(\d+ files, [\d.]+ [KM]B\) in [\d.]+ s \([\d.]+ s with start-up, Node\.js v\d+\.\d+\.\d+\) into .*dist\/ \[build [0-9a-f]{16}\]$/m,
    );
  });

  it('replaces the earlier output', async () => {
    const files = await snapshot(success.dist);
    expect(files).not.toHaveProperty('marker.txt');
    expect(files).toHaveProperty('index.html');
    expect(files).toHaveProperty('build-manifest.json');
    const about = await readFile(path.join(success.dist, 'about.html'), 'utf8');
    expect(about).not.toContain('<title>Earlier</title>');
    expect(about).toContain('<title>About Tidy | Local Team</title>');
  });

  it('leaves no temporary or old folder behind', () => {
    expect(success.rootAfter).toEqual(['content', 'dist']);
  });
});
