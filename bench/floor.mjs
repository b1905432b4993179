// node bench/floor.mjs <markdown folder> [threads]
//
// The floor that the chosen Markdown stack sets on this machine: the bare remark → rehype →
// stringify pipeline (unified with remark-parse, remark-rehype and rehype-stringify, nothing else)
// over the same Markdown files the three builders get, front matter split off by gray-matter.
// No build can convert its pages faster than this, so it bounds the cold build from below.
//
// Timed twice, each time in fresh threads (cold, as in a build: V8 compiles the parser while it
// runs): all pages on one thread, then the pages split evenly over `threads` threads (default:
// every core). Each thread reads its files, imports the stack and creates the processor before
// the clock starts, so Node's start-up, module loading and disk reads are not counted: the figures
// are the most generous the stack can have. Plain JavaScript, so the threads need no loader.
// Prints one line of JSON.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import matter from 'gray-matter';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

if (isMainThread) {
  const dir = process.argv[2];
  const threads = Number(process.argv[3] ?? availableParallelism());
  if (!dir || !Number.isInteger(threads) || threads < 1) {
    console.error('Usage: node bench/floor.mjs <markdown folder> [threads]');
    process.exit(1);
  }
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => path.join(dir, name));
  const oneThread = await timeThreads([files]);
  const slices = Array.from({ length: threads }, (_, i) =>
    files.filter((_file, j) => j % threads === i),
  );
  const allThreads = await timeThreads(slices);
  console.log(
    JSON.stringify({
      pages: files.length,
      threads,
      oneThreadSeconds: oneThread,
      allThreadsSeconds: allThreads,
    }),
  );
} else {
  // One thread's share: read and split before the clock starts; convert when told to go.
  const bodies = workerData.files.map((file) => matter(readFileSync(file, 'utf8')).content);
  const processor = unified().use(remarkParse).use(remarkRehype).use(rehypeStringify);
  parentPort.once('message', () => {
    let bytes = 0;
    for (const body of bodies) bytes += String(processor.processSync(body)).length;
    parentPort.postMessage({ done: true, bytes });
  });
  parentPort.postMessage({ ready: true });
}

/** Starts one thread per slice, waits until all are ready, then times from "go" to the last "done" (seconds). */
async function timeThreads(slices) {
  const workers = slices.map(
    (files) => new Worker(new URL(import.meta.url), { workerData: { files } }),
  );
  const next = (worker) =>
    new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  await Promise.all(workers.map(next));
  const finished = workers.map(next);
  const started = performance.now();
  for (const worker of workers) worker.postMessage('go');
  await Promise.all(finished);
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(workers.map((worker) => worker.terminate()));
  return seconds;
}
