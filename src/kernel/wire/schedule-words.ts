// The owner's words for a time to publish at ("Monday 2 December at 09:00"), made without Intl,
// which /admin avoids on its first render (src/apps/shared/format.ts), and without zod: a date's
// weekday does not depend on a time zone, and the date and time are London's as the owner chose them.
import type { WallTime } from '../schedule/london-time.ts';
import type { Schedule } from './schedule.ts';

/** A scheduled change published this long after its time, or later, says it was late. */
export const LATE_AFTER_MS = 5 * 60_000;

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "Monday 2 December at 09:00"; the year too ("… 2027 at 09:00") when it is not `thisYear`. */
export function wallTimeWords({ date, time }: WallTime, thisYear?: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = DAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${weekday} ${day} ${MONTHS[month - 1]}${year === thisYear ? '' : ` ${year}`} at ${time}`;
}

/** "7 minutes", "2 hours 5 minutes", "3 days 4 hours": how late, to the minute. */
export function lateness(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const unit = (count: number, one: string) =>
    count ? [`${count} ${one}${count === 1 ? '' : 's'}`] : [];
  if (minutes < 60) return unit(Math.max(minutes, 1), 'minute')[0]!;
  if (minutes < 24 * 60)
    return [...unit(Math.floor(minutes / 60), 'hour'), ...unit(minutes % 60, 'minute')].join(' ');
  return [
    ...unit(Math.floor(minutes / (24 * 60)), 'day'),
    ...unit(Math.floor((minutes % (24 * 60)) / 60), 'hour'),
  ].join(' ');
}

/**
 * How a change meant for a time was published: at its time, or late and why (the run that was
 * due did not happen, the site being down, or it waited for the checks).
 */
export function publishedAtWords(
  publishedAt: string,
  schedule: Pick<Schedule, 'at' | 'date' | 'time' | 'note'>,
  thisYear?: number,
): string {
  const late = Date.parse(publishedAt) - Date.parse(schedule.at);
  const when = wallTimeWords(schedule, thisYear);
  if (late < LATE_AFTER_MS) return `Published at its time, ${when}.`;
  const why =
    schedule.note?.state === 'waiting'
      ? 'it waited for the site’s checks to pass'
      : 'the scheduled run did not happen at its time (the site may have been down)';
  return `Published late, ${lateness(late)} after its time (${when}): ${why}.`;
}
