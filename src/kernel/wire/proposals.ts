// The publishing API that the builder calls and the proposals function answers
// (netlify/functions/proposals.mts, src/functions/proposals/): its addresses, what each request
// sends and each answer holds. Both sides read these schemas; every call carries the caller's
// Firebase ID token as `Authorization: Bearer <token>`.
//
//   POST /api/proposals                  ProposeRequest → 201 { proposal } (a new change), 200 { proposal, merged? } (added to the open one),
//                                        409 with the other change when a page was made from an older version and touches the same lines
//   GET  /api/proposals                  → 200 { proposals } (the open ones, the scheduled among them)
//   GET  /api/proposals?state=published  → 200 { proposals } (the ones published lately, newest first)
//   GET  /api/proposals/<id>             → 200 { proposal }, its checks and preview as they are now
//   POST /api/proposals/<id>/publish     → 200 { proposal } (merged, `published` says by which commit), or 409 with why not
//   POST /api/proposals/<id>/withdraw    → 200 { proposal } (closed, its branch deleted)
//   POST /api/proposals/<id>/schedule    ScheduleRequest (schedule.ts) → 200 { proposal }: published at that time; 400 or 409 in words when not
//   DELETE /api/proposals/<id>/schedule  → 200 { proposal }: no longer scheduled
//   GET  /api/deploys/<commit>?live=<c>  → 200 { deploy }: is that published commit live yet (in the build
//                                        `c` that the live site's latest-build.json names), building, or failed
//
// Every failure is an ApiError: words for the admin, and what to do next.
import { z } from 'zod';
import { GitSha } from './git-sha.ts';
import { problemRecordSchema } from '../errors/report-formats.ts';
import { ErrorWordsSchema } from './error-words.ts';
import { ScheduleSchema } from './schedule.ts';

/** The most one page's file may weigh, in bytes (413 above it). */
export const MAX_PAGE_BYTES = 256 * 1024;
/** The most a proposal's request body may weigh, in bytes (413 above it). */
export const MAX_PROPOSAL_BYTES = 1024 * 1024;
/** The most pages one change may hold. */
export const MAX_CHANGE_PAGES = 20;

export const ProposedFileSchema = z.strictObject({
  /** The content file in the repository, for example "content/services/deep-cleaning-services.md". */
  path: z.string().min(1).max(200),
  /** The whole file, as the builder exports it. */
  text: z.string(),
  /**
   * The git blob of the version the text was made from: the live page's (its payload's `blob`), or
   * an open proposal's that the builder continued from; absent for a new page never proposed.
   */
  blob: GitSha.optional(),
});
export type ProposedFile = z.infer<typeof ProposedFileSchema>;

/**
 * A change of one page or more. With `change`, the pages are added to that open change; without
 * it, to the open change that already holds one of them, else a new change is made.
 */
export const ProposeRequestSchema = z.strictObject({
  files: z.array(ProposedFileSchema).min(1, 'a change holds one page or more'),
  /** One line, for example "Update Deep Cleaning": the pull request's title and the commit's subject. */
  summary: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .regex(/^[^\r\n]*$/, 'one line'),
  /** The open change to add the pages to ("Add another page to this change"). */
  change: z.string().min(1).max(100).optional(),
});
export type ProposeRequest = z.infer<typeof ProposeRequestSchema>;

export const ChecksSchema = z.strictObject({
  /** waiting: nothing has started yet; running; passed; failed (firstProblem says why). */
  state: z.enum(['waiting', 'running', 'passed', 'failed']),
  /** The first problem found, in words, when the checks failed. */
  firstProblem: z.string().optional(),
  /** The problems as data, when the checks report them (the first few): each page lists its own, and the builder places them in the form's words. */
  problems: z
    .array(
      z.strictObject({
        file: z.string(),
        line: z.number().optional(),
        field: z.string().optional(),
        message: z.string(),
      }),
    )
    .optional(),
  /** Where the checks' full report is (the check run on GitHub), when there is one. */
  url: z.string().optional(),
});
export type Checks = z.infer<typeof ChecksSchema>;

export const PreviewSchema = z.strictObject({
  /** none: no deploy preview (locally, the builder's own preview stands in); building; ready (url); failed. */
  state: z.enum(['none', 'building', 'ready', 'failed']),
  url: z.string().optional(),
});
export type Preview = z.infer<typeof PreviewSchema>;

