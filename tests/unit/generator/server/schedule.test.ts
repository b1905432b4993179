// The scheduled functions in the local server (src/generator/server/schedule.ts): a module whose
// config has a schedule is called on it, as Netlify calls it (a POST naming the next run), when the
// clock passes a run; runs skipped over (the clock moved a day ahead, the server stopped) are one
// run, at once; what the run published is told to the server, which builds the site again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FunctionModule } from '../../../../src/generator/server/functions.ts';
import { runSchedules } from '../../../../src/generator/server/schedule.ts';
import type { Proposal } from '../../../../src/kernel/wire/proposals.ts';

const published = {
  id: 'about-20301202-0900',
  branch: 'content/about-20301202-0900',
  pages: [{ path: 'content/pages/about.md', page: 'About', route: '/about' }],
  summary: 'New prices',
  author: 'Sam',
  created: '2030-12-01T09:00:00Z',
  updated: '2030-12-02T09:00:10Z',
  url: null,
  state: 'published',
  checks: { state: 'passed' },
  preview: { state: 'none' },
  local: true,
  published: { commit: 'a'.repeat(40), at: '2030-12-02T09:00:10Z' },
} satisfies Proposal;

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('the local schedule', () => {
  it('calls a scheduled function once the clock passes a run, once for runs skipped over, and tells what it published', async () => {
    const clock = { now: new Date('2030-12-02T08:58:30Z') };
    const bodies: unknown[] = [];
    const scheduled: FunctionModule = {
      config: { schedule: '* * * * *' },
      default: async (req) => {
        bodies.push({ method: req.method, ...((await req.json()) as object) });
        return Response.json({ published: [published], waiting: [], notPublished: [] });
      },
    };
    const routed: FunctionModule = {
      config: { path: '/api/x' },
      default: vi.fn<FunctionModule['default']>(async () => new Response('')),
    };
    const onPublished = vi.fn<(proposal: Proposal) => void>();
    ({ stop } = runSchedules({
      modules: { scheduled: async () => scheduled, routed: async () => routed },
      clock: () => clock.now,
      onPublished,
      tickMs: 5,
      logger: { log: () => {}, error: () => {} },
    }));

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bodies).toEqual([]);
    // A day ahead: the minutes in between are one run, now.
    clock.now = new Date('2030-12-03T09:00:20Z');
    await expect.poll(() => bodies.length).toBe(1);
    expect(bodies[0]).toEqual({ method: 'POST', next_run: '2030-12-03T09:01:00.000Z' });
    expect(onPublished).toHaveBeenCalledWith(published);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bodies).toHaveLength(1);
    expect(routed.default).not.toHaveBeenCalled();
  });
});
