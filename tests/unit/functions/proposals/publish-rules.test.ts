// When a change may be published or given a time, as both backends, the proposals function and
// the scheduled run apply it: only an open change whose checks passed, every refusal in words;
// a time already set may be changed whatever the checks say now; a change is due from its time on.
import { describe, expect, it } from 'vitest';
import {
  assertMayPublish,
  dueChanges,
  isDue,
  publishRefusal,
  scheduleRefusal,
} from '../../../../src/functions/proposals/publish-rules.ts';
import type { Proposal } from '../../../../src/kernel/wire/proposals.ts';
import type { Schedule } from '../../../../src/kernel/wire/schedule.ts';

const schedule = (at: string): Schedule => ({
  date: at.slice(0, 10),
  time: at.slice(11, 16),
  at,
  by: 'Alex Admin',
});

const change = (over: Partial<Proposal> = {}): Proposal => ({
  id: '7',
  branch: 'content/about-20260101-0900',
  pages: [{ path: 'content/pages/about.md', page: 'About' }],
  summary: 'A new opening line',
  author: 'Alex Admin',
  created: '2026-01-01T09:00:00Z',
  updated: '2026-01-01T09:00:00Z',
  url: null,
  state: 'open',
  checks: { state: 'passed' },
  preview: { state: 'none' },
  local: true,
  ...over,
});

/** The refusal's code and message, or undefined when there is none. */
const said = (refusal: ReturnType<typeof publishRefusal>) =>
  refusal && {
    status: refusal.status,
    code: refusal.body.error.code,
    message: refusal.body.error.message,
  };

describe('publishing', () => {
  it('lets an open change whose checks passed be published', () => {
    expect(publishRefusal(change())).toBeUndefined();
    expect(() => assertMayPublish(change())).not.toThrow();
  });

  it('refuses a change already published or withdrawn, saying which', () => {
    expect(said(publishRefusal(change({ state: 'published' })))).toEqual({
      status: 409,
      code: 'proposal-closed',
      message: 'This proposal has already been published.',
    });
    expect(() => assertMayPublish(change({ state: 'withdrawn' }))).toThrow(
      /already been withdrawn/,
    );
  });

  it('refuses a change whose checks failed with their first problem, and one whose checks have not finished', () => {
    const failed = change({
      checks: { state: 'failed', firstProblem: 'content/pages/about.md, line 2: No title.' },
    });
    expect(said(publishRefusal(failed))).toMatchObject({
      code: 'checks-failed',
      message: expect.stringContaining(
        'The first problem: content/pages/about.md, line 2: No title.',
      ),
    });
    for (const state of ['waiting', 'running'] as const)
      expect(said(publishRefusal(change({ checks: { state } })))?.code).toBe('checks-waiting');
  });
});

describe('giving a change a time', () => {
  it('first needs the checks to have passed', () => {
    expect(scheduleRefusal(change())).toBeUndefined();
    expect(said(scheduleRefusal(change({ checks: { state: 'running' } })))?.code).toBe(
      'checks-waiting',
    );
  });

  it('lets a time already set be changed whatever the checks say now, but never on a closed change', () => {
    const timed = { schedule: schedule('2026-02-01T09:00:00Z') };
    expect(scheduleRefusal(change({ ...timed, checks: { state: 'running' } }))).toBeUndefined();
    expect(said(scheduleRefusal(change({ ...timed, state: 'published' })))?.code).toBe(
      'proposal-closed',
    );
  });
});

describe('the schedule', () => {
  const now = new Date('2026-02-01T09:00:00Z');

  it('finds a change due from its time on, and one without a time never', () => {
    expect(isDue({ schedule: schedule('2026-02-01T09:00:00Z') }, now)).toBe(true);
    expect(isDue({ schedule: schedule('2026-01-31T09:00:00Z') }, now)).toBe(true);
    expect(isDue({ schedule: schedule('2026-02-01T09:01:00Z') }, now)).toBe(false);
    expect(isDue({}, now)).toBe(false);
  });

  it('takes the due changes earliest first, at most the number given', () => {
    const open = [
      { id: 'late', schedule: schedule('2026-02-01T08:00:00Z') },
      { id: 'none' },
      { id: 'future', schedule: schedule('2026-02-02T08:00:00Z') },
      { id: 'early', schedule: schedule('2026-01-01T08:00:00Z') },
      { id: 'middle', schedule: schedule('2026-01-15T08:00:00Z') },
    ];
    expect(dueChanges(open, now, 10).map((one) => one.id)).toEqual(['early', 'middle', 'late']);
    expect(dueChanges(open, now, 2).map((one) => one.id)).toEqual(['early', 'middle']);
  });
});
