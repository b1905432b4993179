import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'tests/unit/**/*.test.ts',
      'tests/unit/**/*.test.tsx',
      'tests/platform/**/*.test.ts',
      'tests/project/**/*.test.ts',
    ],
    // Browser specs run under Playwright, not vitest.
    exclude: ['tests/e2e/**', 'node_modules/**'],
    // Two files at a time even on two cores (vitest's default there is one): many tests wait on
    // child processes, git, the emulators and the disk rather than on the CPU.
    maxWorkers: 2,
    testTimeout: 30_000,
    // Netlify's bundler (tests/platform/) reads TypeScript through its JavaScript API, which
    // TypeScript 7 no longer has: the hook gives it TypeScript 6 (scripts/typescript-api.mjs).
    execArgv: ['--import', './scripts/typescript-api.mjs'],
    hookTimeout: 60_000,
  },
});
