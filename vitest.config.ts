import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
    // Browser specs run under Playwright, not vitest.
    exclude: ['tests/e2e/**', 'node_modules/**'],
    // Two files at a time even on two cores (vitest's default there is one): many tests wait on
    // child processes, git, the emulators and the disk rather than on the CPU.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
