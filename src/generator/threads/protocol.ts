// Messages between the main thread and a worker thread: plain data, copied by structured clone.
import type { SchemaKey } from '../../kernel/content/collections.ts';
import type { LoadedFile } from '../content/load-entry.ts';
import type { OutputFile } from '../emit/output-folder.ts';
import type { RenderJob } from '../../kernel/render/render-page.tsx';
import type { RenderInput } from '../../kernel/render/page-context.tsx';
import type { LibrarySettings } from '../images/library-photos.ts';

/** The loader's settings as data (the images stage's cache is opened again on the thread). */
export interface LoadSettingsData {
  displayRoot: string;
  loadKey: string;
  imagesDir: string;
  imagesDirDisplay: string;
  imagesCacheDir: string;
  /** Where media library photos come from (src/generator/images/library-photos.ts). */
  library?: LibrarySettings;
}

export interface ParseItem {
  absolute: string;
  schema: SchemaKey;
  checked: { text: string; stamp: NonNullable<LoadedFile['stamp']>; textDigest: string };
}

/** A page to render and write: its key, and the digest of what the folder holds at its path, if anything. */
export interface RenderTask {
  job: RenderJob;
  key: string;
  known?: string;
}

export type RenderResult = OutputFile & { path: string; written: boolean };

export type Request =
  | { type: 'parse'; settings: LoadSettingsData; items: ParseItem[] }
  /** `input` comes with a thread's first batch of a build (`generation`). */
  | { type: 'render'; generation: number; input?: RenderInput; root: string; tasks: RenderTask[] };

export type Reply = { id: number; result: unknown } | { id: number; error: unknown };
