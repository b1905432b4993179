// The history API that the integrated builder calls and the history function answers
// (netlify/functions/history.mts, src/functions/history/): a page's published versions, from git
// locally and from GitHub's commits for that file on Netlify, newest first, a page at a time; and
// one version's file, which the builder opens as a draft ("Restore this version"). Both sides read
// these schemas; every call carries the caller's Firebase ID token, as the proposals API's do
// (the same 401 and 403), and every failure is an ApiError (proposals.ts).
//
//   GET /api/history?path=<file>&page=<n>      → 200 PageHistory (20 versions a page; page 1 the newest)
//   GET /api/history/<commit>?path=<file>      → 200 PageVersionFile (422 when that version cannot be read as a page)
import { z } from 'zod';
import { GitSha } from './git-sha.ts';
import { VERSIONS_PER_PAGE } from './history-paths.ts';

export { VERSIONS_PER_PAGE };
/** The furthest page asked for: 2,000 versions back. */
export const MAX_HISTORY_PAGE = 100;

export const HistoryQuerySchema = z.strictObject({
  /** The page's content file, as proposals name it ("content/pages/about.md"). */
  path: z.string().min(1).max(200),
  page: z.coerce.number().int().min(1).max(MAX_HISTORY_PAGE).default(1),
});
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;

export const PageVersionSchema = z.strictObject({
  /** The commit that published this version. */
  commit: GitSha,
  /** When it was published (the commit's time, as the branch got it), ISO 8601. */
  when: z.string(),
  /** Who wrote it: the commit's author (a proposal's author is the admin who proposed it). */
  by: z.string(),
  /** The commit's first line: a proposal's summary. */
  summary: z.string(),
  /** added: the file's first version; changed; removed: the file was deleted (nothing to restore). */
  change: z.enum(['added', 'changed', 'removed']),
  /** The file's git blob in this version; absent once removed. Equal to the live page's: this is what the site shows. */
  blob: GitSha.optional(),
  /** What changed from the version before, as a short unified diff (the proposals' own, src/functions/proposals/describe.ts). */
  diff: z.string(),
});
export type PageVersion = z.infer<typeof PageVersionSchema>;

export const PageHistorySchema = z.strictObject({
  path: z.string(),
  page: z.number().int().min(1),
  /** Newest first. */
  versions: z.array(PageVersionSchema),
  /** Whether older versions follow on the next page. */
  more: z.boolean(),
});
export type PageHistory = z.infer<typeof PageHistorySchema>;

/** A version's file, as a page's payload holds the live one (payload.ts): what the builder opens as a draft. */
export const PageVersionFileSchema = z.strictObject({
  path: z.string(),
  commit: GitSha,
  blob: GitSha,
  /** The whole file, as it was in that version. */
  text: z.string(),
  /** Its front matter as the file holds it (no defaults filled in), and its Markdown body. */
  data: z.record(z.string(), z.unknown()),
  body: z.string(),
});
export type PageVersionFile = z.infer<typeof PageVersionFileSchema>;
