// What the main thread and a worker thread of the page pool say to each other (page-pool.ts,
// page-worker.ts): plain data, copied by postMessage.
import type { ImagePlan } from '../../kernel/check/check-entry.ts';
import type { ImageReference } from '../../kernel/images/reference-checks.ts';
import type { LoadItem, LoadedItem, RenderSetup, RenderTask, RenderedPage } from './page-work.ts';

/** What a worker is started with: the loader's settings, but for planning images, which it asks the main thread for. */
export interface WorkerSettings {
  displayRoot: string;
  loadKey: string;
  imagesDir: string;
}

export type ToWorker =
  | { id: number; load: LoadItem[] }
  /** The render setup comes with a worker's first batch of pages of a build. */
  | { id: number; render: RenderTask[]; setup?: RenderSetup }
  | { planned: number; plan: ImagePlan };

export type FromWorker =
  | { id: number; loaded: LoadedItem[] }
  | { id: number; rendered: RenderedPage[] }
  | { id: number; error: unknown }
  | { plan: number; raster: ImageReference[] };
