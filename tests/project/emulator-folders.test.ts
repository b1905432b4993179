// The local emulators keep their files in temporary folders of their own. However the process that
// started them ends, here by an uncaught error, no folder of theirs is left behind.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../../src/generator/emulators/auth-emulator.ts';

const tmp = mkdtempSync(join(tmpdir(), 'emulator-folders-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

it('leaves no emulator folder behind when the process dies of an uncaught error', async () => {
  const [storagePort, authPort, hubPort, loggingPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  // Both folders exist (the Auth emulator's as soon as its start begins), then the process dies.
  const script = `
    const { readdirSync } = await import('node:fs');
    const { startStorageEmulator } = await import('./src/generator/emulators/storage-emulator.ts');
    const { startAuthEmulator } = await import('./src/generator/emulators/auth-emulator.ts');
    await startStorageEmulator({ port: ${storagePort} });
    startAuthEmulator({ port: ${authPort}, hubPort: ${hubPort}, loggingPort: ${loggingPort} });
    while (readdirSync(process.env.TMPDIR).filter((name) => name.startsWith('ardent-')).length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    console.log(readdirSync(process.env.TMPDIR).filter((name) => name.startsWith('ardent-')).sort().join(' '));
    throw new Error('An error nobody caught');
  `;
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { encoding: 'utf8', timeout: 60_000, env: { ...process.env, TMPDIR: tmp } },
  );
  expect(result.stderr).toContain('An error nobody caught');
  expect(result.stdout).toMatch(/^ardent-auth-emulator-\S+ ardent-storage-emulator-\S+$/m);
  expect(readdirSync(tmp).filter((name) => name.startsWith('ardent-'))).toEqual([]);
});
