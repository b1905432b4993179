// `npm start` as a newcomer runs it: it builds (here the build is already in place, as `npm test`
// made it, so nothing is written), starts the site, the Auth emulator and the Storage emulator
// together, prints the two local accounts and the sample photos, and the printed admin can sign in
// and finds the sample photos in the media library. The emulators' ports are chosen at start, and
// `npm run admin` finds them through the note npm start leaves in .cache/. Ctrl+C (SIGINT to the
// whole process group, as a terminal sends it) stops everything: no process of the group is left,
// every port is free and the note is gone. A SIGTERM to the server process alone stops its
// emulators too. Its own free ports, beside the browser tests' server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import {
  readRunningServices,
  runningServicesFile,
} from '../../src/generator/emulators/running-services.ts';
import { expect, projectRoot, test } from '../support/e2e/fixtures.ts';
import { start } from '../support/npm-start.ts';

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
      const parent = Number(
        readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ')[1],
      );
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const visit = (parent: number) =>
    (children.get(parent) ?? []).forEach((child) => (found.push(child), visit(child)));
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

test('npm start: site and emulator together, the printed admin signs in, Ctrl+C stops both and leaves no process', async ({
  page,
}) => {
  test.setTimeout(150_000); // npm start builds and starts both emulators (its "Ready:" may take 90 s on a busy machine), then a sign-in and the stop
  const started = await start('npm', ['start', '--'], { chosen: true });
  const group = started.child.pid!;
  const note = runningServicesFile(projectRoot);
  try {
    const output = started.output();
    // Ports chosen at start, noted for npm run admin, which finds the emulator with no port given.
    expect(
      readRunningServices(note),
      `${note} (is another npm start running in this folder?)`,
    ).toMatchObject({
      site: started.origin,
      auth: `127.0.0.1:${started.authPort}`,
      storage: `127.0.0.1:${started.storagePort}`,
    });
    const { AUTH_EMULATOR_PORT: _port, ...env } = process.env;
    const admin = spawnSync('npm', ['run', '--silent', 'admin', '--', 'list'], {
      cwd: projectRoot,
      encoding: 'utf8',
      env: { ...env, FIREBASE_AUTH_EMULATOR_HOST: '' },
    });
    expect(`${admin.stdout}${admin.stderr}`).toContain(
      `Administrators in the local Auth emulator (127.0.0.1:${started.authPort}):\n  admin@ardent.example`,
    );
    expect(output).toContain('These two accounts exist only in this local emulator');
    // On the Node .nvmrc names (npm's scripts run the one npm ci installed), whatever the system's is.
    expect(output).toMatch(/Ready: \S+ {2}\(Node\.js v24\./);
    const [, email, password] = /^\s+(\S+@\S+)\s+password (\S+)\s+admin$/m.exec(output)!;
    expect(
      processesInGroup(group).length,
      'npm, the server and the emulator',
    ).toBeGreaterThanOrEqual(3);

    await page.goto(`${started.origin}/admin`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email address').fill(email!);
    await page.getByLabel('Password', { exact: true }).fill(password!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('[data-state="allowed"]')).toContainText(
      `You are signed in as ${email}.`,
    );
    // A working media library: the sample photos npm start put in the local bucket, one needing alt text.
    expect(output).toMatch(
      /Storage: the Cloud Storage emulator on 127\.0\.0\.1:\d+ \(in this process\), reached through .*, with 4 sample photos in media\//,
    );
    await expect(page.locator('#library .admin-card')).toHaveCount(4);
    const kitchen = page.locator('.admin-card[data-path="media/kitchen-worktop.jpg"]');
    await kitchen.scrollIntoViewIfNeeded();
    await expect(kitchen.locator('img')).toHaveAttribute('alt', /kitchen/);
    await expect(page.locator('.admin-card[data-path="media/hallway.jpg"]')).toContainText(
      'Needs alt text',
    );
    // The page leaves the site before it stops (its build check would find the server gone).
    await page.goto('about:blank');
  } finally {
    process.kill(-group, 'SIGINT');
  }
  // npm ends as a terminal's Ctrl+C ends it, by the signal; the server under it stops both cleanly.
  expect([0, 'SIGINT']).toContain(await started.exited);
  await expect
    .poll(() => processesInGroup(group), {
      timeout: 15_000,
      message: 'processes left in the group after Ctrl+C',
    })
    .toEqual([]);
  expect(started.output()).toContain('SIGINT received, stopping the site and the local services.');
  expect(await listening(Number(new URL(started.origin).port))).toBe(false);
  expect(await listening(started.authPort)).toBe(false);
  expect(await listening(started.storagePort)).toBe(false);
  expect(existsSync(note), 'the note of the ports, once npm start has stopped').toBe(false);
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
  await expect
    .poll(() => emulator.filter(alive), { timeout: 15_000, message: 'emulator processes left' })
    .toEqual([]);
  expect(await listening(started.authPort)).toBe(false);
  expect(await listening(started.storagePort)).toBe(false);
  expect(started.output()).toContain('SIGTERM received, stopping the site and the local services.');
});
