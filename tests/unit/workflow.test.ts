// .github/workflows/content.yml parses as YAML and runs the README's commands, so the two cannot
// drift: what a contributor is told to run is what CI runs, in the order the README gives.
// .github/workflows/storage-rules.yml, a workflow of its own so that GitHub's `paths` filter runs
// it only on the pull requests that touch the policy, evaluates storage.rules in the official
// Storage emulator, with Java 21 installed and the emulator required, never skipped.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import playwrightConfig from '../../playwright.config.ts';
import { officialEmulatorPlan, REQUIRE_OFFICIAL_EMULATOR } from '../support/official-storage-emulator.ts';
import { PROJECT_ROOT } from '../support/sites.ts';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
}

interface Workflow {
  on: { pull_request?: { paths?: string[] } | null; push?: { branches?: string[]; paths?: string[] } };
  jobs: Record<string, { 'runs-on': string; container?: string | { image: string }; env?: Record<string, string>; steps: Step[] }>;
}

const read = (file: string) => readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
const workflow = parse(read('.github/workflows/content.yml')) as Workflow;
const jobs = Object.values(workflow.jobs);
const steps = jobs.flatMap((job) => job.steps);
const runs = steps.filter((step) => step.run !== undefined).map((step) => step.run!.trim());

/** Every npm command the README names: in its opening code block (split at &&) and in backticks. */
function readmeCommands(): Set<string> {
  const readme = read('README.md');
  const commands = new Set<string>();
  const block = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  for (const line of block.split('\n')) for (const part of line.replace(/#.*$/, '').split('&&')) if (part.trim()) commands.add(part.trim());
  for (const match of readme.matchAll(/`(npm (?:ci|test|start|run [a-z:]+))`/g)) commands.add(match[1]!);
  return commands;
}

describe('.github/workflows/content.yml', () => {
  it('runs on pull requests and on pushes to main', () => {
    expect(workflow.on.pull_request).toBeDefined();
    expect(workflow.on.push?.branches).toEqual(['main']);
  });

  it("runs in Debian 12, whose apt has a real chromium package, on .nvmrc's Node", () => {
    expect(jobs).toHaveLength(1);
    const container = jobs[0]!.container;
    expect(typeof container === 'string' ? container : container?.image).toMatch(/^node:\d+-bookworm$/);
    const setupNode = steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
    expect(setupNode?.with).toMatchObject({ 'node-version-file': '.nvmrc', cache: 'npm' });
  });

  it('runs npm ci, npm run check and npm test, in that order, each a command the README gives', () => {
    expect(runs).toEqual(['npm ci', 'npm run check', 'npm test']);
    const documented = readmeCommands();
    for (const command of runs) expect(documented, `README names ${command}`).toContain(command);
    // The README's own first lines are the ones CI runs.
    expect(documented).toContain('npm ci');
    expect(documented).toContain('npm test');
    expect(documented).toContain('npm run check');
  });

  it('keeps test-results/ as an artefact, also when the tests fail: the unit and browser results and the Lighthouse reports', () => {
    const upload = steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.with?.path).toBe('test-results/');
    expect(upload?.if).toMatch(/always\(\)|!cancelled\(\)|failure\(\)/);
    expect(steps.indexOf(upload!)).toBeGreaterThan(steps.findIndex((step) => step.run?.trim() === 'npm test'));
    // Where the suite writes them: all under test-results/.
    expect(read('scripts/lighthouse.ts')).toMatch(/'test-results\/lighthouse'/);
    expect(read('scripts/test.ts')).toContain("'--outputFile.json=test-results/unit.json'");
    expect(playwrightConfig.outputDir).toMatch(/^test-results\//);
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
    const jobRuns = job.steps.filter((step) => step.run !== undefined).map((step) => step.run!.trim());
    expect(jobRuns).toEqual(['npm ci', 'npx firebase setup:emulators:storage', `npx vitest run ${table}`]);
    expect(job.env?.[REQUIRE_OFFICIAL_EMULATOR]).toBe('true');
    // With the job's environment, an emulator that cannot start fails the table instead of skipping it.
    expect(officialEmulatorPlan('no Java is installed', job.env ?? {})).toHaveProperty('fail');
    expect(read(table)).toContain('officialEmulatorPlan(');
  });
});
