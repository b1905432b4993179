// Proposing a page locally, the whole of "from the click to the proposal shown" (target: a median
// of 2 s over five): in Chromium, signed in as the seeded admin, five service pages are each opened
// in the integrated builder, edited and proposed; each is timed in the page from the click on
// "Propose" to the frame that shows the proposal, with the function's own time (the Server-Timing
// of the answer to the proposal). The site is built with the local sign-in config into a temporary
// folder and served as `npm start` serves it: the Auth and Storage emulators through the site, the
// proposals function in-process, its local backend on a temporary repository holding the real
// content (bench/proposal-repository.ts). Exits 1 when the median is over the target.
//   npx tsx tests/bench/propose-click.ts
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/ensure-chromium.ts';
import { freePort } from '../../src/generator/emulators/auth-emulator.ts';
import { startLocalServices } from '../../src/generator/emulators/local-services.ts';
import { createSiteServer } from '../../src/generator/server/create-server.ts';
import { emulatorProxy } from '../../src/generator/server/emulator-proxy.ts';
import { functionRoutes } from '../../src/generator/server/functions.ts';
import { PROPOSALS_API } from '../../src/kernel/wire/proposal-paths.ts';
import { openAsAdmin } from '../support/builder.ts';
import { median, projectRoot } from '../../bench/measure.ts';
import {
  PROPOSED_PAGES,
  proposalRepository,
  serverTiming,
} from '../../bench/proposal-repository.ts';
import { recordResults } from '../../bench/results.ts';

recordResults('propose-click');

const TARGET_MS = 2000;

/** Where the page keeps the time from the click on "Propose" to the proposal shown. */
const CLOCK = '__proposeClickMs';

/**
 * Starts the clock at the next click in the page and stops it at the first frame after `shown` is
 * in the page's text: the page's own clock, so no round trip of the driver is counted.
 */
function startClock(page: Page, shown: string): Promise<void> {
  return page.evaluate(
    ([name, text]) => {
      const clock = window as unknown as Record<string, Promise<number>>;
      clock[name] = new Promise((stopped) => {
        let clicked: number | undefined;
        document.addEventListener('click', () => (clicked = performance.now()), {
          capture: true,
          once: true,
        });
        const observer = new MutationObserver(() => {
          if (clicked === undefined || !document.body.textContent?.includes(text)) return;
          observer.disconnect();
          requestAnimationFrame(() => stopped(performance.now() - clicked!));
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      });
    },
    [CLOCK, shown] as const,
  );
}

/** One page proposed from the builder: the click to the proposal shown, and the function's own time. */
async function proposeOnce(page: Page, route: string): Promise<{ click: number; own: number }> {
  await openAsAdmin(page, `/integrated-builder?route=${route}`);
  await page
    .getByLabel('Heading', { exact: true })
    .fill(`Proposed from the builder, timed (${route})`);
  // The dialog asks for this file's open proposal first: once answered, "Propose" makes a new one.
  const listed = page.waitForResponse(
    (response) => response.url().endsWith(PROPOSALS_API) && response.request().method() === 'GET',
  );
  // The button is enabled once the draft has been checked and has no problems; the click waits for it.
  await page.getByRole('button', { name: 'Propose this change' }).click({ timeout: 15_000 });
  await listed;
  const dialog = page.getByRole('dialog', { name: 'Propose this change' });
  const summary = await dialog.getByLabel('What changes, in one line').inputValue();
  const shown = `“${summary}”, proposed by admin@ardent.example.`;
  await startClock(page, shown);
  const answered = page.waitForResponse(
    (response) => response.url().endsWith(PROPOSALS_API) && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Propose', exact: true }).click();
  const answer = await answered;
  if (answer.status() !== 201)
    throw new Error(
      `${route}: the proposal was answered ${answer.status()}: ${await answer.text()}`,
    );
  await dialog.getByText(shown).waitFor({ timeout: 20_000 });
  const click = await page.evaluate(
    (name) => (window as unknown as Record<string, Promise<number>>)[name]!,
    CLOCK,
  );
  return { click, own: serverTiming(await answer.headerValue('server-timing')) };
}

const work = await mkdtemp(path.join(tmpdir(), 'bench-propose-click-'));
const storagePort = await freePort();
const services = startLocalServices({
  port: await freePort(),
  storagePort,
  hubPort: await freePort(),
  loggingPort: await freePort(),
});
let browser: Browser | undefined;
let server: Awaited<ReturnType<typeof createSiteServer>> | undefined;
try {
  const { dir: repo } = await proposalRepository(path.join(work, 'repo'));
  // The build fetches the library photos content uses from the Storage emulator, as npm start's does.
  await services.storage;
  const site = path.join(work, 'site');
  console.log('Building the site with the local sign-in config…');
  await promisify(execFile)(
    process.execPath,
    [
      'scripts/run.mjs',
      'build',
      '--auth-emulator',
      '--out',
      site,
      '--cache',
      path.join(work, 'cache'),
    ],
    {
      cwd: projectRoot,
      env: { ...process.env, STORAGE_EMULATOR_PORT: String(storagePort) },
    },
  );

  process.env.PUBLISH_REPOSITORY_DIR = repo;
  server = await createSiteServer({
    root: site,
    netlifyToml: path.join(projectRoot, 'netlify.toml'),
    extraRoutes: emulatorProxy({
      auth: services.emulator.host,
      storage: `127.0.0.1:${storagePort}`,
      ready: services.ready,
    }),
    functions: functionRoutes({ ready: services.ready }),
  });
  await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await services.ready;

  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await (await browser.newContext({ baseURL: origin })).newPage();
  const clicks: number[] = [];
  const own: number[] = [];
  for (const name of PROPOSED_PAGES) {
    const timed = await proposeOnce(page, `/${name}`);
    clicks.push(timed.click);
    own.push(timed.own);
    console.log(
      `/${name}: ${Math.round(timed.click)} ms from the click to the proposal shown; the function's own time ${Math.round(timed.own)} ms.`,
    );
  }
  const clickMedian = Math.round(median(clicks));
  console.log(
    `bench: propose click_median=${clickMedian}ms function_median=${Math.round(median(own))}ms target=${TARGET_MS}ms`,
  );
  if (clickMedian > TARGET_MS) process.exitCode = 1;
} finally {
  await browser?.close();
  server?.closeAllConnections();
  server?.close();
  await services.stop();
  await rm(work, { recursive: true, force: true });
}
