// FIREBASE_AUTH_EMULATOR_HOST makes firebase-admin talk to an emulator and accept unsigned ID
// tokens (a hand-edited `admin: true` passes), so nothing may set it outside local runs.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import toml from '@iarna/toml';
import { afterEach, describe, expect, it } from 'vitest';
import { adminAuth } from '../../../../src/generator/accounts/admin-auth.ts';
import { adminTarget, AdminTargetError } from '../../../../src/generator/accounts/admin-target.ts';
import { PROJECT_ROOT } from '../../../support/sites.ts';

const NAME = 'FIREBASE_AUTH_EMULATOR_HOST';
const saved = process.env[NAME];
afterEach(() => {
  if (saved === undefined) delete process.env[NAME];
  else process.env[NAME] = saved;
});

/** Every file of the project that could set a variable for a run or a deploy. */
function projectFiles(): string[] {
  const under = (dir: string) =>
    (readdirSync(path.join(PROJECT_ROOT, dir), { recursive: true }) as string[])
      .map((name) => path.posix.join(dir, name.split(path.sep).join('/')))
      .filter((file) => /\.(ts|tsx|mjs|js|json|toml|sh)$/.test(file));
  return [
    ...under('src'),
    ...under('scripts'),
    ...under('.ci'),
    'netlify.toml',
    'package.json',
    'playwright.config.ts',
    'vitest.config.ts',
    '.ci/run',
  ];
}

describe(NAME, () => {
  it('is set in one place only, for the local emulator: src/generator/accounts/admin-auth.ts', () => {
    // An assignment, an object key or a shell/TOML setting: `NAME =`, `NAME:`, `NAME=`, `env.NAME ??=`, `"NAME"`.
    const setting = new RegExp(
      `${NAME}\\s*(\\?\\?)?=(?!=)|${NAME}["']?\\s*:|["']${NAME}["']\\s*\\]\\s*=`,
    );
    const setters = projectFiles().filter((file) =>
      setting.test(readFileSync(path.join(PROJECT_ROOT, file), 'utf8')),
    );
    expect(setters).toEqual(['src/generator/accounts/admin-auth.ts']);
    const source = readFileSync(
      path.join(PROJECT_ROOT, 'src/generator/accounts/admin-auth.ts'),
      'utf8',
    );
    expect(source).toMatch(
      new RegExp(
        `if \\(target\\.kind === 'emulator'\\) \\{\\s*process\\.env\\.${NAME} = target\\.host;`,
      ),
    );
  });

  it('is in no environment netlify.toml gives a build or a deploy context', () => {
    const config = toml.parse(readFileSync(path.join(PROJECT_ROOT, 'netlify.toml'), 'utf8'));
    expect(JSON.stringify(config)).not.toContain(NAME);
  });

  it('is never set for a real project, and a real project is refused while it is set', () => {
    delete process.env[NAME];
    const target = adminTarget('ardent-site', {});
    expect(target).toEqual({ kind: 'project', projectId: 'ardent-site' });
    adminAuth(target);
    expect(process.env[NAME]).toBeUndefined();
    expect(() => adminTarget('ardent-site', { [NAME]: '127.0.0.1:9099' })).toThrow(
      AdminTargetError,
    );
    expect(() => adminTarget('ardent-site', { [NAME]: '127.0.0.1:9099' })).toThrow(/Unset it/);
  });

  it("is set for the local emulator, which is the default: the running npm start's, or the one on AUTH_EMULATOR_PORT", () => {
    delete process.env[NAME];
    expect(adminTarget(undefined, {}, { auth: '127.0.0.1:40123' })).toEqual({
      kind: 'emulator',
      host: '127.0.0.1:40123',
      projectId: 'demo-ardent',
    });
    const target = adminTarget(
      undefined,
      { AUTH_EMULATOR_PORT: '9310' },
      { auth: '127.0.0.1:40123' },
    );
    expect(target).toEqual({ kind: 'emulator', host: '127.0.0.1:9310', projectId: 'demo-ardent' });
    adminAuth(target);
    expect(process.env[NAME]).toBe('127.0.0.1:9310');
  });

  it('with no emulator running nor AUTH_EMULATOR_PORT, says how to start one (its port is chosen at start)', () => {
    expect(() => adminTarget(undefined, {})).toThrow(
      /^No local Auth emulator is running for this project\. Start it with `npm start` in another terminal .*AUTH_EMULATOR_PORT.*--project <id>/,
    );
  });

  it('a demo project or a malformed id cannot be named as a real one', () => {
    expect(() => adminTarget('demo-ardent', {})).toThrow(/demo project/);
    expect(() => adminTarget('Not A Project', {})).toThrow(/not a Firebase project id/);
  });
});
