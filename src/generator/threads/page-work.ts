// What a thread does with the site's pages, the same on every thread: the main thread, and each
// worker thread beside it on a large build (page-pool.ts). It loads content files (the loader's
// parseFile: front matter, schema check, Markdown to HTML, images planned) and renders and writes
// pages. What it hands back is plain data: entries hold their Markdown as HTML with the facts the
// cross-checks read (ids, links, headings, images), never a syntax tree, and a written page is its
// digest and size (its HTML too when the content health's lint wants it). It keeps the entries it
// loaded, so that a page is rendered where its file was loaded and its entry is not sent back.
import {
  keepSource,
  loadedSource,
  parseFile,
  type FileStamp,
  type LoadedFile,
  type LoadSettings,
} from '../content/load-entry.ts';
import type { SchemaKey } from '../../kernel/content/collections.ts';
import { ContentEntry } from '../../kernel/content/entry.ts';
import type { RenderInput } from '../../kernel/render/page-context.tsx';
import { renderJob, type RenderJob } from '../../kernel/render/render-page.tsx';
import type { ErrorPage } from '../../kernel/schema/index.ts';
import { pageOfEntry, type Crumb } from '../../kernel/site/pages.ts';
import { writeFile, type WrittenFile } from '../emit/write-file.ts';

/** A file to load: read and digested by the main thread, which knows what the last build made of it. */
export interface LoadItem {
  absolute: string;
  schema: SchemaKey;
  checked: { text: string; stamp: FileStamp; textDigest: string };
}

/** A loaded file, with what its entry was read from (the builder's payloads), without the text the main thread already has. */
export interface LoadedItem {
  file: LoadedFile;
  source?: { data: unknown; body: string };
}

/** One page to render: a route's page or an error page. */
export interface RenderTask {
  /** The output file, for example "about.html". */
  path: string;
  /** The entry's file, as problems name it. */
  file: string;
  /** A route's page: its kind, and the trail the site gave it. An error page has none. */
  page?: { kind: 'services' | 'areas' | 'pages'; trail: readonly Crumb[] };
  /** The entry, when this thread did not load it. */
  entry?: ContentEntry;
  /** The digest of what the output folder holds at `path`, if anything: the same contents are not written again. */
  known?: string;
}

/** What every page of a build is rendered with, and where it is written. */
export interface RenderSetup {
  /** The site's parts and planned images. */
  input: RenderInput;
  /** The folder the pages go into (the output folder, or the temporary folder of a fresh build). */
  root: string;
  /** Whether the HTML comes back too, for the content health's lint (src/generator/emit/health-lint.ts). */
  keepHtml: boolean;
}

/** A page rendered and written: what the output folder records of it, and its HTML when the setup keeps it. */
export interface RenderedPage extends WrittenFile {
  path: string;
  html?: string;
}

export class PageWork {
  /** The entries this thread loaded in this build, by file. */
  #entries = new Map<string, ContentEntry>();
  #setup: RenderSetup | undefined;
  #madeDirs = new Set<string>();

  constructor(private readonly settings: LoadSettings) {}

  async load(items: readonly LoadItem[]): Promise<LoadedItem[]> {
    return Promise.all(
      items.map(async ({ absolute, schema, checked }) => {
        const file = await parseFile(absolute, schema, checked, this.settings);
        const source = file.entry ? loadedSource(file.entry) : undefined;
        if (file.entry) this.#entries.set(file.entry.file, file.entry);
        return { file, source: source && { data: source.data, body: source.body } };
      }),
    );
  }

  renderWith(setup: RenderSetup): void {
    this.#setup = setup;
  }

  /** Renders each task's page and writes it (src/generator/emit/write-file.ts): the page end to end on this thread. */
  render(tasks: readonly RenderTask[]): RenderedPage[] {
    const setup = this.#setup;
    if (!setup) throw new Error('PageWork.render before renderWith.');
    return tasks.map((task) => {
      const entry = task.entry ? ContentEntry.revive(task.entry) : this.#entries.get(task.file);
      if (!entry) throw new Error(`No entry for ${task.file} on this thread.`);
      const { html } = renderJob(setup.input, jobOf(task, entry));
      return {
        path: task.path,
        ...writeFile(setup.root, task.path, html, task.known, this.#madeDirs),
        ...(setup.keepHtml ? { html } : {}),
      };
    });
  }
}

/** The render job of a task: its page made from the entry as the site makes it (derivePages), with the site's trail. */
function jobOf(task: RenderTask, entry: ContentEntry): RenderJob {
  if (!task.page) return { path: task.path, error: entry as ContentEntry<ErrorPage> };
  const page = pageOfEntry(entry, task.page.kind);
  page.trail = task.page.trail;
  return { path: task.path, page };
}

/** On the main thread: a loaded item from any thread, its entry with its methods and its source kept. */
export function received({ file, source }: LoadedItem, text: string): LoadedFile {
  if (file.entry && !(file.entry instanceof ContentEntry)) ContentEntry.revive(file.entry);
  if (file.entry && source) keepSource(file.entry, { ...source, text });
  return file;
}
