import { describe, expect, it } from 'vitest';
import { formatBytes, formatTime, plural } from '../../../../src/apps/shared/format.ts';

describe('formatTime', () => {
  // What the admin screen wrote when it used Intl: the hand-written formatter must read the same.
  const intl = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

  it('writes a time as en-GB short date and time, in the local time zone', () => {
    expect(formatTime(new Date(2026, 10, 24, 16, 9).toISOString())).toBe('24 Nov 2026, 16:09');
    expect(formatTime(new Date(2027, 0, 1, 0, 0).toISOString())).toBe('1 Jan 2027, 00:00');
  });

  it('agrees with Intl.DateTimeFormat en-GB on every month and across a day', () => {
    for (let month = 0; month < 12; month += 1) {
      for (const [day, hour, minute] of [
        [1, 0, 0],
        [9, 9, 5],
        [28, 12, 30],
        [15, 23, 59],
      ] as const) {
        const time = new Date(2026, month, day, hour, minute);
        expect(formatTime(time.toISOString())).toBe(intl.format(time));
      }
    }
  });

  it('gives back text that is not a date as it is', () => {
    expect(formatTime('not yet')).toBe('not yet');
  });
});

describe('formatBytes and plural', () => {
  it('write sizes in bytes, KB and MB of 1,000', () => {
    expect([formatBytes(870), formatBytes(27_000), formatBytes(2_400_000)]).toEqual([
      '870 bytes',
      '27.0 KB',
      '2.4 MB',
    ]);
  });

  it('counts one and many', () => {
    expect([plural(1, 'page'), plural(3, 'page'), plural(2, 'entry', 'entries')]).toEqual([
      '1 page',
      '3 pages',
      '2 entries',
    ]);
  });
});
