// What one run of the schedule answers (src/functions/schedule/run.ts): the changes it published,
// and the ids of those it found due that wait for their checks or were not published. Netlify keeps
// no answer of a scheduled function; the local server's timer reads it to build the site again.
import { z } from 'zod';
import { ProposalSchema } from './proposals.ts';

export const ScheduleRunSchema = z.strictObject({
  published: z.array(ProposalSchema),
  waiting: z.array(z.string()),
  notPublished: z.array(z.string()),
});
export type ScheduleRun = z.infer<typeof ScheduleRunSchema>;
