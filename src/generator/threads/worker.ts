// A worker thread: parses content files and renders and writes pages with the very functions the
// main thread uses (src/generator/content/load-entry.ts, src/kernel/render/render-page.tsx), and sends back data:
// loaded files, or for a page only the digest of what it wrote.
import { parentPort } from 'node:worker_threads';
import { parseFile } from '../content/load-entry.ts';
import { writeIfChanged } from '../emit/output-folder.ts';
import { DiskCache } from '../images/disk-cache.ts';
import { imagePlanner } from '../images/responsive-images.ts';
import { renderJob } from '../../kernel/render/render-page.tsx';
import { type RenderInput } from '../../kernel/render/page-context.tsx';
import type { LoadSettingsData, ParseItem, Request, RenderResult, RenderTask } from './protocol.ts';

const port = parentPort;
if (!port) throw new Error('src/generator/threads/worker.ts runs as a worker thread (see pool.ts).');

let current: { generation: number; input: RenderInput; madeDirs: Set<string> } | undefined;

async function parse(settings: LoadSettingsData, items: ParseItem[]) {
  const loadSettings = {
    displayRoot: settings.displayRoot,
    loadKey: settings.loadKey,
    images: imagePlanner({ imagesDir: settings.imagesDir, imagesDirDisplay: settings.imagesDirDisplay, cache: new DiskCache(settings.imagesCacheDir), library: settings.library }),
  };
  return Promise.all(items.map((item) => parseFile(item.absolute, item.schema, item.checked, loadSettings)));
}

function render(generation: number, input: RenderInput | undefined, root: string, tasks: RenderTask[]): Promise<RenderResult[]> {
  if (input) current = { generation, input, madeDirs: new Set() };
  if (!current || current.generation !== generation) return Promise.reject(new Error(`No render input was sent for build ${generation}.`));
  const { madeDirs } = current;
  // Each page's write starts as soon as it is rendered; the next page renders meanwhile.
  return Promise.all(
    tasks.map(async ({ job, key, known }) => {
      const { html } = renderJob(current!.input, job);
      return { path: job.path, key, ...writeIfChanged(root, job.path, html, known, madeDirs) };
    }),
  );
}

port.on('message', (message: Request & { id: number }) => {
  const work = message.type === 'parse' ? parse(message.settings, message.items) : render(message.generation, message.input, message.root, message.tasks);
  work.then(
    (result) => port.postMessage({ id: message.id, result }),
    (error: unknown) => port.postMessage({ id: message.id, error }),
  );
});
