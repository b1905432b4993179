// The note `npm start` leaves while it runs, saying where its emulators are (their ports are
// chosen at start), for `npm run admin` and a local build by hand.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  forgetRunningServices,
  noteRunningServices,
  readRunningServices,
  runningServicesFile,
} from '../../../../src/generator/emulators/running-services.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'running-services-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = runningServicesFile(dir);
const ours = {
  pid: process.pid,
  site: 'http://localhost:8080',
  auth: '127.0.0.1:40123',
  storage: '127.0.0.1:40124',
};
/** A process that has ended: what a server killed with SIGKILL leaves behind. */
const endedPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

describe('the running services note', () => {
  it('is written under .cache/, read back, and removed by the server that wrote it', () => {
    expect(file).toBe(path.join(dir, '.cache', 'local-services.json'));
    expect(readRunningServices(file)).toBeUndefined();
    expect(noteRunningServices(file, ours)).toBe(true);
    expect(readRunningServices(file)).toEqual(ours);
    forgetRunningServices(file);
    expect(existsSync(file)).toBe(false);
  });

  it('left by a server that is gone, is ignored and replaced', () => {
    const left = { ...ours, pid: endedPid(), auth: '127.0.0.1:40200' };
    writeFileSync(file, JSON.stringify(left));
    expect(readRunningServices(file)).toBeUndefined();
    expect(noteRunningServices(file, ours)).toBe(true);
    expect(readRunningServices(file)).toEqual(ours);
    forgetRunningServices(file);
  });

  it('of another running server is kept: a second server neither replaces nor removes it', () => {
    const other = { ...ours, pid: process.ppid, auth: '127.0.0.1:40300' };
    writeFileSync(file, JSON.stringify(other));
    expect(noteRunningServices(file, ours)).toBe(false);
    forgetRunningServices(file);
    expect(readRunningServices(file)).toEqual(other);
    rmSync(file);
  });

  it('that is not a note of this kind is ignored', () => {
    writeFileSync(file, '{"auth": "127.0.0.1:1"');
    expect(readRunningServices(file)).toBeUndefined();
    writeFileSync(file, JSON.stringify({ ...ours, pid: 'me' }));
    expect(readRunningServices(file)).toBeUndefined();
    rmSync(file);
  });
});
