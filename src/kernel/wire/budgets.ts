/**
 * Size budgets, in one place: the build enforces the JavaScript ones, `npm run budgets` (part of
 * `npm test`) all of them on the built site. KB here is 1,000 bytes.
 */
export const BUDGETS = {
  /** JavaScript a public page downloads in total, React included, gzipped. */
  jsGzipPerPage: 70_000,
  /** JavaScript a page with an account screen (sign-in, registration, reset, the guarded pages) downloads, React and Firebase Auth included, gzipped. */
  jsGzipPerAccountPage: 110_000,
  /** JavaScript a block builder page downloads in total, React, Firebase Auth and Storage, zod, Markdown and drag-and-drop included, gzipped. */
  jsGzipPerBuilderPage: 250_000,
  /** JavaScript the admin page (/admin: what is live, content health, the media library) downloads, React, Firebase Auth and Storage included, gzipped. */
  jsGzipPerAdminPage: 140_000,
  /** The HTML plus its render-blocking CSS, gzipped: first paint within one round trip (~14 KB). */
  htmlAndCriticalCssGzip: 14_000,
  /** Any single image file. */
  imageBytes: 200_000,
} as const;

/** The JavaScript budget a page is held to: a public page's, or its screen's (src/kernel/wire/screens.ts). */
export type ScriptBudget =
  | 'jsGzipPerPage'
  | 'jsGzipPerAccountPage'
  | 'jsGzipPerAdminPage'
  | 'jsGzipPerBuilderPage';
