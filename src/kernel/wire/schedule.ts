// Publishing at a time: what the owner sends (a date and a time on the clocks in London), and what a
// change keeps (the instant it names, and what the scheduled run last found). The owner's words for
// it are schedule-words.ts, apart, so that a screen that only shows them carries no zod.
import { z } from 'zod';
import { ErrorWordsSchema } from './error-words.ts';

export const WallTimeSchema = z.strictObject({
  /** The day, as a date input gives it: YYYY-MM-DD. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is YYYY-MM-DD'),
  /** The time on the clocks in London, as a time input gives it: HH:MM. */
  time: z.string().regex(/^\d{2}:\d{2}$/, 'a time is HH:MM'),
});

/** POST /api/proposals/<id>/schedule: when to publish it, in London. */
export const ScheduleRequestSchema = WallTimeSchema;
export type ScheduleRequest = z.infer<typeof ScheduleRequestSchema>;

export const ScheduleSchema = z.strictObject({
  ...WallTimeSchema.shape,
  /** The instant the date and time name, ISO 8601 in UTC. */
  at: z.string(),
  /** Who set it: the admin's name, or email address. */
  by: z.string(),
  /**
   * What the scheduled run last found, once the time has come and it could not publish yet:
   * `waiting` (for the checks, which run again on the version live now) or `not-published` (the
   * checks failed, or the page changed on the site), in words.
   */
  note: z
    .strictObject({
      state: z.enum(['waiting', 'not-published']),
      at: z.string(),
      error: ErrorWordsSchema,
    })
    .optional(),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

/** How far ahead a change may be scheduled. */
export const MOST_DAYS_AHEAD = 366;
