// The CLI's user-facing failures: one clear line, no stack trace.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../src/generator/emulators/auth-emulator.ts';

const dir = mkdtempSync(join(tmpdir(), 'serve-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function serve(...args: string[]) {
  const { PORT: _port, ...env } = process.env;
  return spawnSync(process.execPath, ['scripts/run.mjs', 'serve', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env,
  });
}

async function blockPort(): Promise<{ port: number; release(): void }> {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const address = blocker.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    release: () => blocker.close(),
  };
}

describe('scripts/serve.ts', () => {
  it('asks for a build when the root is missing', () => {
    const result = serve('--root', join(dir, 'missing'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Run `npm run build` first');
    expect(result.stderr).not.toContain('    at ');
  });

  it('asks for a build when 404.html is missing', () => {
    const result = serve('--root', dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('404.html does not exist. Run `npm run build` first');
  });

  it('reports a port in use', async () => {
    writeFileSync(join(dir, '404.html'), 'nf');
    const { port, release } = await blockPort();
    try {
      const result = serve('--root', dir, '--host', '127.0.0.1', '--port', String(port));
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`Port ${port} is already in use`);
    } finally {
      release();
    }
  });

  it("reports the Auth emulator's port in use in one line, and stops", async () => {
    writeFileSync(join(dir, '404.html'), 'nf');
    const { port, release } = await blockPort();
    try {
      const result = serve(
        '--root',
        dir,
        '--host',
        '127.0.0.1',
        '--port',
        String(await freePort()),
        '--auth-port',
        String(port),
        '--storage-port',
        String(await freePort()),
      );
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`Port ${port} for the local Auth emulator is already in use`);
      expect(result.stderr).not.toContain('    at ');
    } finally {
      release();
    }
  });
});
