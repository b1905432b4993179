import { existsSync } from 'node:fs';
import { aptInstall } from './apt-install.ts';

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
  if (
    aptInstall('chromium', `Chromium is missing at ${CHROMIUM_PATH}`) &&
    existsSync(CHROMIUM_PATH)
  )
    return true;
  console.error(
    `Chromium is needed for the browser tests and was not found at ${CHROMIUM_PATH}.\n` +
      `Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n` +
      `or point CHROMIUM_PATH at a Chromium binary. (Do not run "npx playwright install": it downloads and cannot work offline.)`,
  );
  return false;
}
