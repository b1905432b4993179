/**
 * Size budgets, in one place: the build enforces the JavaScript one, `npm run budgets` (part of
 * `npm test`) all of them on the built site. KB here is 1,000 bytes.
 */
export const BUDGETS = {
  /** JavaScript a public page downloads in total, React included, gzipped. */
  jsGzipPerPage: 70_000,
  /** The HTML plus its render-blocking CSS, gzipped: first paint within one round trip (~14 KB). */
  htmlAndCriticalCssGzip: 14_000,
  /** Any single image file. */
  imageBytes: 200_000,
} as const;
