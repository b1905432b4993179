// A build worker thread (started by pool.ts): loads content files and renders pages for the main
// thread. The Markdown processor, the schemas and the templates are imported once per worker, and
// the site model once per build.
import { deserialize } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import type { Assets } from '../render/context.ts';
import type { SiteModel } from '../site/site-model.ts';
import { loadItem, type EntryOutcome } from './portable-entry.ts';
import type { FromWorker, RenderReply, ToWorker } from './protocol.ts';
import { JobRenderer } from './render-jobs.ts';

const port = parentPort;
if (!port) throw new Error('src/parallel/worker.ts runs as a worker thread (see pool.ts)');

const sites = new Map<number, { renderer: JobRenderer }>();
const siteBuffers = new Map<number, SharedArrayBuffer>();

function rendererFor(generation: number): JobRenderer {
  let entry = sites.get(generation);
  if (!entry) {
    const buffer = siteBuffers.get(generation);
    if (!buffer) throw new Error(`No site model was sent for build ${generation}`);
    const { site, assets } = deserialize(Buffer.from(buffer)) as { site: SiteModel; assets: Assets };
    entry = { renderer: new JobRenderer(site, assets) };
    sites.set(generation, entry);
  }
  return entry.renderer;
}

function handle(message: ToWorker): { result: EntryOutcome[] | RenderReply; transfer: ArrayBuffer[] } | undefined {
  switch (message.type) {
    case 'load':
      return { result: message.items.map((item) => loadItem(item, message.displayRoot)), transfer: [] };
    case 'site':
      siteBuffers.set(message.generation, message.buffer);
      return undefined;
    case 'forget':
      sites.delete(message.generation);
      siteBuffers.delete(message.generation);
      return undefined;
    case 'render': {
      const renderer = rendererFor(message.generation);
      const results = message.jobs.map((job) => renderer.render(job));
      return { result: { results, newPaths: renderer.takeNewPaths() }, transfer: results.map((result) => result.reads.buffer as ArrayBuffer) };
    }
  }
}

port.on('message', (message: ToWorker) => {
  let reply: FromWorker | undefined;
  let transfer: ArrayBuffer[] = [];
  try {
    const done = handle(message);
    if (!done || !('id' in message)) return;
    reply = { type: 'reply', id: message.id, result: done.result };
    transfer = done.transfer;
  } catch (error) {
    if (!('id' in message)) throw error;
    const { message: text, stack } = error instanceof Error ? error : { message: String(error), stack: undefined };
    reply = { type: 'reply', id: message.id, error: { message: text, stack } };
  }
  port.postMessage(reply, transfer);
});

port.postMessage({ type: 'ready' } satisfies FromWorker);
