// `npm run check -- --format <format>` as CI runs it (node scripts/run.mjs check): the report on
// the stream a program reads, every problem at once, and the same exit code in every format; and
// `--local-library`, which checks media library photos in the local Storage emulator.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemRecordSchema } from '../../../src/kernel/errors/report-formats.ts';
import { parseWorkflowCommand } from '../../support/github-commands.ts';
import { writePhoto } from '../../support/image-fixtures.ts';
import { startCountedLibrary } from '../../support/library-emulator.ts';
import { lintCase } from '../../support/lint.ts';
import {
  BROKEN_CASES,
  copyBrokenCase,
  editText,
  PROJECT_ROOT,
  REAL_CONTENT,
  removeTempCopies,
} from '../../support/sites.ts';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The check on a content folder, outside GitHub Actions unless `env` says otherwise. */
function check(
  contentDir: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<Run> {
  const { GITHUB_ACTIONS: _, ...rest } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/run.mjs', 'check', '--content', contentDir, ...args],
      { cwd: PROJECT_ROOT, timeout: 60_000, env: { ...rest, URL: '', ...env } },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
          stdout,
          stderr,
        }),
    );
  });
}

let broken: string;
let lintOnly: string;

beforeAll(async () => {
  // Two problems in two files: a wrong type and an unknown reference.
  broken = await copyBrokenCase('wrong-type');
  await cp(path.join(BROKEN_CASES, 'unknown-area-reference'), broken, {
    recursive: true,
    force: true,
  });
  // Valid content whose pages break a lint rule at the real thresholds: too few words.
  lintOnly = await lintCase();
}, 30_000);

afterAll(removeTempCopies);

describe('broken content', () => {
  it('text (the default): the report on stderr, exit code 1', async () => {
    const run = await check(broken);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^Content check failed: 2 problems in 2 files\.$/m);
    expect(run.stderr).toContain('[wrong-type]');
    expect(run.stderr).toContain('[unknown-reference]');
    expect(run.stdout).toBe('');
  });

  it('github: one error command per problem on stdout, nothing else there, exit code 1', async () => {
    const run = await check(broken, ['--format', 'github']);
    expect(run.code).toBe(1);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    const commands = lines.map(parseWorkflowCommand);
    expect(commands.map((command) => command?.command)).toEqual(['error', 'error']);
    expect(commands.map((command) => command!.properties.title)).toEqual([
      'A field has the wrong type [wrong-type]',
      'A reference names something that does not exist [unknown-reference]',
    ]);
    expect(commands[0]!.properties.file).toMatch(/areas\/bromley\.md$/);
    expect(commands[1]!.data).toMatch(/^areaServed\.0: No area "orpingtn" exists/);
  });

  it('github is the default inside GitHub Actions', async () => {
    const run = await check(broken, [], { GITHUB_ACTIONS: 'true' });
    expect(run.code).toBe(1);
    expect(
      run.stdout
        .trimEnd()
        .split('\n')
        .map((line) => parseWorkflowCommand(line)?.command),
    ).toEqual(['error', 'error']);
  });

  it('json: a list of the problems on stdout, exit code 1', async () => {
    const run = await check(broken, ['--format', 'json']);
    expect(run.code).toBe(1);
    const records = problemRecordSchema.array().parse(JSON.parse(run.stdout));
    expect(records.map((record) => [record.code, record.field, record.severity])).toEqual([
      ['wrong-type', 'inNavigation', 'error'],
      ['unknown-reference', 'areaServed.0', 'error'],
    ]);
  });
});

describe('content that breaks only the lint', () => {
  it('github: warnings, and still exit code 1 as before', async () => {
    const run = await check(lintOnly, ['--format', 'github']);
    expect(run.code).toBe(1);
    const commands = run.stdout.trimEnd().split('\n').map(parseWorkflowCommand);
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) {
      expect(command?.command).toBe('warning');
      expect(command!.properties.title).toBe('The page has too little copy [too-few-words]');
    }
    // The counts and the lint's table are for people: on stderr.
    expect(run.stderr).toMatch(/^Content OK: /m);
    expect(run.stderr).toMatch(/^Lint found \d+ problems? /m);
  });
});

describe('the real content', () => {
  it('json: an empty list and exit code 0', async () => {
    const run = await check(REAL_CONTENT, ['--format', 'json']);
    expect(run.stderr).toMatch(/^Lint OK: /m);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([]);
  });
});

describe('media library photos', () => {
  it('--local-library checks them in the local Storage emulator at STORAGE_EMULATOR_PORT; without it, this machine has no bucket to check them in', async () => {
    const [library, work] = await Promise.all([
      startCountedLibrary(),
      mkdtemp(path.join(tmpdir(), 'check-library-')),
    ]);
    try {
      await writePhoto(path.join(work, 'oven.jpg'), 1200, 800);
      await library.put(
        'oven.jpg',
        await readFile(path.join(work, 'oven.jpg')),
        'An oven with its racks back in, cleaned',
      );
      const content = path.join(work, 'content');
      await cp(REAL_CONTENT, content, { recursive: true });
      await editText(
        content,
        'services/oven-cleaning-services.md',
        'areaServed:\n',
        'images:\n  - src: storage:media/oven.jpg\nareaServed:\n',
      );
      const [local, unset] = await Promise.all([
        check(content, ['--format', 'json', '--local-library'], {
          STORAGE_EMULATOR_PORT: new URL(library.origin).port,
        }),
        check(content, ['--format', 'json'], { FIREBASE_STORAGE_BUCKET: '' }),
      ]);
      expect(JSON.parse(local.stdout), local.stderr).toEqual([]);
      expect(local.code).toBe(0);
      expect(library.counts.metadata).toBe(1);
      expect(unset.code).toBe(1);
      expect(
        problemRecordSchema
          .array()
          .parse(JSON.parse(unset.stdout))
          .map(({ code, field }) => ({ code, field })),
      ).toEqual([{ code: 'library-not-set-up', field: 'images.0.src' }]);
    } finally {
      await Promise.all([library.stop(), rm(work, { recursive: true, force: true })]);
    }
  });
});

it('refuses an unknown format with the usage line', async () => {
  const run = await check(REAL_CONTENT, ['--format', 'xml']);
  expect(run.code).toBe(1);
  expect(run.stderr).toContain('Unknown report format "xml": use text, json, github.');
  expect(run.stderr).toContain(
    'Usage: npm run check -- [--content <dir>] [--format text|json|github] [--local-library]',
  );
});
