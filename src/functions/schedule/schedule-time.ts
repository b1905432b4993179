// The time an owner gives for publishing a change, in London, as the change keeps it: the instant
// it names, or the reason there is none, in words. Refused: a day or time the calendar does not
// have, a time already past or more than a year ahead, and the hours the clocks skip or repeat.
// An hour the clocks repeat (01:00–01:59 on the last Sunday of October) names two instants an
// hour apart, and one the clocks skip (01:00–01:59 on the last Sunday of March) names none:
// rather than guess which the owner meant, the owner is asked for another time.
import { londonInstants, londonWallTime } from '../../kernel/schedule/london-time.ts';
import {
  MOST_DAYS_AHEAD,
  type Schedule,
  type ScheduleRequest,
} from '../../kernel/wire/schedule.ts';
import { wallTimeWords } from '../../kernel/wire/schedule-words.ts';
import type { Caller } from '../auth.ts';
import { failure } from '../http.ts';

const DAY_MS = 24 * 60 * 60_000;

export function scheduleFor(wall: ScheduleRequest, now: Date, by: Caller): Schedule {
  const found = londonInstants(wall);
  if (found.kind === 'no-such-time') throw failure('no-such-time', `${wall.date} at ${wall.time}`);
  const words = wallTimeWords(wall, Number(londonWallTime(now).date.slice(0, 4)));
  if (found.kind === 'skipped') throw failure('clocks-skip', words);
  if (found.kind === 'repeated') throw failure('clocks-repeat', words);
  if (found.at.getTime() <= now.getTime()) throw failure('time-passed', words);
  if (found.at.getTime() - now.getTime() > MOST_DAYS_AHEAD * DAY_MS)
    throw failure('time-too-far', words);
  return { date: wall.date, time: wall.time, at: found.at.toISOString(), by: by.name };
}
