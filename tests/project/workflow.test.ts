// .github/workflows/content.yml holds its shape: a first job decides whether a pull request touches
// content/ alone (without npm ci), a content-only change runs `npm run check:change`, anything else
// and every push to main runs the code suite, both with the media library's bucket, and one final
// job of a fixed name (the check branch protection requires and the builder waits for) always
// reports, failing when a job that was needed did not pass. The split is made by jobs, never by
// `on.paths`. The commands are the README's (or the docs'), so what a contributor is told to run is
// what CI runs.
// .github/workflows/storage-rules.yml, a workflow of its own so that GitHub's `paths` filter runs
// it only on the pull requests that touch the policy, evaluates storage.rules in the official
// Storage emulator, with Java 21 installed and the emulator required, never skipped.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import playwrightConfig from '../../playwright.config.ts';
import { REQUIRED_CHECK } from '../../src/functions/github/checks.ts';
import { documentationFiles } from '../support/markdown-docs.ts';
import {
  officialEmulatorPlan,
  REQUIRE_OFFICIAL_EMULATOR,
} from '../support/official-storage-emulator.ts';
import { PROJECT_ROOT } from '../support/sites.ts';

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

interface Job {
  name?: string;
  'runs-on': string;
  container?: string | { image: string };
  needs?: string | string[];
  if?: string;
  env?: Record<string, string>;
  outputs?: Record<string, string>;
  steps: Step[];
}

interface Workflow {
  on: Record<string, { paths?: string[]; 'paths-ignore'?: string[]; branches?: string[] } | null>;
  jobs: Record<string, Job>;
}

const read = (file: string) => readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
const workflow = parse(read('.github/workflows/content.yml')) as Workflow;
const jobs = Object.values(workflow.jobs);
const byName = (name: string) => {
  const job = jobs.find((candidate) => candidate.name === name);
  if (!job) throw new Error(`content.yml has no job named "${name}"`);
  return job;
};
const idOf = (job: Job) =>
  Object.entries(workflow.jobs).find(([, candidate]) => candidate === job)![0];
const runsOf = (job: Job) =>
  job.steps.filter((step) => step.run !== undefined).map((step) => step.run!.trim());
const needsOf = (job: Job) => [job.needs ?? []].flat();

const changes = byName('What the change touches');
const content = byName('Check the content change');
const code = byName('Check the content and run the tests');
const final = byName(REQUIRED_CHECK);

/**
 * Every npm command the documentation names: the README's opening code block (split at &&) and
 * commands in backticks in the README and in every docs/*.md.
 */
