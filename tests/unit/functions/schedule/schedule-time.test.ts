// The time an owner gives for publishing a change, as the API takes it or refuses it in words: the
// clocks in London on either side of both clock changes, a time past, a time more than a year ahead,
// and a day that does not exist.
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../../../src/functions/http.ts';
import { scheduleFor } from '../../../../src/functions/schedule/schedule-time.ts';

const BY = { uid: 'u1', name: 'Sam Owner' };
const NOW = new Date('2026-03-20T12:00:00Z');

function refusal(date: string, time: string, now = NOW) {
  try {
    scheduleFor({ date, time }, now, BY);
  } catch (error) {
    if (error instanceof ApiFailure) return { status: error.status, ...error.body.error };
  }
  throw new Error(`${date} ${time} was taken`);
}

describe('a time to publish at', () => {
  it('is kept as the owner chose it, with the instant it names on either side of a clock change', () => {
    expect(scheduleFor({ date: '2026-03-28', time: '09:00' }, NOW, BY)).toEqual({
      date: '2026-03-28',
      time: '09:00',
      at: '2026-03-28T09:00:00.000Z',
      by: 'Sam Owner',
    });
    expect(scheduleFor({ date: '2026-03-30', time: '09:00' }, NOW, BY).at).toBe(
      '2026-03-30T08:00:00.000Z',
    );
    expect(scheduleFor({ date: '2026-10-26', time: '09:00' }, NOW, BY).at).toBe(
      '2026-10-26T09:00:00.000Z',
    );
  });

  it('is refused in words in the hour the clocks skip, and in the hour they repeat', () => {
    expect(refusal('2026-03-29', '01:30')).toMatchObject({
      status: 400,
      code: 'clocks-skip',
      message:
        'Sunday 29 March at 01:30 does not happen in the UK: that night the clocks go forward from 01:00 to 02:00.',
      hint: 'Choose a time before 01:00, or from 02:00.',
    });
    expect(refusal('2026-10-25', '01:15')).toMatchObject({
      status: 400,
      code: 'clocks-repeat',
      message:
        'Sunday 25 October at 01:15 happens twice in the UK: that night the clocks go back from 02:00 to 01:00, so it could mean either.',
    });
  });

  it('is refused in words when it has passed, is more than a year ahead, or names a day that does not exist', () => {
    expect(refusal('2026-03-20', '11:59')).toMatchObject({
      status: 400,
      code: 'time-passed',
      message: 'Friday 20 March at 11:59 is already past, on the clocks in the UK.',
    });
    // Noon in London is noon UTC in March: the present minute is past too.
    expect(refusal('2026-03-20', '12:00')).toMatchObject({ code: 'time-passed' });
    expect(refusal('2027-03-22', '09:00')).toMatchObject({
      status: 400,
      code: 'time-too-far',
      message: 'Monday 22 March 2027 at 09:00 is more than a year from now.',
    });
    expect(refusal('2027-02-29', '09:00')).toMatchObject({
      status: 400,
      code: 'no-such-time',
      message: '2027-02-29 at 09:00 is not a date and time of the calendar.',
    });
  });
});
