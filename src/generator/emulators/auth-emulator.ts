// The local identity service: the Firebase Auth emulator from firebase-tools (a devDependency,
// pinned exactly), started as `firebase emulators:start --only auth` in single-project mode with a
// `demo-` project id and no UI. It runs offline and needs no Java. Its configuration is written to
// a temporary folder (with firebase-tools' debug log), so the project keeps no firebase.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCAL_PROJECT_ID } from '../../kernel/wire/firebase-config.ts';

export interface AuthEmulatorOptions {
  /** The emulator's port on 127.0.0.1 (local-services.ts: given, or a free one chosen at start). */
  port: number;
  /**
   * firebase-tools also starts its emulator hub and a logging emulator. Their ports, when given
   * (EMULATOR_HUB_PORT, EMULATOR_LOGGING_PORT); otherwise free ones the system picks, so two
   * copies never collide on firebase-tools' defaults (4400, 4500).
   */
  hubPort?: number;
  loggingPort?: number;
  /** How long to wait for it to answer; it usually takes 3–5 s. */
  timeoutMs?: number;
}

/** A started emulator: usable once `ready` resolves; stop or kill it at any time. */
export interface AuthEmulator {
  /** host:port, as FIREBASE_AUTH_EMULATOR_HOST wants it. */
  host: string;
  origin: string;
  projectId: string;
  /** Resolves with the seconds from start to its first answer; rejects (AuthEmulatorError) if it cannot start. */
  ready: Promise<{ startSeconds: number }>;
  /** Resolves when the emulator process has exited, whoever stopped it. */
  stopped: Promise<void>;
  /** SIGTERM (firebase-tools shuts down cleanly), SIGKILL if it lingers; resolves once it has exited. */
  stop(): Promise<void>;
  /**
   * SIGKILL at once and its folder removed, synchronously. It runs by itself when the process
   * exits, however it exits, so no emulator or folder of its outlives its parent.
   */
  kill(): void;
}

export class AuthEmulatorError extends Error {
  override name = 'AuthEmulatorError';
}

const require = createRequire(import.meta.url);

/** A port nothing listens on now, chosen by the system. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) =>
    server.once('error', reject).listen(0, '127.0.0.1', resolve),
  );
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether something already listens on 127.0.0.1:port (the Storage emulator asks too). */
export async function portTaken(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(true));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
  });
}

export function startAuthEmulator(options: AuthEmulatorOptions): AuthEmulator {
  const { port } = options;
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  let child: ChildProcess | undefined;
  let dir: string | undefined;
  let cancelled = false;
  let exited: Promise<void> = Promise.resolve();
  let output = '';
  let markStopped!: () => void;
  const stopped = new Promise<void>((resolve) => (markStopped = resolve));

  const stop = async () => {
    cancelled = true;
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child?.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    await exited;
  };

  const kill = () => {
    cancelled = true;
    child?.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  };

  const ready = (async () => {
    if (await portTaken(port)) {
      throw new AuthEmulatorError(
        `Port ${port} for the local Auth emulator is already in use. Stop what uses it, or pick another with AUTH_EMULATOR_PORT=<n>.`,
      );
    }
    const folder = await mkdtemp(path.join(tmpdir(), 'ardent-auth-emulator-'));
    dir = folder;
    process.on('exit', kill);
    const removeFolder = async () => {
      process.off('exit', kill);
      await rm(folder, { recursive: true, force: true });
    };
    const config = {
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: options.hubPort ?? (await freePort()) },
        logging: { host: '127.0.0.1', port: options.loggingPort ?? (await freePort()) },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    };
    await writeFile(path.join(folder, 'firebase.json'), JSON.stringify(config, null, 2));
    if (cancelled) {
      await removeFolder();
      throw new AuthEmulatorError('The local Auth emulator was stopped before it started.');
    }
    const cli = require.resolve('firebase-tools/lib/bin/firebase.js');
    const spawned = spawn(
      process.execPath,
      [
        // Its API's validators compiled when first used, not all before it answers (the file says why).
        '--import',
        new URL('./lazy-api-schemas.mjs', import.meta.url).href,
        cli,
        'emulators:start',
        '--only',
        'auth',
        '--project',
        LOCAL_PROJECT_ID,
        '--config',
        path.join(folder, 'firebase.json'),
      ],
      {
        cwd: folder,
        stdio: ['ignore', 'pipe', 'pipe'],
        // No update check or prompt: offline, and nobody is there to answer.
        env: { ...process.env, CI: 'true', NO_UPDATE_NOTIFIER: '1' },
      },
    );
    child = spawned;
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-4000);
    };
    spawned.stdout.on('data', keep);
    spawned.stderr.on('data', keep);
    exited = new Promise<void>((resolve) => spawned.once('exit', () => resolve()))
      .then(removeFolder)
      .then(markStopped);
    try {
      await waitUntilReady(origin, spawned, options.timeoutMs ?? 60_000);
    } catch (error) {
      await stop();
      throw new AuthEmulatorError(
        `${(error as Error).message}\nThe emulator said:\n${output.trim()}`,
      );
    }
    return { startSeconds: (performance.now() - started) / 1000 };
  })();
  // Awaited by whoever uses the emulator; never an unhandled rejection here.
  ready.catch(() => {});

  return {
    host: `127.0.0.1:${port}`,
    origin,
    projectId: LOCAL_PROJECT_ID,
    ready,
    stopped,
    stop,
    kill,
  };
}

/** Polls the emulator's root, which answers once it accepts requests. */
async function waitUntilReady(
  origin: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `The local Auth emulator stopped while starting (exit ${child.exitCode ?? child.signalCode}).`,
      );
    try {
      const response = await fetch(`${origin}/`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `The local Auth emulator did not answer on ${origin} within ${Math.round(timeoutMs / 1000)} s.`,
  );
}
