// The scheduled function: every minute (UTC, as Netlify runs every schedule), it publishes the
// changes whose time has come, once their checks passed on the version that is live now
// (src/functions/schedule/run.ts). Netlify runs it on its schedule on the published deploy only
// (never on deploy previews), for at most 30 seconds, and takes no path for it. Locally, `npm
// start` runs the same module on the same schedule, on a timer (src/generator/server/schedule.ts).
import type { Config } from '@netlify/functions';
import { scheduledFromEnv } from '../../src/functions/setup.ts';

const run = scheduledFromEnv(process.env);

export default async (req: Request) => run(req);

export const config: Config = {
  schedule: '* * * * *',
};
