// The scheduled functions, locally: `npm start` runs each function of netlify/functions/ whose
// `config.schedule` is a cron expression on that schedule, in UTC as Netlify runs it (croner
// reads the expression), calling the same module Netlify calls, with the body Netlify sends
// (`next_run`). The clock is the functions' own (LOCAL_CLOCK_FILE can move it ahead: a test then
// sees a run as soon as the moved time passes one). Runs missed while the server was stopped, or
// skipped over by a moved clock, are one run, at once. One run of a function at a time. A change
// the run published is told to the server, which builds the site again.
import { Cron } from 'croner';
import { ScheduleRunSchema } from '../../kernel/wire/schedule-run.ts';
import {
  contextOf,
  givenEnvironment,
  notePublished,
  parsedBody,
  PROJECT_FUNCTIONS,
  type FunctionModule,
  type FunctionRoutesOptions,
} from './functions.ts';

export interface ScheduleOptions extends Pick<
  FunctionRoutesOptions,
  'modules' | 'ready' | 'env' | 'onPublished'
> {
  clock: () => Date;
  logger?: { log(message: string): void; error(message: string): void };
  /** How often the clock is read, in ms. */
  tickMs?: number;
}

interface Scheduled {
  name: string;
  module: FunctionModule;
  cron: Cron;
  next: Date | null;
  running: boolean;
}

/** Starts the timers once the local services are ready; `stop` ends them (a run under way finishes). */
export function runSchedules(options: ScheduleOptions): { stop(): void } {
  const { clock, logger = console, tickMs = 1000 } = options;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const start = async () => {
    await givenEnvironment(options);
    const loaded = await Promise.all(
      Object.entries(options.modules ?? PROJECT_FUNCTIONS).map(async ([name, load]) => ({
        name,
        module: await load(),
      })),
    );
    const scheduled: Scheduled[] = loaded.flatMap(({ name, module }) => {
      const pattern = module.config?.schedule;
      if (!pattern) return [];
      const cron = new Cron(pattern, { timezone: 'UTC', paused: true });
      return [{ name, module, cron, next: cron.nextRun(clock()), running: false }];
    });
    if (stopped || scheduled.length === 0) return;
    timer = setInterval(() => {
      const now = clock();
      for (const one of scheduled)
        if (!one.running && one.next && now >= one.next) void runOnce(one, now);
    }, tickMs);
    timer.unref();
  };
  const runOnce = async (one: Scheduled, now: Date) => {
    one.running = true;
    one.next = one.cron.nextRun(now);
    try {
      await givenEnvironment(options);
      const url = new URL(`http://localhost/.netlify/functions/${one.name}`);
      const request = new Request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ next_run: one.next?.toISOString() }),
      });
      const response = await one.module.default(
        request,
        contextOf({ url, params: {}, cookie: '', ip: '127.0.0.1' }),
      );
      const report = ScheduleRunSchema.safeParse(
        parsedBody(Buffer.from(await response.arrayBuffer())),
      );
      if (!response.ok || !report.success)
        return logger.error(
          `The scheduled function ${one.name} answered ${response.status}: it runs again at ${one.next?.toISOString() ?? 'no later time'}.`,
        );
      for (const published of report.data.published)
        logger.log(
          `Published at its time: “${published.summary}” (${published.pages.map((page) => page.path).join(', ')}).`,
        );
      notePublished(report.data.published, options);
    } catch (error) {
      logger.error(
        `The scheduled function ${one.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    } finally {
      one.running = false;
    }
  };
  void start().catch((error: unknown) =>
    logger.error(`The scheduled functions could not start: ${String(error)}`),
  );
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
