// `npm run check:change` as the local backend runs it (node --import tsx scripts/check-change.ts
// --format json --base <commit>): what it asks for, and a base it cannot use said on the last line,
// which is what the builder shows when there is no report of problems (check-runner.ts).
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { failureOf } from '../../../src/functions/local/check-runner.ts';
import { PROJECT_ROOT } from '../../support/sites.ts';

let cache: string;
beforeAll(async () => {
  cache = await mkdtemp(path.join(tmpdir(), 'check-change-cli-'));
});
afterAll(() => rm(cache, { recursive: true, force: true }));

function checkChange(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { GITHUB_ACTIONS: _, ...env } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/check-change.ts', ...args],
      { cwd: PROJECT_ROOT, timeout: 90_000, env: { ...env, URL: '' } },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
          stdout,
          stderr,
        }),
    );
  });
}

it('asks for the base, in one line with the usage', async () => {
  const run = await checkChange([]);
  expect(run.code).toBe(1);
  expect(run.stderr).toMatch(/^Which commit is the change made on\? Give it with --base/);
  expect(run.stderr).toContain('Usage: npm run check:change -- --base <branch, tag or commit>');
});

it('refuses a --skip that names no gate, naming the gates there are', async () => {
  const run = await checkChange(['--base', 'HEAD', '--skip', 'axe,contrast']);
  expect(run.code).toBe(1);
  expect(run.stderr).toMatch(
    /^--skip names no gate: contrast\. The gates are html-validate, w3c, links, json-ld, axe, lighthouse\./,
  );
});

it('says on its last line that a base git does not have stopped it, and the local backend shows that line', async () => {
  const run = await checkChange(['--base', 'no-such-branch', '--format', 'json', '--cache', cache]);
  expect(run.code).toBe(1);
  // stdout holds the report alone: the content check's problems, if the checkout has any.
  expect(Array.isArray(JSON.parse(run.stdout))).toBe(true);
  const last = run.stderr.trim().split('\n').pop();
  expect(last).toMatch(
    /^check:change failed in [\d.]+ s \([\d.]+ s with start-up\)(, \d+ problems?)?\. It could not finish: The base "no-such-branch" is not a commit this repository has\./,
  );
  // With no problem in the report (a clean checkout), the builder shows that line.
  expect(failureOf('[]', run.stderr).firstProblem).toMatch(
    /^The check stopped without a report: check:change failed .* The base "no-such-branch" is not a commit this repository has/,
  );
}, 120_000);
