// Times on the clocks in London, as an owner writes them, and the instants they name: GMT in
// winter, BST (an hour ahead) in summer, the hour the clocks skip on the last Sunday of March and
// the hour they repeat on the last Sunday of October, and days the calendar does not have.
import { describe, expect, it } from 'vitest';
import { londonInstants, londonWallTime } from '../../../../src/kernel/schedule/london-time.ts';
import {
  lateness,
  publishedAtWords,
  wallTimeWords,
} from '../../../../src/kernel/wire/schedule-words.ts';

const at = (date: string, time: string) => londonInstants({ date, time });

describe('a time in London', () => {
  it('is UTC in winter and an hour ahead of it in summer', () => {
    expect(at('2026-12-02', '09:00')).toEqual({
      kind: 'one',
      at: new Date('2026-12-02T09:00:00Z'),
    });
    expect(at('2026-07-01', '09:00')).toEqual({
      kind: 'one',
      at: new Date('2026-07-01T08:00:00Z'),
    });
    expect(londonWallTime(new Date('2026-07-01T08:00:00Z'))).toEqual({
      date: '2026-07-01',
      time: '09:00',
    });
    expect(londonWallTime(new Date('2026-12-31T23:30:00Z'))).toEqual({
      date: '2026-12-31',
      time: '23:30',
    });
  });

  // The last Sunday of March: at 01:00 GMT the clocks go forward to 02:00 BST.
  it.each([['2026-03-29'], ['2027-03-28']])(
    'skips 01:00–01:59 on the last Sunday of March (%s), and takes the minutes either side',
    (day) => {
      expect(at(day, '00:59')).toMatchObject({ kind: 'one', at: new Date(`${day}T00:59:00Z`) });
      expect(at(day, '01:00')).toEqual({ kind: 'skipped' });
      expect(at(day, '01:30')).toEqual({ kind: 'skipped' });
      expect(at(day, '01:59')).toEqual({ kind: 'skipped' });
      expect(at(day, '02:00')).toEqual({ kind: 'one', at: new Date(`${day}T01:00:00Z`) });
    },
  );

  it.each([['2026-10-25'], ['2027-10-31']])(
    'repeats 01:00–01:59 on the last Sunday of October (%s): both instants, an hour apart',
    (day) => {
      expect(at(day, '00:59')).toMatchObject({ kind: 'one' });
      expect(at(day, '01:30')).toEqual({
        kind: 'repeated',
        at: [new Date(`${day}T00:30:00Z`), new Date(`${day}T01:30:00Z`)],
      });
      expect(at(day, '02:00')).toEqual({ kind: 'one', at: new Date(`${day}T02:00:00Z`) });
    },
  );

  it('is no time at all on a day the calendar does not have, or at an hour past 23:59', () => {
    expect(at('2027-02-29', '09:00')).toEqual({ kind: 'no-such-time' });
    expect(at('2028-02-29', '09:00')).toMatchObject({ kind: 'one' });
    expect(at('2026-04-31', '09:00')).toEqual({ kind: 'no-such-time' });
    expect(at('2026-12-02', '24:00')).toEqual({ kind: 'no-such-time' });
    expect(at('2026-12-02', '09:60')).toEqual({ kind: 'no-such-time' });
  });
});

describe("in the owner's words", () => {
  it('names the weekday, the day and the month, and the year only when it is not this one', () => {
    expect(wallTimeWords({ date: '2026-12-02', time: '09:00' }, 2026)).toBe(
      'Wednesday 2 December at 09:00',
    );
    expect(wallTimeWords({ date: '2024-12-02', time: '09:00' }, 2024)).toBe(
      'Monday 2 December at 09:00',
    );
    expect(wallTimeWords({ date: '2027-01-04', time: '18:30' }, 2026)).toBe(
      'Monday 4 January 2027 at 18:30',
    );
  });

  it('says a change published at its time so, and one published late how late and why', () => {
    const schedule = { date: '2026-12-02', time: '09:00', at: '2026-12-02T09:00:00.000Z' };
    expect(publishedAtWords('2026-12-02T09:00:40.000Z', schedule, 2026)).toBe(
      'Published at its time, Wednesday 2 December at 09:00.',
    );
    expect(publishedAtWords('2026-12-02T11:05:00.000Z', schedule, 2026)).toBe(
      'Published late, 2 hours 5 minutes after its time (Wednesday 2 December at 09:00): the scheduled run did not happen at its time (the site may have been down).',
    );
    const waited = {
      ...schedule,
      note: {
        state: 'waiting' as const,
        at: '2026-12-02T09:00:30.000Z',
        error: { code: 'checks-again', title: 'The checks are running again', message: '…' },
      },
    };
    expect(publishedAtWords('2026-12-02T09:12:00.000Z', waited, 2026)).toBe(
      'Published late, 12 minutes after its time (Wednesday 2 December at 09:00): it waited for the site’s checks to pass.',
    );
    expect(lateness(3 * 24 * 3600_000 + 4 * 3600_000)).toBe('3 days 4 hours');
  });
});
