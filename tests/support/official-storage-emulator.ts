// firebase-tools' Storage emulator started the supported way (`firebase emulators:start --only
// storage`), which evaluates storage.rules itself. It needs Java 21 and the rules-runtime jar that
// firebase-tools downloads on first use; on this project's machines (Java 17, nothing to download
// from) it cannot start, and the tests that use it say why they were skipped. The storage-rules
// workflow installs both and requires it (REQUIRE_OFFICIAL_STORAGE_EMULATOR=true): there, an
// emulator that cannot start fails the run.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** Why the official emulator cannot start here; null when it can. */
export function officialEmulatorUnavailable(): string | null {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const version = /version "(\d+)/.exec(`${java.stderr ?? ''}${java.stdout ?? ''}`)?.[1];
  if (!version)
    return 'no Java is installed; firebase-tools needs Java 21 or later for the Storage emulator';
  if (Number(version) < 21)
    return `Java ${version} is installed; firebase-tools needs Java 21 or later for the Storage emulator`;
  const info = JSON.parse(
    readFileSync(
      require.resolve('firebase-tools/lib/emulator/downloadableEmulatorInfo.json'),
      'utf8',
    ),
  ) as { storage: { downloadPathRelativeToCacheDir: string } };
  const jar = path.join(
    process.env.FIREBASE_EMULATORS_PATH || path.join(homedir(), '.cache', 'firebase', 'emulators'),
    info.storage.downloadPathRelativeToCacheDir,
  );
  if (!existsSync(jar))
    return `the rules runtime ${jar} is not there, and firebase-tools would download it (53 MB) from outside the npm registry`;
  return null;
}

/** Set to "true" where the official emulator must run: its cases then fail, never skip, when it cannot. */
export const REQUIRE_OFFICIAL_EMULATOR = 'REQUIRE_OFFICIAL_STORAGE_EMULATOR';

export type OfficialEmulatorPlan = { run: true } | { skip: string } | { fail: string };

/** Whether the cases against the official emulator run, are skipped with the reason, or fail because the run requires them. */
export function officialEmulatorPlan(
  unavailable: string | null,
  env: Record<string, string | undefined>,
): OfficialEmulatorPlan {
  if (unavailable === null) return { run: true };
  if (env[REQUIRE_OFFICIAL_EMULATOR] === 'true')
    return {
      fail: `The official Storage emulator is required (${REQUIRE_OFFICIAL_EMULATOR}=true), but ${unavailable}.`,
    };
  return { skip: unavailable };
}

export interface OfficialEmulator {
  origin: string;
  stop(): Promise<void>;
}

/** Starts it on 127.0.0.1:port with the repository's storage.rules; resolves once it answers. */
export async function startOfficialStorageEmulator(
  port: number,
  projectId: string,
  rulesFile: string,
): Promise<OfficialEmulator> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ardent-official-storage-'));
  const config = {
    storage: { rules: rulesFile },
    emulators: {
      storage: { host: '127.0.0.1', port },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  writeFileSync(path.join(dir, 'firebase.json'), JSON.stringify(config));
  const child: ChildProcess = spawn(
    process.execPath,
    [
      require.resolve('firebase-tools/lib/bin/firebase.js'),
      'emulators:start',
      '--only',
      'storage',
      '--project',
      projectId,
      '--config',
      path.join(dir, 'firebase.json'),
    ],
    {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CI: 'true' },
    },
  );
  // Its output, kept to say why it did not start.
  let output = '';
  const keep = (chunk: Buffer) => (output = `${output}${chunk.toString('utf8')}`.slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) =>
      child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      await fetch(`${origin}/v0/b/${projectId}.appspot.com/o?prefix=media%2F`);
      return { origin, stop };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  const exited =
    child.exitCode !== null ? `exited with code ${child.exitCode}` : 'did not answer within 60 s';
  await stop();
  throw new Error(
    `The official Storage emulator ${exited}. Its output:\n${output.trim() || '(none)'}`,
  );
}
