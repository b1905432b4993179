// The one place the build uses worker threads. Above a threshold of work, the items are split
// into batches that this thread and the pool's threads take in turn, each as soon as it is free:
// this thread starts at once, the others join when they have started. Results come back in the
// items' order, and are byte for byte those of this thread alone (tests/unit/generator/threads/).
import type { ThreadPool, WorkerThread } from './pool.ts';

export interface Sharing<I, R> {
  /** Does a batch on this thread; when absent, the worker threads do all the work (tests). */
  here?: (batch: I[]) => Promise<R[]>;
  /** Has a worker thread do a batch. */
  there: (thread: WorkerThread, batch: I[]) => Promise<R[]>;
  batchSize?: number;
}

export async function shareWork<I, R>(items: readonly I[], pool: ThreadPool, { here, there, batchSize = 24 }: Sharing<I, R>): Promise<R[]> {
  const results: R[][] = [];
  let next = 0;
  const batches = Math.ceil(items.length / batchSize);
  const take = () => (next < batches ? next++ : -1);
  const slice = (index: number) => items.slice(index * batchSize, (index + 1) * batchSize);
  const run = async (doBatch: (batch: I[]) => Promise<R[]>, yieldBetween: boolean) => {
    for (let index = take(); index !== -1; index = take()) {
      results[index] = await doBatch(slice(index));
      // This thread's batches are synchronous work: between two, the worker threads' replies are
      // handled (they arrive as events), so that they take their next batch at once.
      if (yieldBetween) await new Promise((resolve) => setImmediate(resolve));
    }
  };
  // Two batches in flight per worker thread: when it finishes one, the next is already in its
  // queue, instead of waiting for this thread, busy with its own batch, to hand it one.
  const runners = pool.live.flatMap((thread) => [0, 1].map(() => run((batch) => there(thread, batch), false)));
  if (here) runners.push(run(here, true));
  if (runners.length === 0) throw new Error('No thread is left to do the work: every worker thread failed.');
  await Promise.all(runners);
  return results.flat();
}
