import { existsSync } from 'node:fs';
import { aptInstall } from './apt-install.ts';

/** Debian's Chromium: Lighthouse, the gates of `npm run check:change`, the owner guide's screenshots. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Debian's build of the same Chromium as a headless shell (Playwright's own default for headless
 * runs): the browser tests. Blink and V8 as in Chromium, without the browser's own interface, so a
 * spec file takes about two thirds of the time and CPU.
 */
export const HEADLESS_SHELL_PATH =
  process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

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
 * A Debian package of Chromium (Playwright's own browser download cannot work offline): there, or
 * installed with apt when running as root; else it says exactly what to run.
 */
function ensureDebianBrowser(
  file: string,
  debianPackage: string,
  variable: string,
  neededFor: string,
): boolean {
  if (existsSync(file)) return true;
  if (aptInstall(debianPackage, `${debianPackage} is missing at ${file}`) && existsSync(file))
    return true;
  console.error(
    `Debian's ${debianPackage} is needed for ${neededFor} and was not found at ${file}.\n` +
      `Install it with:  sudo apt-get update && sudo apt-get install -y ${debianPackage}\n` +
      `or point ${variable} at one. (Do not run "npx playwright install": it downloads and cannot work offline.)`,
  );
  return false;
}

/** Chromium, for Lighthouse and the page gates. */
export const ensureChromium = (): boolean =>
  ensureDebianBrowser(
    CHROMIUM_PATH,
    'chromium',
    'CHROMIUM_PATH',
    'Lighthouse, the page gates of `npm run check:change` and a few browser tests',
  );

/** Chromium and its headless shell, for `npm test`. */
export const ensureBrowsers = (): boolean =>
  ensureChromium() &&
  ensureDebianBrowser(
    HEADLESS_SHELL_PATH,
    'chromium-headless-shell',
    'HEADLESS_SHELL_PATH',
    'the browser tests',
  );
