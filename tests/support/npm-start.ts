// `npm start` (or the server alone) as a newcomer runs it, for the browser tests that drive it: its
// own free ports beside the browser tests' server, its own process group (so a test can stop all of
// it as a terminal's Ctrl+C does), and its output kept for the test to read.
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../src/generator/emulators/auth-emulator.ts';
import { expect, projectRoot } from './e2e/fixtures.ts';

export interface Started {
  child: ChildProcess;
  output: () => string;
  origin: string;
  authPort: number;
  storagePort: number;
  /** The exit code, or the signal that ended it. */
  exited: Promise<number | NodeJS.Signals | null>;
}

export interface StartOptions {
  /** More environment; without it, the browser tests' PUBLISH_REPOSITORY_DIR (their server's) is left out, as a newcomer runs it. */
  env?: Record<string, string>;
  /** The emulators' ports left to the server, which chooses them at start and prints them. */
  chosen?: boolean;
}

/** Starts a command with its own free ports, in its own process group, and waits for its "Ready:" line. */
export async function start(
  command: string,
  args: string[],
  { env = {}, chosen = false }: StartOptions = {},
): Promise<Started> {
  const [hubPort, loggingPort] = [await freePort(), await freePort()];
  const given = chosen
    ? []
    : ['--auth-port', String(await freePort()), '--storage-port', String(await freePort())];
  const { AUTH_EMULATOR_PORT: _auth, STORAGE_EMULATOR_PORT: _storage, ...inherited } = process.env;
  const child = spawn(command, [...args, '--port', '0', '--host', '127.0.0.1', ...given], {
    cwd: projectRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      EMULATOR_HUB_PORT: String(hubPort),
      EMULATOR_LOGGING_PORT: String(loggingPort),
      CI: 'true',
      PUBLISH_REPOSITORY_DIR: '',
      ...env,
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  try {
    await expect
      .poll(() => /Ready: (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1], {
        timeout: 90_000,
        message: `"Ready:" from ${command}`,
      })
      .toBeTruthy();
  } catch (error) {
    // Never left running behind a test that gave up on it: its group, as Ctrl+C would end it.
    try {
      process.kill(-child.pid!, 'SIGINT');
    } catch {
      // Already gone.
    }
    throw error;
  }
  const printed = (pattern: RegExp) => Number(pattern.exec(output)![1]);
  return {
    child,
    output: () => output,
    origin: /Ready: (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!,
    authPort: printed(/^Sign-in: the Firebase Auth emulator on 127\.0\.0\.1:(\d+)/m),
    storagePort: printed(/^Storage: the Cloud Storage emulator on 127\.0\.0\.1:(\d+)/m),
    exited,
  };
}
