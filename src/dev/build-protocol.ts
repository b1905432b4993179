// Messages between the dev server and its build process (src/dev/build-worker.ts).
// Plain JSON over the IPC channel.

export interface BuildRequest {
  type: 'build';
  id: number;
  outDir: string;
  /** Defaults to <projectRoot>/content. */
  contentDir?: string;
  siteUrl?: string;
}

export type BuildOutcome =
  | { ok: true; pages: number; files: number; bytes: number; milliseconds: number; buildId: string }
  /** The content is wrong: `report` is the editor-facing formatProblems text. */
  | { ok: false; kind: 'content'; problemCount: number; report: string }
  /** The generator failed (a bug, a syntax error in a template, a crashed build process). */
  | { ok: false; kind: 'generator'; message: string };

export interface BuildResponse {
  type: 'result';
  id: number;
  outcome: BuildOutcome;
}
