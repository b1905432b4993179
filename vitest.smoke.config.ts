// The platform smoke alone (tests/platform/*.smoke.ts): Netlify's own CLI building and serving the
// site offline, run by `npm test -- --platform` (.ci/run and the workflow) after the rest.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['tests/platform/**/*.smoke.ts'],
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
