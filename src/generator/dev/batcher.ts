// Turns bursts of file events into single rebuilds. Saving a file often fires
// several events (write, rename, chmod; a git checkout fires hundreds), and
// builds must never overlap: they write to the same output folder.

export interface Batch<T> {
  /** Every item added since the previous batch, in order. */
  items: T[];
  /** `now()` when the first of them arrived: where the rebuild time is measured from. */
  firstAt: number;
}

export interface Batcher<T> {
  add(item: T): void;
  /** Resolves once nothing is waiting or running. */
  idle(): Promise<void>;
  /** Drops what is waiting, stops taking items, and resolves when the running batch (if any) is done. */
  close(): Promise<void>;
}

export interface BatcherOptions<T> {
  /** Quiet time after the last item before a batch runs (a trailing debounce). */
  delayMs: number;
  run: (batch: Batch<T>) => Promise<void>;
  /** Called when `run` rejects; the batcher keeps going. */
  onError?: (error: unknown) => void;
  now?: () => number;
}

/**
 * Items are collected until `delayMs` pass without a new one, then `run` gets
 * them all at once. Items that arrive while a batch runs wait for it to finish
 * and then form the next batch, so at most one run is in progress and none is lost.
 */
export function createBatcher<T>(options: BatcherOptions<T>): Batcher<T> {
  const now = options.now ?? (() => performance.now());
  let pending: T[] = [];
  let firstAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  let idleWaiters: (() => void)[] = [];

  function settleIdle(): void {
    if (timer || running || pending.length > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function flush(): void {
    timer = undefined;
    if (running || closed) return; // the running batch picks these up when it ends
    if (pending.length === 0) return settleIdle();
    const batch: Batch<T> = { items: pending, firstAt };
    pending = [];
    running = (async () => {
      try {
        await options.run(batch);
      } catch (error) {
        options.onError?.(error);
      }
    })().finally(() => {
      running = undefined;
      // Items that came in during the run, and whose quiet time is already over, go now.
      if (!timer && !closed) flush();
      else settleIdle();
    });
  }

  return {
    add(item) {
      if (closed) return;
      if (pending.length === 0) firstAt = now();
      pending.push(item);
      clearTimeout(timer);
      timer = setTimeout(flush, options.delayMs);
    },
    idle() {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      pending = [];
      await running;
      settleIdle();
    },
  };
}
