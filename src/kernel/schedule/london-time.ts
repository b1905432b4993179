// Europe/London wall-clock times, as an owner writes them ("2026-12-02", "09:00"), and the instants
// they name. The zone's rules are the platform's own (Intl, from the IANA time zone database that
// ICU carries), never a table of ours: a wall time becomes an instant by trying the offsets the
// zone has around it and keeping those that read back as the same wall time. None: the hour the
// clocks skip (the last Sunday of March); two: the hour they repeat (the last Sunday of October).
export const LONDON = 'Europe/London';

/** A date and a time on the clocks in London. */
export interface WallTime {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, 24-hour */
  time: string;
}

export type Instants =
  | { kind: 'one'; at: Date }
  /** The clocks skip this time (they go forward over it). */
  | { kind: 'skipped' }
  /** The clocks show this time twice (they go back over it): the earlier and the later instant. */
  | { kind: 'repeated'; at: readonly [Date, Date] }
  /** No such day (31 February) or time (25:00). */
  | { kind: 'no-such-time' };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let formatter: Intl.DateTimeFormat | undefined;
/** Made when first needed: the first formatter of a zone loads its data. */
const londonFormat = () =>
  (formatter ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: LONDON,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }));

/** The wall time in London at an instant (to the minute). */
export function londonWallTime(instant: Date): WallTime {
  const parts = Object.fromEntries(
    londonFormat()
      .formatToParts(instant)
      .map(({ type, value }) => [type, value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** The wall time's fields, when they name a real day and time of day. */
function fieldsOf({ date, time }: WallTime): number | undefined {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!day || !clock) return undefined;
  const [year, month, dayOfMonth, hour, minute] = [day[1], day[2], day[3], clock[1], clock[2]].map(
    Number,
  ) as [number, number, number, number, number];
  if (hour > 23 || minute > 59) return undefined;
  const asUtc = new Date(Date.UTC(year, month - 1, dayOfMonth, hour, minute));
  // Date.UTC rolls 31 February over into March: a day that does not exist does not read back.
  if (
    asUtc.getUTCFullYear() !== year ||
    asUtc.getUTCMonth() !== month - 1 ||
    asUtc.getUTCDate() !== dayOfMonth
  )
    return undefined;
  return asUtc.getTime();
}

/** How far London's clocks are ahead of UTC at an instant, in ms. */
const offsetAt = (instant: number): number => {
  const whole = Math.floor(instant / MINUTE) * MINUTE;
  return fieldsOf(londonWallTime(new Date(whole)))! - whole;
};

/** The instants a wall time in London names: one, none (the clocks skip it) or two (they repeat it). */
export function londonInstants(wall: WallTime): Instants {
  const asUtc = fieldsOf(wall);
  if (asUtc === undefined) return { kind: 'no-such-time' };
  // London's offset a day either side: the two it may have on that day (the same one, most days).
  const offsets = [...new Set([offsetAt(asUtc - DAY), offsetAt(asUtc + DAY)])];
  const found = offsets
    .map((offset) => asUtc - offset)
    .filter((candidate) => {
      const back = londonWallTime(new Date(candidate));
      return back.date === wall.date && back.time === wall.time;
    })
    .sort((a, b) => a - b)
    .map((candidate) => new Date(candidate));
  if (found.length === 0) return { kind: 'skipped' };
  if (found.length === 1) return { kind: 'one', at: found[0]! };
  return { kind: 'repeated', at: [found[0]!, found[1]!] };
}
