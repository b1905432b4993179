// The project runs on one Node.js major, said once in .nvmrc: everything else that names a Node
// version must agree with it (package.json's engines and its `node` package, the generator's
// esbuild target, Node's types, netlify.toml for the build and the functions, both workflows), and
// the processes the suite starts must run on it. An older Node started by hand gets one line.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import TOML from '@iarna/toml';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { nodeVersionProblem, REQUIRED_NODE_MAJOR } from '../../scripts/require-node.mjs';
import { PROJECT_ROOT } from '../support/sites.ts';

const read = (file: string) => readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
const majorOf = (version: string) => Number(/(\d+)/.exec(version)?.[1]);
const pkg = JSON.parse(read('package.json')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, { version?: string }>;
};

describe('one Node.js major, named in .nvmrc', () => {
  it('is an LTS major: 24', () => {
    expect(read('.nvmrc').trim()).toBe('24');
    expect(REQUIRED_NODE_MAJOR).toBe(24);
  });

  it('package.json asks for it, installs it, and types it', () => {
    expect(pkg.engines.node).toBe(`>=${REQUIRED_NODE_MAJOR}`);
    expect(majorOf(pkg.devDependencies.node!)).toBe(REQUIRED_NODE_MAJOR);
    expect(majorOf(lock.packages['node_modules/node']!.version!)).toBe(REQUIRED_NODE_MAJOR);
    expect(majorOf(pkg.devDependencies['@types/node']!)).toBe(REQUIRED_NODE_MAJOR);
  });

  it('the generator is bundled for it', () => {
    expect(read('scripts/run.mjs')).toContain('target: `node${REQUIRED_NODE_MAJOR}`');
  });

  it('Netlify builds on it, and runs the functions on it', () => {
    const toml = TOML.parse(read('netlify.toml')) as {
      build: { environment: Record<string, string> };
    };
    expect(toml.build.environment.NODE_VERSION).toBe(String(REQUIRED_NODE_MAJOR));
    expect(toml.build.environment.AWS_LAMBDA_JS_RUNTIME).toBe(`nodejs${REQUIRED_NODE_MAJOR}.x`);
  });

  it('both workflows run on it', () => {
    for (const file of ['.github/workflows/content.yml', '.github/workflows/storage-rules.yml']) {
      const workflow = parse(read(file)) as {
        jobs: Record<
          string,
          { container?: string; steps: { uses?: string; with?: Record<string, unknown> }[] }
        >;
      };
      for (const [name, job] of Object.entries(workflow.jobs)) {
        // A job in a container (not every job has one) runs Node's image of that major.
        expect([undefined, `node:${REQUIRED_NODE_MAJOR}-bookworm`], `${file} ${name}`).toContain(
          job.container,
        );
        for (const step of job.steps.filter((s) => s.uses?.startsWith('actions/setup-node@')))
          expect(step.with, `${file} ${name}`).toMatchObject({ 'node-version-file': '.nvmrc' });
      }
    }
  });
});

describe('the processes the suite starts', () => {
  it('run on it: this vitest worker, and the node npm scripts find first on PATH', () => {
    expect(majorOf(process.version)).toBe(REQUIRED_NODE_MAJOR);
    const bundled = path.join(PROJECT_ROOT, 'node_modules/.bin/node');
    expect(existsSync(bundled)).toBe(true);
    expect(majorOf(spawnSync(bundled, ['--version'], { encoding: 'utf8' }).stdout)).toBe(
      REQUIRED_NODE_MAJOR,
    );
  });
});

describe('an older Node started by hand', () => {
  it('is told in one line which Node is needed and how to get it', () => {
    expect(nodeVersionProblem('v24.0.0')).toBeUndefined();
    expect(nodeVersionProblem('v26.1.0')).toBeUndefined();
    const problem = nodeVersionProblem('v20.20.2', '/usr/bin/node')!;
    expect(problem).not.toContain('\n');
    expect(problem).toMatch(
      /needs Node\.js 24 or later, and this is Node\.js v20\.20\.2 \(\/usr\/bin\/node\)/,
    );
    expect(problem).toMatch(/npm start, npm test/);
    expect(problem).toMatch(/\.nvmrc/);
  });

  // The machines this project runs on have an older system Node (Debian's, or the image's).
  const systemNode = ['/usr/bin/node', '/usr/local/bin/node'].find(
    (file) =>
      existsSync(file) &&
      majorOf(spawnSync(file, ['--version'], { encoding: 'utf8' }).stdout) < REQUIRED_NODE_MAJOR,
  );
  it.skipIf(!systemNode)(
    `stops there, before loading anything else: ${systemNode ?? 'no older system Node on this machine'}`,
    () => {
      for (const args of [
        ['scripts/run.mjs', 'build'],
        ['scripts/run.mjs', 'serve'],
      ]) {
        const run = spawnSync(systemNode!, args, { cwd: PROJECT_ROOT, encoding: 'utf8' });
        expect(run.status).toBe(1);
        expect(run.stdout).toBe('');
        expect(run.stderr.trim().split('\n')).toHaveLength(1);
        expect(run.stderr).toMatch(/needs Node\.js 24 or later/);
      }
    },
  );
});
