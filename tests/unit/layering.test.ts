// The layering of src/ holds (.dependency-cruiser.cjs, run as its own command would run it): the
// kernel imports neither the generator, the apps nor the functions, and needs nothing of Node; the
// generator and the apps never import each other; the functions use the kernel alone; no file
// imports itself through others.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/sites.ts';

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
  cycle?: { name: string }[];
}

it('has no import across the layers and no cycle between files', () => {
  const folders = ['src', 'scripts', 'netlify'].filter((dir) => existsSync(path.join(PROJECT_ROOT, dir)));
  const run = spawnSync(path.join(PROJECT_ROOT, 'node_modules/.bin/depcruise'), [...folders, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], { cwd: PROJECT_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const output = JSON.parse(run.stdout) as { summary: { violations: Violation[] }; modules: { source: string }[] };
  const violations = output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.cycle ? v.cycle.map((step) => step.name).join(' → ') : v.to}`);
  expect(violations).toEqual([]);
  // The rules looked at the real files: the kernel, the generator and the apps are all there.
  expect(output.modules.filter((module) => /^src\/(kernel|generator|apps)\//.test(module.source)).length).toBeGreaterThan(250);
}, 120_000);
