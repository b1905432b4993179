import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBatcher, type Batch } from '../../../../src/generator/dev/batcher.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A `run` whose calls are recorded and which finishes only when told to. */
function controlledRun() {
  const batches: Batch<string>[] = [];
  const finishers: (() => void)[] = [];
  const run = vi.fn<(batch: Batch<string>) => Promise<void>>((batch) => {
    batches.push(batch);
    return new Promise<void>((resolve) => finishers.push(resolve));
  });
  return { run, batches, finish: () => finishers.shift()?.() };
}

describe('createBatcher', () => {
  it('merges a burst of events into one run, after the quiet time', async () => {
    let clock = 1000;
    const { run, batches, finish } = controlledRun();
    const batcher = createBatcher<string>({ delayMs: 50, run, now: () => clock });

    for (const file of ['a.md', 'a.md', 'b.md', 'c.tsx', 'a.md']) {
      batcher.add(file);
      clock += 10;
      await vi.advanceTimersByTimeAsync(10); // each event comes before the quiet time is over
    }
    expect(run).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(50);
    expect(run).toHaveBeenCalledTimes(1);
    expect(batches[0]).toEqual({ items: ['a.md', 'a.md', 'b.md', 'c.tsx', 'a.md'], firstAt: 1000 });

    finish();
    await batcher.idle();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('never overlaps runs: events during a run form one more run after it', async () => {
    const { run, batches, finish } = controlledRun();
    const batcher = createBatcher<string>({ delayMs: 50, run });

    batcher.add('first.md');
    await vi.advanceTimersByTimeAsync(60);
    expect(run).toHaveBeenCalledTimes(1);

    batcher.add('second.md');
    await vi.advanceTimersByTimeAsync(60);
    batcher.add('third.md');
    await vi.advanceTimersByTimeAsync(60);
    expect(run).toHaveBeenCalledTimes(1); // still running the first

    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(2);
    expect(batches[1]!.items).toEqual(['second.md', 'third.md']);
    finish();
    await batcher.idle();
  });

  it('keeps going after a failed run', async () => {
    const errors: unknown[] = [];
    const run = vi.fn<(batch: Batch<string>) => Promise<void>>(async (batch) => {
      if (batch.items.includes('bad')) throw new Error('boom');
    });
    const batcher = createBatcher<string>({
      delayMs: 50,
      run,
      onError: (error) => errors.push(error),
    });
    batcher.add('bad');
    await vi.advanceTimersByTimeAsync(60);
    batcher.add('good');
    await vi.advanceTimersByTimeAsync(60);
    await batcher.idle();
    expect(run).toHaveBeenCalledTimes(2);
    expect(errors).toHaveLength(1);
  });

  it('drops waiting events on close and waits for the running batch', async () => {
    const { run, finish } = controlledRun();
    const batcher = createBatcher<string>({ delayMs: 50, run });
    batcher.add('a');
    await vi.advanceTimersByTimeAsync(60);
    batcher.add('b');
    let closed = false;
    const closing = batcher.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(closed).toBe(false);
    finish();
    await closing;
    batcher.add('c');
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
