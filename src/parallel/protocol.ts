// Messages between the build (main thread) and its worker threads (worker.ts). Plain data,
// copied by structured clone; the site model goes once per build in a SharedArrayBuffer.
import type { EntryOutcome, LoadItem } from './portable-entry.ts';
import type { JobResult, NewPath } from './render-jobs.ts';

export type ToWorker =
  | { type: 'load'; id: number; displayRoot: string; items: LoadItem[] }
  /** v8.serialize({ site, assets }), once per build (`generation`), before its render requests. */
  | { type: 'site'; generation: number; buffer: SharedArrayBuffer }
  | { type: 'render'; id: number; generation: number; jobs: number[] }
  /** The build is over: drop its site model. */
  | { type: 'forget'; generation: number };

export interface RenderReply {
  results: JobResult[];
  newPaths: NewPath[];
}

export type FromWorker =
  | { type: 'ready' }
  | { type: 'reply'; id: number; result: EntryOutcome[] | RenderReply }
  | { type: 'reply'; id: number; error: { message: string; stack?: string } };
