// `npm start` as a newcomer runs it: it builds (here the build is already in place, as `npm test`
// made it, so nothing is written), starts the site, the Auth emulator and the Storage emulator
// together, prints the two local accounts and the sample photos, and the printed admin can sign in
// and finds the sample photos in the media library. Ctrl+C (SIGINT to the whole process group, as a
// terminal sends it) stops everything: no process of the group is left and every port is free. A
// SIGTERM to the server process alone stops its emulators too.
// Its own free ports, beside the browser tests' server.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { freePort } from '../../src/generator/emulators/auth-emulator.ts';
import { expect, projectRoot, test } from '../support/e2e/fixtures.ts';

/** Processes whose process group is `group`, from /proc (Linux). */
function processesInGroup(group: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        // pid (comm) state ppid pgrp …; comm may hold spaces, so split after the last ')'.
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return Number(fields[2]) === group;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

/** Every descendant of `pid`, from /proc. */
function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const parent = Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const visit = (parent: number) => (children.get(parent) ?? []).forEach((child) => (found.push(child), visit(child)));
  visit(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

interface Started {
  child: ChildProcess;
  output: () => string;
  origin: string;
  authPort: number;
  storagePort: number;
  /** The exit code, or the signal that ended it. */
  exited: Promise<number | NodeJS.Signals | null>;
}

/** Starts a command with its own free ports, in its own process group, and waits for its "Ready:" line. */
async function start(command: string, args: string[]): Promise<Started> {
  const [authPort, storagePort, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const child = spawn(command, [...args, '--port', '0', '--host', '127.0.0.1', '--auth-port', String(authPort), '--storage-port', String(storagePort)], {
    cwd: projectRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, EMULATOR_HUB_PORT: String(hubPort), EMULATOR_LOGGING_PORT: String(loggingPort), CI: 'true' },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  await expect.poll(() => /Ready: (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1], { timeout: 90_000, message: `"Ready:" from ${command}` }).toBeTruthy();
  return { child, output: () => output, origin: /Ready: (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!, authPort, storagePort, exited };
}

test('npm start: site and emulator together, the printed admin signs in, Ctrl+C stops both and leaves no process', async ({ page }) => {
  test.setTimeout(150_000); // npm start builds and starts both emulators (its "Ready:" may take 90 s on a busy machine), then a sign-in and the stop
  const started = await start('npm', ['start', '--']);
  const group = started.child.pid!;
  try {
    const output = started.output();
    expect(output).toContain('These two accounts exist only in this local emulator');
    const [, email, password] = /^\s+(\S+@\S+)\s+password (\S+)\s+admin$/m.exec(output)!;
    expect(processesInGroup(group).length, 'npm, the server and the emulator').toBeGreaterThanOrEqual(3);

    await page.goto(`${started.origin}/admin`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email address').fill(email!);
    await page.getByLabel('Password', { exact: true }).fill(password!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('[data-state="allowed"]')).toContainText(`You are signed in as ${email}.`);
    // A working media library: the sample photos npm start put in the local bucket, one needing alt text.
    expect(output).toMatch(/Storage: the Cloud Storage emulator on 127\.0\.0\.1:\d+ \(in this process\), reached through .*, with 4 sample photos in media\//);
    await expect(page.locator('#library .admin-card')).toHaveCount(4);
    const kitchen = page.locator('.admin-card[data-path="media/kitchen-worktop.jpg"]');
    await kitchen.scrollIntoViewIfNeeded();
    await expect(kitchen.locator('img')).toHaveAttribute('alt', /kitchen/);
    await expect(page.locator('.admin-card[data-path="media/hallway.jpg"]')).toContainText('Needs alt text');
    // The page leaves the site before it stops (its build check would find the server gone).
    await page.goto('about:blank');
  } finally {
    process.kill(-group, 'SIGINT');
  }
  // npm ends as a terminal's Ctrl+C ends it, by the signal; the server under it stops both cleanly.
  expect([0, 'SIGINT']).toContain(await started.exited);
  await expect.poll(() => processesInGroup(group), { timeout: 15_000, message: 'processes left in the group after Ctrl+C' }).toEqual([]);
  expect(started.output()).toContain('SIGINT received, stopping the site and the local services.');
  expect(await listening(Number(new URL(started.origin).port))).toBe(false);
  expect(await listening(started.authPort)).toBe(false);
  expect(await listening(started.storagePort)).toBe(false);
});

test('SIGTERM to the server process alone stops its emulators too', async () => {
  test.setTimeout(120_000); // the server starts both emulators before it is ready (up to 90 s on a busy machine), then stops them
  const started = await start(process.execPath, ['--import', 'tsx', 'scripts/serve.ts']);
  const server = started.child.pid!;
  const emulator = descendantsOf(server);
  expect(emulator.length, 'the emulator runs under the server').toBeGreaterThanOrEqual(1);
  expect(await listening(started.authPort)).toBe(true);
  process.kill(server, 'SIGTERM');
  expect(await started.exited).toBe(0);
  await expect.poll(() => emulator.filter(alive), { timeout: 15_000, message: 'emulator processes left' }).toEqual([]);
  expect(await listening(started.authPort)).toBe(false);
  expect(await listening(started.storagePort)).toBe(false);
  expect(started.output()).toContain('SIGTERM received, stopping the site and the local services.');
});
