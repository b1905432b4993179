// Messages between the dev server and its build process (src/dev/build-worker.ts).
// Plain JSON over the IPC channel.
import type { FileChange } from './changes.ts';

export interface BuildRequest {
  type: 'build';
  id: number;
  outDir: string;
  /** Defaults to <projectRoot>/content. */
  contentDir?: string;
  /** Defaults to <projectRoot>/.cache. */
  cacheDir?: string;
  siteUrl?: string;
  /**
   * What changed since the last build. When it is only Markdown content, the build process
   * rebuilds incrementally from the site it holds in memory (src/dev/incremental.ts).
   */
  changes?: FileChange[];
}

export type BuildOutcome =
  | {
      ok: true;
      pages: number;
      files: number;
      bytes: number;
      milliseconds: number;
      buildId: string;
      /** Set when only some pages were rebuilt: how many were rendered again, and files written or removed. */
      incremental?: { rendered: number; written: number };
    }
  /** The content is wrong: `report` is the editor-facing formatProblems text. */
  | { ok: false; kind: 'content'; problemCount: number; report: string }
  /** The generator failed (a bug, a syntax error in a template, a crashed build process). */
  | { ok: false; kind: 'generator'; message: string };

export interface BuildResponse {
  type: 'result';
  id: number;
  outcome: BuildOutcome;
}