function documentedCommands(): Set<string> {
  const docs = documentationFiles().filter((file) => file.startsWith('docs/'));
  const readme = read('README.md');
  const commands = new Set<string>();
  const block = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  for (const line of block.split('\n'))
    for (const part of line.replace(/#.*$/, '').split('&&'))
      if (part.trim()) commands.add(part.trim());
  for (const text of [readme, ...docs.map(read)])
    for (const match of text.matchAll(/`(npm (?:ci|test|start|run [a-z:]+))`/g))
      commands.add(match[1]!);
  return commands;
}

/** The command as documented: npm's own part, without the arguments after `--`. */
const commandOf = (run: string) => run.split(' -- ')[0]!.trim();

describe('.github/workflows/content.yml', () => {
  it('runs on every pull request and on pushes to main, with no path filter anywhere', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push']);
    expect(workflow.on.push?.branches).toEqual(['main']);
    // A workflow skipped by a paths filter leaves a required check pending for ever: the split is made by a job.
    for (const [event, filter] of Object.entries(workflow.on)) {
      expect(filter?.paths, `on.${event}.paths`).toBeUndefined();
      expect(filter?.['paths-ignore'], `on.${event}.paths-ignore`).toBeUndefined();
    }
  });

  it('has the four jobs, the required check last, named as the builder and branch protection expect', () => {
    expect(jobs).toHaveLength(4);
    expect(final.name).toBe(REQUIRED_CHECK);
    expect(REQUIRED_CHECK).toBe('All checks');
  });

  it('decides with git and Node alone, before any npm ci, on pull requests; a push to main gets no decision and so runs the code suite', () => {
    expect(changes.container).toBeUndefined();
    expect(runsOf(changes)).toEqual(['node scripts/change-scope.mjs --base HEAD^1']);
    const decide = changes.steps.find((step) => step.run)!;
    expect(decide.if).toBe("github.event_name == 'pull_request'");
    expect(changes.outputs).toEqual({
      scope: `\${{ steps.${decide.id}.outputs.scope }}`,
      base: `\${{ steps.${decide.id}.outputs.base }}`,
    });
    // The merge commit and its first parent, the base it is merged onto.
    const checkout = changes.steps.find((step) => step.uses?.startsWith('actions/checkout@'));
    expect(checkout?.with?.['fetch-depth']).toBe(2);
    expect(existsSync(path.join(PROJECT_ROOT, 'scripts/change-scope.mjs'))).toBe(true);
  });

  it('checks a content-only change with npm run check:change against the base, and anything else with the code suite', () => {
    expect(needsOf(content)).toEqual([idOf(changes)]);
    expect(content.if).toBe("needs.changes.outputs.scope == 'content'");
    expect(runsOf(content)).toEqual(['npm ci', 'npm run check:change -- --base "$BASE"']);
    expect(content.steps.find((step) => step.run?.startsWith('npm run check:change'))?.env).toEqual(
      { BASE: '${{ needs.changes.outputs.base }}' },
    );
    expect(
      content.steps.find((step) => step.uses?.startsWith('actions/checkout@'))?.with?.[
        'fetch-depth'
      ],
    ).toBe(2);

    expect(needsOf(code)).toEqual([idOf(changes)]);
    // Not "scope == 'code'": a push to main has no scope, and runs the code suite.
    expect(code.if).toBe("needs.changes.outputs.scope != 'content'");
    expect(runsOf(code)).toEqual(['npm ci', 'npm run check', 'npm test -- --platform']);
    // Netlify's CLI, installed by the platform step from its own lock file, is kept between runs.
    expect(code.steps.find((step) => step.uses?.startsWith('actions/cache@'))?.with).toEqual({
      path: 'tools/netlify/node_modules',
      key: "netlify-tools-${{ hashFiles('tools/netlify/package-lock.json') }}",
    });
  });

  it('gives both checking jobs the media library bucket, from the repository variable', () => {
    for (const job of [content, code])
      expect(job.env?.FIREBASE_STORAGE_BUCKET, job.name).toBe(
        '${{ vars.FIREBASE_STORAGE_BUCKET }}',
      );
  });

  it("runs the checks in Debian 12, whose apt has a real chromium package, on .nvmrc's Node with npm's cache", () => {
    for (const job of [content, code]) {
      const container = job.container;
      expect(typeof container === 'string' ? container : container?.image, job.name).toMatch(
        /^node:\d+-bookworm$/,
      );
      expect(
        job.steps.find((step) => step.uses?.startsWith('actions/setup-node@'))?.with,
        job.name,
      ).toMatchObject({ 'node-version-file': '.nvmrc', cache: 'npm' });
    }
  });

  it('runs only commands the README or the docs give', () => {
    const documented = documentedCommands();
    for (const run of [...runsOf(content), ...runsOf(code)])
      expect(documented, `the docs name ${commandOf(run)}`).toContain(commandOf(run));
    // The README's own first lines are the ones CI runs.
    for (const command of ['npm ci', 'npm test']) expect(documented).toContain(command);
  });

  it('keeps test-results/ as an artefact of either check, also when it fails: the unit and browser results and the Lighthouse reports', () => {
    for (const [job, command] of [
      [content, 'npm run check:change'],
      [code, 'npm test'],
    ] as const) {
      const upload = job.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'));
      expect(upload?.with?.path, job.name).toBe('test-results/');
      expect(upload?.if).toMatch(/always\(\)|!cancelled\(\)|failure\(\)/);
      expect(job.steps.indexOf(upload!)).toBeGreaterThan(
        job.steps.findIndex((step) => step.run?.startsWith(command)),
      );
    }
    // Where the suite and check:change write them: all under test-results/.
    expect(read('tests/runners/lighthouse.ts')).toMatch(/'test-results\/lighthouse'/);
    expect(read('scripts/check-change.ts')).toMatch(/'test-results', 'lighthouse'/);
    expect(read('tests/run.ts')).toContain("'--outputFile.json=test-results/unit.json'");
    expect(playwrightConfig.outputDir).toMatch(/^test-results\//);
  });
});

describe('the required check, "All checks"', () => {
  it('always runs, after every other job', () => {
    expect(final.if).toBe('always()');
    expect(needsOf(final).sort()).toEqual([idOf(changes), idOf(content), idOf(code)].sort());
  });

  // The final job's own script, run here as GitHub runs it, with each combination of results.
  const step = final.steps.find((candidate) => candidate.run)!;
  const verdict = (results: { changes: string; scope: string; content: string; code: string }) => {
    const env: Record<string, string> = { PATH: process.env.PATH ?? '' };
    for (const [name, value] of Object.entries(step.env ?? {})) {
      const source = /^\$\{\{ needs\.(\w+)\.(result|outputs\.scope) \}\}$/.exec(value);
      if (!source)
        throw new Error(`${name}: ${value} is not a needed job's result or the decision`);
      env[name] =
        source[2] === 'result'
          ? results[source[1] as 'changes' | 'content' | 'code']
          : results.scope;
    }
    return spawnSync('bash', ['-e', '-c', step.run!], { env, encoding: 'utf8' }).status;
  };

  it('passes when the job the change needed passed and the other was skipped', () => {
    expect(
      verdict({ changes: 'success', scope: 'content', content: 'success', code: 'skipped' }),
    ).toBe(0);
    expect(
      verdict({ changes: 'success', scope: 'code', content: 'skipped', code: 'success' }),
    ).toBe(0);
    // A push to main: no decision, the code suite.
    expect(verdict({ changes: 'success', scope: '', content: 'skipped', code: 'success' })).toBe(0);
  });

  it('fails when the job the change needed failed, was cancelled or did not run, or the decision itself failed', () => {
    for (const result of ['failure', 'cancelled', 'skipped']) {
      expect(
        verdict({ changes: 'success', scope: 'content', content: result, code: 'skipped' }),
        `content ${result}`,
      ).toBe(1);
      expect(
        verdict({ changes: 'success', scope: 'code', content: 'skipped', code: result }),
        `code ${result}`,
      ).toBe(1);
    }
    for (const result of ['failure', 'cancelled'])
      expect(
        verdict({ changes: result, scope: '', content: 'skipped', code: 'skipped' }),
        `decision ${result}`,
      ).toBe(1);
    // The code suite cannot stand in for a content change's checks, nor the other way round.
    expect(
      verdict({ changes: 'success', scope: 'content', content: 'skipped', code: 'success' }),
    ).toBe(1);
    expect(
      verdict({ changes: 'success', scope: 'code', content: 'success', code: 'skipped' }),
    ).toBe(1);
    expect(
      verdict({ changes: 'success', scope: 'content', content: 'success', code: 'failure' }),
    ).toBe(1);
  });
});

describe('.github/workflows/storage-rules.yml', () => {
  const rulesWorkflow = parse(read('.github/workflows/storage-rules.yml')) as Workflow;
  const job = rulesWorkflow.jobs['storage-rules']!;
  const table = 'tests/unit/generator/emulators/storage-policy.test.ts';

  it('runs on every pull request that touches the rules, the policy, the table or itself, and on every push to main', () => {
    const paths = rulesWorkflow.on.pull_request?.paths ?? [];
    for (const file of [
      'storage.rules',
      'src/generator/emulators/storage-policy.ts',
      'src/kernel/wire/media-rules.ts',
      'src/kernel/wire/thumbnail-rules.ts',
      'src/kernel/wire/library-reference.ts',
      'tests/support/storage-policy-cases.ts',
      'tests/support/official-storage-emulator.ts',
      table,
      '.github/workflows/storage-rules.yml',
    ]) {
      expect(paths, file).toContain(file);
    }
    // A path that names no file would filter out the very change it is there for.
    for (const file of paths) expect(existsSync(path.join(PROJECT_ROOT, file)), file).toBe(true);
    expect(rulesWorkflow.on.push).toEqual({ branches: ['main'] });
  });

  it(".nvmrc's Node and Java 21 (Temurin) on a GitHub runner, where the rules runtime can be downloaded", () => {
    expect(job['runs-on']).toBe('ubuntu-latest');
    expect(job.container).toBeUndefined();
    const setupJava = job.steps.find((step) => step.uses?.startsWith('actions/setup-java@'));
    expect(setupJava?.with).toEqual({ distribution: 'temurin', 'java-version': 21 });
    const setupNode = job.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    expect(setupNode?.with).toMatchObject({ 'node-version-file': '.nvmrc' });
  });

  it('downloads the rules runtime, then runs the table against storage.rules with the official emulator required', () => {
    const jobRuns = job.steps
      .filter((step) => step.run !== undefined)
      .map((step) => step.run!.trim());
    expect(jobRuns).toEqual([
      'npm ci',
      'npx firebase setup:emulators:storage',
      `npx vitest run ${table}`,
    ]);
    expect(job.env?.[REQUIRE_OFFICIAL_EMULATOR]).toBe('true');
    // With the job's environment, an emulator that cannot start fails the table instead of skipping it.
    expect(officialEmulatorPlan('no Java is installed', job.env ?? {})).toHaveProperty('fail');
    expect(read(table)).toContain('officialEmulatorPlan(');
  });
});
