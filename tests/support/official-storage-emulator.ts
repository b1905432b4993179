// firebase-tools' Storage emulator started the supported way (`firebase emulators:start --only
// storage`), which evaluates storage.rules itself. It needs Java 21 and the rules-runtime jar that
// firebase-tools downloads on first use; on this project's machines (Java 17, nothing to download
// from) it cannot start, and the tests that use it say why they were skipped.
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
  if (!version) return 'no Java is installed; firebase-tools needs Java 21 or later for the Storage emulator';
  if (Number(version) < 21) return `Java ${version} is installed; firebase-tools needs Java 21 or later for the Storage emulator`;
  const info = JSON.parse(readFileSync(require.resolve('firebase-tools/lib/emulator/downloadableEmulatorInfo.json'), 'utf8')) as { storage: { downloadPathRelativeToCacheDir: string } };
  const jar = path.join(process.env.FIREBASE_EMULATORS_PATH || path.join(homedir(), '.cache', 'firebase', 'emulators'), info.storage.downloadPathRelativeToCacheDir);
  if (!existsSync(jar)) return `the rules runtime ${jar} is not there, and firebase-tools would download it (53 MB) from outside the npm registry`;
  return null;
}

export interface OfficialEmulator {
  origin: string;
  stop(): Promise<void>;
}

/** Starts it on 127.0.0.1:port with the repository's storage.rules; resolves once it answers. */
export async function startOfficialStorageEmulator(port: number, projectId: string, rulesFile: string): Promise<OfficialEmulator> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ardent-official-storage-'));
  const config = { storage: { rules: rulesFile }, emulators: { storage: { host: '127.0.0.1', port }, ui: { enabled: false }, singleProjectMode: true } };
  writeFileSync(path.join(dir, 'firebase.json'), JSON.stringify(config));
  const child: ChildProcess = spawn(process.execPath, [require.resolve('firebase-tools/lib/bin/firebase.js'), 'emulators:start', '--only', 'storage', '--project', projectId, '--config', path.join(dir, 'firebase.json')], {
    cwd: dir,
    stdio: 'ignore',
    env: { ...process.env, CI: 'true' },
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)));
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
  await stop();
  throw new Error('The official Storage emulator did not start within 60 s.');
}
