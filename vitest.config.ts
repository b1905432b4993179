import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // tests/unit/ mirrors the sources, a test beside the path of the file it tests;
    // tests/project/ holds what checks the project as a whole (tests/project/test-layout.test.ts).
    include: [
      'tests/unit/**/*.test.ts',
      'tests/unit/**/*.test.tsx',
      'tests/project/**/*.test.ts',
      'tests/platform/**/*.test.ts',
    ],
    // Browser specs run under Playwright, not vitest.
    exclude: ['tests/e2e/**', 'node_modules/**'],
    // Two files at a time even on two cores (vitest's default there is one): many tests wait on
    // child processes, git, the emulators and the disk rather than on the CPU.
    maxWorkers: 2,
    // Each worker runs file after file without starting afresh: the modules most files share (the
    // generator, React, zod, the Firebase SDK) load once a worker rather than once a file. Tests
    // therefore leave no state behind: what they set in process.env they delete in afterAll, and
    // stubs are undone (vi.unstubAllGlobals, vi.unstubAllEnvs).
    isolate: false,
    testTimeout: 30_000,
    // Netlify's bundler (tests/platform/) reads TypeScript through its JavaScript API, which
    // TypeScript 7 no longer has: the hook gives it TypeScript 6 (scripts/typescript-api.mjs).
    execArgv: ['--import', './scripts/typescript-api.mjs'],
    hookTimeout: 60_000,
  },
});
