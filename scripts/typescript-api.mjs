// @ts-check
// Two tools read TypeScript through its JavaScript API (createSourceFile and the rest), which
// TypeScript 7, the native compiler the typecheck runs, no longer has: dependency-cruiser (the
// layering check, .dependency-cruiser.cjs), and ts-api-utils, which Netlify's bundler loads (through
// precinct's TypeScript parser) to read a function's imports. npm hoists ts-api-utils beside
// TypeScript 7, so it finds that one. TypeScript's last JavaScript release is installed beside it as
// `typescript-v6`, and this hook hands that to both, for their import and require of "typescript":
//   node --import ./scripts/typescript-api.mjs node_modules/.bin/depcruise …   (npm run layering)
//   vitest.config.ts's execArgv                                                (tests/platform/)
// Nothing else is redirected.
import { registerHooks } from 'node:module';

const READERS = ['/node_modules/dependency-cruiser/', '/node_modules/ts-api-utils/'];

registerHooks({
  resolve(specifier, context, nextResolve) {
    const fromReader = READERS.some((folder) => context.parentURL?.includes(folder));
    if (fromReader && (specifier === 'typescript' || specifier.startsWith('typescript/')))
      return nextResolve(specifier.replace(/^typescript/, 'typescript-v6'), context);
    return nextResolve(specifier, context);
  },
});
