// @ts-check
// dependency-cruiser (the layering check, .dependency-cruiser.cjs) reads TypeScript through its
// JavaScript API (createSourceFile and the rest), which TypeScript 7, the native compiler the
// typecheck runs, no longer has; dependency-cruiser supports typescript below 7. TypeScript's last
// JavaScript release is installed beside it as `typescript-v6`, and this hook hands that to
// dependency-cruiser, for both its import and its require of "typescript":
//   node --import ./scripts/typescript-api.mjs node_modules/.bin/depcruise …
// (`npm run layering`). Nothing else is redirected.
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    const fromCruiser = context.parentURL?.includes('/node_modules/dependency-cruiser/');
    if (fromCruiser && (specifier === 'typescript' || specifier.startsWith('typescript/'))) return nextResolve(specifier.replace(/^typescript/, 'typescript-v6'), context);
    return nextResolve(specifier, context);
  },
});
