// The layering (README, "The three layers"), checked by tests/project/layering.test.ts and by
// `npm run layering` (dependency-cruiser on TypeScript 6's API: scripts/typescript-api.mjs) over
// src/, scripts/, netlify/, bench/ and tests/: what runs anywhere (kernel/) imports neither the
// Node generator nor the browser apps; those two never import each other; the server functions
// import the kernel only; nothing outside tests/ imports from it (the gates that product code runs,
// such as `npm run check:change`'s, live in src/generator/gates/); and no file imports itself
// through others.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'No file imports itself through others.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'kernel-runs-anywhere',
      comment: 'The kernel imports neither the generator, the apps nor the functions.',
      severity: 'error',
      from: { path: '^src/kernel/' },
      to: { path: '^src/(generator|apps|functions)/' },
    },
    {
      name: 'kernel-needs-no-node',
      comment: 'The kernel runs in the browser too: no Node built-in.',
      severity: 'error',
      from: { path: '^src/kernel/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'generator-not-apps',
      comment:
        'The generator never imports the browser apps (the bundle names their entries by path).',
      severity: 'error',
      from: { path: '^(src/generator|scripts)/' },
      to: { path: '^src/apps/' },
    },
    {
      name: 'apps-not-generator',
      comment: 'The browser apps never import the generator.',
      severity: 'error',
      from: { path: '^src/apps/' },
      to: { path: '^src/(generator|functions)/' },
    },
    {
      name: 'apps-need-no-node',
      comment: 'The apps run in the browser: no Node built-in.',
      severity: 'error',
      from: { path: '^src/apps/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'tests-stay-in-tests',
      comment:
        "Only tests import test code: what a command or the site runs lives in src/. The test runners' own config files, which the runners look for at the top, are tests too.",
      severity: 'error',
      from: { pathNot: '^(tests/|playwright\\.config\\.ts$|vitest(\\.smoke)?\\.config\\.ts$)' },
      to: { path: '^tests/' },
    },
    {
      name: 'functions-on-the-kernel',
      comment: 'The server functions use the kernel only.',
      severity: 'error',
      from: { path: '^(src/functions|netlify/functions)/' },
      to: { path: '^src/(generator|apps)/' },
    },
    {
      name: 'admin-and-builder-apart',
      comment:
        'The admin area and the builder never import each other: what both use lives in src/apps/shared/.',
      severity: 'error',
      from: { path: '^src/apps/(admin|builder)/' },
      to: { path: '^src/apps/(admin|builder)/', pathNot: '^src/apps/$1/' },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|tools)/|^bench/node_modules/' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mts', '.mjs', '.js'] },
  },
};
