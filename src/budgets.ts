/**
 * Size budgets, in one place: the build enforces the JavaScript one, `npm run budgets` (part of
 * `npm test`) all of them on the built site. KB here is 1,000 bytes.
 */
export const BUDGETS = {
  /** JavaScript a public page downloads in total, React included, gzipped. */
  jsGzipPerPage: 70_000,
  /** JavaScript a block builder page (src/builder/screen-names.ts) downloads in total, React, zod, Markdown, YAML and drag-and-drop included, gzipped. */
  jsGzipPerBuilderPage: 250_000,
  /** The HTML plus its render-blocking CSS, gzipped: first paint within one round trip (~14 KB). */
  htmlAndCriticalCssGzip: 14_000,
  /** Any single image file. */
  imageBytes: 200_000,
} as const;

/** The JavaScript budget a page is held to: a page that mounts a builder screen gets the builder's. */
export type ScriptBudget = 'jsGzipPerPage' | 'jsGzipPerBuilderPage';
export const scriptBudgetFor = (builderScreen: boolean): ScriptBudget => (builderScreen ? 'jsGzipPerBuilderPage' : 'jsGzipPerPage');
