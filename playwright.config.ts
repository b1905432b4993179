// Browser tests: Chromium against the built site (dist/) served by scripts/serve.ts,
// which applies netlify.toml like Netlify does. This config does not build:
// `npm test` builds first; by hand, run `npm run build && npx playwright test`.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/ensure-chromium.ts';

const port = Number(process.env.E2E_PORT || 4173);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 20_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  outputDir: 'test-results/e2e-artifacts',
  use: {
    baseURL,
    browserName: 'chromium',
    // Debian's Chromium: Playwright's own browser download cannot work offline.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    // Off by default: recording every test is costly on a small machine. Use --trace on to debug.
    trace: 'off',
  },
  webServer: {
    // Exits with "dist/ does not exist. Run `npm run build` first." when there is no build.
    command: `node scripts/run.mjs serve --port ${port} --host 127.0.0.1`,
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
