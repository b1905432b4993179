// The layering holds (.dependency-cruiser.cjs, run as `npm run layering` runs it): the kernel
// imports neither the generator, the apps nor the functions, and needs nothing of Node; the
// generator and the apps never import each other; the functions use the kernel alone; nothing
// outside tests/ imports from it; no file imports itself through others. dependency-cruiser reads the TypeScript through TypeScript 6's
// JavaScript API (scripts/typescript-api.mjs): TypeScript 7, the typecheck's compiler, has none.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/sites.ts';

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
  cycle?: { name: string }[];
}

interface Dependency {
  resolved: string;
  dependencyTypes: string[];
}

/** `npm run layering`'s command, with JSON out. */
function cruise(...extra: string[]) {
  const [command, ...args] = (
    JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts.layering!.split(' ');
  expect(command).toBe('node');
  return spawnSync(process.execPath, [...args, ...extra], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

it('has no import across the layers and no cycle between files', () => {
  const run = cruise('--output-type', 'json');
  const output = JSON.parse(run.stdout) as {
    summary: { violations: Violation[] };
    modules: { source: string; dependencies: Dependency[] }[];
  };
  const violations = output.summary.violations.map(
    (v) =>
      `${v.rule.name}: ${v.from} → ${v.cycle ? v.cycle.map((step) => step.name).join(' → ') : v.to}`,
  );
  expect(violations).toEqual([]);
  // The rules looked at the real files, and read their imports as TypeScript: the kernel, the
  // generator and the apps are all there, with a type-only import and a lazy import() each seen for
  // what they are (a parser that guessed at TypeScript would miss or misread them).
  expect(
    output.modules.filter((module) => /^src\/(kernel|generator|apps)\//.test(module.source)).length,
  ).toBeGreaterThan(250);
  // And the commands, the bench and the tests, so that nothing outside tests/ imports from it.
  for (const folder of ['scripts/', 'bench/', 'tests/e2e/', 'tests/unit/', 'tests/project/'])
    expect(
      output.modules.some((module) => module.source.startsWith(folder)),
      folder,
    ).toBe(true);
  const signIn = output.modules.find(
    (module) => module.source === 'src/apps/islands/sign-in-start.ts',
  )!;
  expect(signIn.dependencies).toContainEqual(
    expect.objectContaining({
      resolved: 'src/apps/islands/screen-login.ts',
      dependencyTypes: expect.arrayContaining(['dynamic-import']),
    }),
  );
  expect(signIn.dependencies).toContainEqual(
    expect.objectContaining({
      resolved: 'src/kernel/wire/screens.ts',
      dependencyTypes: expect.arrayContaining(['type-only']),
    }),
  );
}, 120_000);

it("reads TypeScript with TypeScript 6's API, while the typecheck runs TypeScript 7", () => {
  expect(cruise('--info').stdout).toMatch(/✔ typescript\s+>=2\.0\.0 <7\.0\.0\s+typescript@6\./);
  const typecheck = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '--version'], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  });
  expect(typecheck.stdout).toMatch(/^Version 7\./);
});