/** One page of a change. */
export const ProposalPageSchema = z.strictObject({
  /** Its content file. */
  path: z.string(),
  /** The page's address, as proposed. */
  route: z.string().optional(),
  /** The page's name, as its breadcrumb shows it ("Deep Cleaning"), as proposed. */
  page: z.string(),
  /** A page the site does not have yet: the builder cannot open it from the site's pages. */
  new: z.literal(true).optional(),
  /** The file's blob at the change's head commit, while the change is open: the version a change continued from it names. */
  blob: GitSha.optional(),
});
export type ProposalPage = z.infer<typeof ProposalPageSchema>;

/** A change: one page or more, proposed, checked and published together. */
export const ProposalSchema = z.strictObject({
  /** In the API's addresses: the pull request's number on GitHub, the branch's name after "content/" locally. */
  id: z.string().min(1),
  /** "content/<file name>-<yyyymmdd-hhmm>", after its first page's file. */
  branch: z.string(),
  pages: z.array(ProposalPageSchema).min(1),
  summary: z.string(),
  /** Who proposed it: the admin's name, or email address. */
  author: z.string(),
  /** ISO 8601 times. */
  created: z.string(),
  updated: z.string(),
  /** The pull request on GitHub; null locally. */
  url: z.string().nullable(),
  /** open; published (merged); withdrawn (closed without merging). */
  state: z.enum(['open', 'published', 'withdrawn']),
  checks: ChecksSchema,
  preview: PreviewSchema,
  /** Made by the local backend (the project's own git repository) rather than on GitHub. */
  local: z.boolean(),
  /** The head commit of its branch: what Publish would publish. Absent once the branch is gone. */
  commit: GitSha.optional(),
  /** Once published: the commit on the live branch that carries it, and when. */
  published: z.strictObject({ commit: GitSha, at: z.string() }).optional(),
  /** When it is to be published by itself (and, once published, when it was meant to be). */
  schedule: ScheduleSchema.optional(),
});
export type Proposal = z.infer<typeof ProposalSchema>;

export const ProposalAnswerSchema = z.strictObject({
  proposal: ProposalSchema,
  /** The text sent was made from an older version and was merged with the changes made since: the proposal holds both. */
  merged: z.literal(true).optional(),
});
export type ProposalAnswer = z.infer<typeof ProposalAnswerSchema>;

export const ProposalListSchema = z.strictObject({ proposals: z.array(ProposalSchema) });
export type ProposalList = z.infer<typeof ProposalListSchema>;

/** Every failure: its code (src/kernel/errors/api-errors.ts), title, message and what to do; and what belongs to some. */
export const ApiErrorSchema = z.strictObject({
  error: ErrorWordsSchema,
  /** 422: the file's problems, exactly as `npm run check -- --format json` prints them. */
  problems: z.array(problemRecordSchema).optional(),
  /** 409, the page changed since it was opened: what the other person changed, as a short unified diff. */
  diff: z.string().optional(),
  /**
   * 409, the page changed since it was opened: the newer version, to start again from (its file is
   * `GET /api/history/<commit>?path=`), who made it and when, when they are known.
   */
  newer: z
    .strictObject({
      commit: GitSha,
      blob: GitSha,
      by: z.string().optional(),
      when: z.string().optional(),
    })
    .optional(),
  /** 409 on publishing: the repository wants a review first; `url` is the pull request. */
  reviewRequired: z.literal(true).optional(),
  url: z.string().optional(),
  /** 429: seconds to wait before trying again, when GitHub said. */
  retryAfter: z.number().int().nonnegative().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/**
 * Whether a published commit is live: `live` when the build the live site serves (its
 * latest-build.json's `commit`) contains it; `failed` when the deploy of it failed (`url`: the
 * platform's own page about it, `message` what it said); else `building`.
 */
export const DeploySchema = z.strictObject({
  commit: GitSha,
  state: z.enum(['building', 'live', 'failed']),
  url: z.string().optional(),
  message: z.string().optional(),
});
export type Deploy = z.infer<typeof DeploySchema>;

export const DeployAnswerSchema = z.strictObject({ deploy: DeploySchema });
export type DeployAnswer = z.infer<typeof DeployAnswerSchema>;

export const DeployQuerySchema = z.strictObject({ live: GitSha.optional() });

/** GET /api/proposals: the open changes, or (`state=published`) the ones published lately. */
export const ListQuerySchema = z.strictObject({
  state: z.enum(['open', 'published']).default('open'),
});
