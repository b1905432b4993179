// The scheduled function's answer: one run of the schedule (run.ts) at the clock's time, as JSON.
// Netlify calls it on its cron with no request of interest (a body naming the next run) and keeps
// no answer; the local server's timer reads it to build the site again after publishing. A
// setting that is missing is answered 503 in words, like the other functions.
import { answering, json } from '../http.ts';
import { publishDue, type ScheduleBackend } from './run.ts';

export interface ScheduleSetup {
  backend: ScheduleBackend;
  clock: () => Date;
}

export const scheduledHandler =
  (
    setup: () => ScheduleSetup | Promise<ScheduleSetup>,
    log: (message: string) => void = console.error,
  ) =>
  (req: Request): Promise<Response> =>
    answering(
      req,
      async () => {
        const { backend, clock } = await setup();
        return json(200, await publishDue(backend, clock(), log));
      },
      { log },
    );
