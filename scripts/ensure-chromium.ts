import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags every Chromium of this project runs with (Playwright, axe, Lighthouse): offline, in a container. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Browser tests use Debian's Chromium (Playwright's own browser download cannot work offline).
 * Installs it with apt when running as root, else says exactly what to run.
 */
export function ensureChromium(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`Chromium is missing at ${CHROMIUM_PATH}: installing Debian's chromium package (apt-get)…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install = update.status === 0 ? spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env }) : update;
    if (install.status === 0 && existsSync(CHROMIUM_PATH)) return true;
  }
  console.error(
    `Chromium is needed for the browser tests and was not found at ${CHROMIUM_PATH}.\n` +
      `Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n` +
      `or point CHROMIUM_PATH at a Chromium binary. (Do not run "npx playwright install": it downloads and cannot work offline.)`,
  );
  return false;
}
