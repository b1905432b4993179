// Browser tests: Chromium against the built site (dist/) served by scripts/serve.ts, as `npm start`
// serves it: netlify.toml applied like Netlify does, and the local Auth emulator (seeded with the
// admin and member accounts) and the local Storage emulator (with the sample photos), reached through the site. This config does not build: `npm test`
// builds first (with the local sign-in config); by hand, `npm run build -- --auth-emulator && npx playwright test`.
// Ports: E2E_PORT for the site, E2E_AUTH_PORT and E2E_STORAGE_PORT for the emulators (EMULATOR_HUB_PORT and
// EMULATOR_LOGGING_PORT for firebase-tools' own, otherwise free ones).
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from './scripts/ensure-chromium.ts';
import { E2E_AUTH_PORT, E2E_PORT, E2E_STORAGE_PORT } from './tests/support/e2e-ports.ts';
import { publishRepository } from './tests/support/publish-repository.ts';

const port = E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;
const authPort = E2E_AUTH_PORT;

// The repository the server proposes into: made once, by the runner (its workers inherit it).
if (!process.env.TEST_WORKER_INDEX && !process.env.PUBLISH_REPOSITORY_DIR)
  process.env.PUBLISH_REPOSITORY_DIR = publishRepository(
    fileURLToPath(new URL('.', import.meta.url)),
  );
// The enquiries the server keeps, in a folder of this run's: never those of an earlier run or of `npm start`.
if (!process.env.TEST_WORKER_INDEX && !process.env.ENQUIRIES_DIR) {
  process.env.ENQUIRIES_DIR = fileURLToPath(new URL('test-results/forms', import.meta.url));
  rmSync(process.env.ENQUIRIES_DIR, { recursive: true, force: true });
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  outputDir: 'test-results/e2e-artifacts',
  projects: [
    // Signs the seeded administrator and member in once, through the form, and saves their sessions
    // (tests/support/e2e/sessions.ts) for every test that starts signed in.
    { name: 'sessions', testMatch: /\.setup\.ts$/ },
    { name: 'chromium', dependencies: ['sessions'] },
  ],
  use: {
    baseURL,
    browserName: 'chromium',
    // Debian's Chromium headless shell: Playwright's own browser download cannot work offline.
    launchOptions: {
      executablePath: HEADLESS_SHELL_PATH,
      args: CHROMIUM_ARGS,
    },
    // Off by default: recording every test is costly on a small machine. Use --trace on to debug.
    trace: 'off',
  },
  webServer: {
    // Exits with "dist/ does not exist. Run `npm run build` first." when there is no build.
    command: `node scripts/run.mjs serve --port ${port} --host 127.0.0.1 --auth-port ${authPort} --storage-port ${E2E_STORAGE_PORT}`,
    // The server holds requests to the emulator until it answers and its accounts exist (a few seconds).
    url: `${baseURL}/emulator/v1/projects/demo-ardent/oobCodes`,
    // The proposals' checks without the browser gates: no spec on this server is about them, and
    // they would take a browser's time from the tests. admin-photo-loop.spec.ts runs them in full.
    env: { LOCAL_CHECKS_SKIP: 'axe,lighthouse' },
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
